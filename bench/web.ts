/// <reference lib="dom" />
// The functions passed to page.evaluate / addInitScript run in the browser.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { createInProcessBus, createLogger, createPostgresEventStore, loadConfig } from '@sideline/infra';
import { createTestDatabase } from '@sideline/infra/testing';
import { createPasswordHasher } from '../command-api/src/identity/passwords.ts';
import { allMigrations } from '../command-api/src/migrations.ts';
import { seedDemo } from '../command-api/src/seed/demo-seed.ts';
import { createSidelineServer } from '../command-api/src/server.ts';

const CHROMIUM = '/usr/bin/chromium';
const LOADS = Number(process.env.WEB_BENCH_LOADS ?? 5);
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');

interface Load {
  lcpMs: number;
  transferBytes: number;
  scriptBytes: number;
  requests: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * One cold load (a fresh browser context: empty cache) of `url`, until `ready` is on screen:
 * Largest Contentful Paint, and the bytes that crossed the wire (compressed sizes, headers
 * included) for the document and everything it fetched.
 */
async function coldLoad(context: BrowserContext, url: string, ready: string): Promise<Load> {
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.getByText(ready, { exact: true }).first().waitFor();
  await page.waitForLoadState('networkidle');
  // LCP is final once the page has been interacted with or hidden; reading it now is the same.
  const result = await page.evaluate(() => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    return {
      lcpMs: (window as unknown as { __lcp: number }).__lcp,
      transferBytes: entries.reduce((sum, e) => sum + e.transferSize, 0),
      scriptBytes: entries
        .filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js'))
        .reduce((sum, e) => sum + e.transferSize, 0),
      requests: entries.length,
    };
  });
  await page.close();
  return result;
}

async function measure(
  browser: Browser,
  label: string,
  url: string,
  ready: string,
  signIn?: (context: BrowserContext) => Promise<void>,
): Promise<string> {
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (signIn) await signIn(context);
    loads.push(await coldLoad(context, url, ready));
    await context.close();
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return `| ${label} | ${median(loads.map((l) => l.lcpMs)).toFixed(0)} | ${kb(median(loads.map((l) => l.transferBytes)))} | ${kb(median(loads.map((l) => l.scriptBytes)))} | ${median(loads.map((l) => l.requests))} |`;
}

/**
 * `npm run bench -- web`: the sign-in screen and Home as a phone loads them cold from Sideline on
 * loopback (built app, embedded database, the demo team), in headless Chromium; median of 5.
 */
export async function benchWeb(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build:web');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed (apt-get install chromium)`);
  const database = await createTestDatabase(allMigrations);
  const eventStore = createPostgresEventStore(database);
  const bus = createInProcessBus();
  const server = await createSidelineServer({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    eventStore,
    bus,
    logger: createLogger({ level: 'silent' }),
    passwords: createPasswordHasher(10),
    webDist,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const url = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
    const demo = await seedDemo(server.app, database.db);
    if (!demo) throw new Error('the demo team could not be seeded');
    const signIn = async (context: BrowserContext) => {
      const response = await context.request.post(`${url}/api/login`, {
        headers: { origin: url },
        data: { email: 'parent@sideline.demo', password: 'sideline-demo' },
      });
      if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
    };
    console.log(`${LOADS} cold loads each at 390×844, loopback; medians.\n`);
    console.log('| screen | LCP ms | total transfer | of it JavaScript | requests |');
    console.log('|---|---|---|---|---|');
    console.log(await measure(browser, 'sign-in (/auth)', `${url}/auth`, 'Join Sideline'));
    console.log(await measure(browser, 'Home (/), signed in', `${url}/`, 'This Week', signIn));
  } finally {
    await browser.close();
    await server.close();
    await eventStore.close();
    await bus.close();
    await database.close();
  }
}
