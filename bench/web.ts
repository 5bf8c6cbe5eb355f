/// <reference lib="dom" />
// The functions passed to page.evaluate / addInitScript run in the browser.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { createInProcessBus } from '@sideline/infra';
import { createTestDatabase } from '@sideline/infra/testing';
import { allMigrations } from '../command-api/src/migrations.ts';
import { seedDemo } from '../command-api/src/seed/demo-seed.ts';
import { startBenchServer } from './bench-server.ts';

const CHROMIUM = '/usr/bin/chromium';
const LOADS = Number(process.env.WEB_BENCH_LOADS ?? 5);
// WEB_BENCH_DIST: another build to measure (say, an earlier commit's), served the same way.
const webDist = process.env.WEB_BENCH_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist');

/**
 * A mid-range phone on a field's signal (Lighthouse's mobile profile): 4× CPU slowdown, 150 ms
 * round trips, 1.6 Mbit/s down and 750 kbit/s up.
 */
const THROTTLED = { cpuRate: 4, latencyMs: 150, downBytesPerS: 1_600_000 / 8, upBytesPerS: 750_000 / 8 };

type Person = 'parent' | 'admin';

/** Every screen of the router (web/src/app/router.tsx), as the person who may open it. */
const ROUTES: ReadonlyArray<{ label: string; path: (ids: DemoIds) => string; as: Person | null }> = [
  { label: 'sign-in `/auth`', path: () => '/auth', as: null },
  { label: 'signed out `/`', path: () => '/', as: null },
  { label: 'invitation `/invite/…`', path: () => '/invite/not-a-real-token', as: null },
  { label: 'Home `/`', path: () => '/', as: 'parent' },
  { label: 'Teams `/teams`', path: () => '/teams', as: 'parent' },
  { label: 'a team `/team/…`', path: (ids) => `/team/${ids.teamId}`, as: 'parent' },
  { label: 'Create team `/create-team`', path: () => '/create-team', as: 'parent' },
  { label: 'Chat `/chat`', path: () => '/chat', as: 'parent' },
  { label: 'Events `/events`', path: () => '/events', as: 'parent' },
  { label: 'Media `/media`', path: () => '/media', as: 'parent' },
  { label: 'Rewards `/gamification`', path: () => '/gamification', as: 'parent' },
  { label: 'Settings `/settings`', path: () => '/settings', as: 'parent' },
  { label: 'Sports `/sports-demo`', path: () => '/sports-demo', as: 'parent' },
  { label: 'Livestream `/livestream`', path: () => '/livestream', as: 'admin' },
  { label: 'Matches `/matches`', path: () => '/matches', as: 'admin' },
  { label: 'Seasons `/seasons`', path: () => '/seasons', as: 'admin' },
  { label: 'a season `/seasons/…/teams`', path: (ids) => `/seasons/${ids.seasonId}/teams`, as: 'admin' },
  { label: 'Club admin `/org-admin`', path: () => '/org-admin', as: 'admin' },
  { label: 'Admin portal `/admin`', path: () => '/admin', as: 'admin' },
  { label: 'not found `/no-such-page`', path: () => '/no-such-page', as: 'parent' },
];

interface DemoIds {
  teamId: string;
  seasonId: string;
}

interface ScriptBytes {
  bytes: number;
  files: number;
  urls: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Counts the JavaScript the page itself fetches over the network, as it crossed the wire
 * (compressed, headers included). Files answered by the service worker or the HTTP cache cost
 * nothing on the wire and are not counted; the service worker's own background precaching is
 * another target's traffic and is reported apart (`precachedBytes`).
 */
async function trackScripts(cdp: CDPSession): Promise<() => ScriptBytes> {
  await cdp.send('Network.enable');
  const scripts = new Map<string, string>();
  let bytes = 0;
  const urls: string[] = [];
  const sizes: string[] = [];
  cdp.on('Network.responseReceived', (event) => {
    const fromCache = event.response.fromDiskCache || event.response.fromServiceWorker;
    if (event.type === 'Script' && !fromCache) scripts.set(event.requestId, event.response.url);
  });
  cdp.on('Network.loadingFinished', (event) => {
    const url = scripts.get(event.requestId);
    if (url === undefined) return;
    bytes += event.encodedDataLength;
    urls.push(new URL(url).pathname);
    sizes.push(`${new URL(url).pathname.replace('/assets/', '')} ${(event.encodedDataLength / 1024).toFixed(1)}`);
  });
  return () => ({ bytes, files: urls.length, urls: [...sizes] });
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED.cpuRate });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLED.latencyMs,
    downloadThroughput: THROTTLED.downBytesPerS,
    uploadThroughput: THROTTLED.upBytesPerS,
  });
}

/** Records Largest Contentful Paint candidates from the start of every document. */
async function observeLcp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: { at: number; element: string } };
    w.__lcp = { at: 0, element: '' };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>) {
        const element = entry.element;
        w.__lcp = {
          at: entry.startTime,
          element: element ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 30)}"` : '',
        };
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // Code loaded after the first paint (toasts, menus, the live connection) starts a moment later.
  await page.waitForTimeout(500);
  await page.waitForLoadState('networkidle');
}

async function signIn(context: BrowserContext, url: string, who: Person): Promise<void> {
  const response = await context.request.post(`${url}/api/login`, {
    headers: { origin: url },
    data: { email: `${who}@sideline.demo`, password: 'sideline-demo' },
  });
  if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
}

/** Whether a service worker controls the page, and how much it precached (bytes on the wire). */
async function serviceWorkerState(page: Page): Promise<{ controlled: boolean }> {
  return page.evaluate(() => ({ controlled: navigator.serviceWorker?.controller != null }));
}

async function waitForServiceWorker(page: Page): Promise<boolean> {
  const has = await page.evaluate(() => 'serviceWorker' in navigator && document.querySelector('link[rel="manifest"]'));
  if (!has) return false;
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller != null, undefined, { timeout: 30_000 });
    // The worker activates once its precache is complete.
    return true;
  } catch {
    return false;
  }
}

/** One cold load per route (a fresh context: empty HTTP cache, no service worker). */
async function scriptsPerRoute(browser: Browser, url: string, ids: DemoIds): Promise<string[]> {
  const lines = ['| screen | JavaScript on the wire | files |', '|---|---|---|'];
  let worst = 0;
  for (const route of ROUTES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (route.as) await signIn(context, url, route.as);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const scripts = await trackScripts(cdp);
    await page.goto(`${url}${route.path(ids)}`, { waitUntil: 'load' });
    await settle(page);
    const { bytes, files, urls } = scripts();
    if (process.env.WEB_BENCH_FILES) console.log(route.label, urls.join(', '));
    worst = Math.max(worst, bytes);
    const landed = new URL(page.url()).pathname;
    const note = landed === route.path(ids) ? '' : ` (landed on \`${landed}\`)`;
    lines.push(`| ${route.label}${note} | ${kb(bytes)} | ${files} |`);
    await context.close();
  }
  lines.push('', `Largest: ${kb(worst)} (budget 170 KB).`);
  return lines;
}

interface HomeLoad {
  lcpMs: number;
  element: string;
  scriptBytes: number;
}

/**
 * Waits for Home's "This Week" heading by asking the page itself: Playwright's own locators
 * inject a script of several hundred KB into the page, whose compile on a 4× slowed CPU would be
 * counted in the paint being measured.
 */
async function homeShown(page: Page): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await page.evaluate(() => document.body.textContent?.includes('This Week') ?? false))) {
    if (Date.now() > deadline) throw new Error('Home did not show "This Week" within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function loadHome(page: Page, url: string): Promise<HomeLoad> {
  const cdp = await page.context().newCDPSession(page);
  await throttle(cdp);
  const scripts = await trackScripts(cdp);
  await page.goto(`${url}/`, { waitUntil: 'load' });
  await homeShown(page);
  await settle(page);
  const lcp = await page.evaluate(() => (window as unknown as { __lcp: { at: number; element: string } }).__lcp);
  await cdp.detach();
  return { lcpMs: lcp.at, element: lcp.element, scriptBytes: scripts().bytes };
}

/**
 * Home on the throttled profile: a cold load (fresh context), then a repeat visit in the same
 * context once the service worker (when the build has one) controls the page.
 */
async function homeLcp(browser: Browser, url: string): Promise<string[]> {
  const cold: HomeLoad[] = [];
  const repeat: HomeLoad[] = [];
  let controlled = false;
  for (let i = 0; i < LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await signIn(context, url, 'parent');
    const first = await context.newPage();
    await observeLcp(first);
    cold.push(await loadHome(first, url));
    const hasWorker = await waitForServiceWorker(first);
    await first.close();
    const second = await context.newPage();
    await observeLcp(second);
    repeat.push(await loadHome(second, url));
    controlled = hasWorker && (await serviceWorkerState(second)).controlled;
    await context.close();
  }
  const row = (label: string, loads: HomeLoad[]) => {
    const lcps = loads.map((l) => l.lcpMs);
    return `| ${label} | ${median(lcps).toFixed(0)} | ${Math.min(...lcps).toFixed(0)}–${Math.max(...lcps).toFixed(0)} | ${kb(median(loads.map((l) => l.scriptBytes)))} | ${loads[0]!.element || 'replaced since it painted (the kept picture of Home)'} |`;
  };
  return [
    `Home (\`/\`, the demo parent) at 390×844 with ${THROTTLED.cpuRate}× CPU slowdown, ${THROTTLED.latencyMs} ms latency, ${(THROTTLED.downBytesPerS * 8) / 1e6} Mbit/s down; ${LOADS} loads, goal LCP ≤ 2,500 ms cold and ≤ 1,000 ms repeat.`,
    '',
    '| load | LCP ms (median) | range | JavaScript on the wire | largest element |',
    '|---|---|---|---|---|',
    row('cold', cold),
    row(controlled ? 'repeat (service worker)' : 'repeat (HTTP cache, no service worker)', repeat),
  ];
}

/**
 * `npm run bench -- web`: the built app served by Sideline on loopback (embedded database, the
 * demo club), in headless Chromium at 390×844: the JavaScript a cold load of each screen downloads,
 * and Home's Largest Contentful Paint on a throttled phone profile, cold and repeat.
 */
export async function benchWeb(): Promise<void> {
  if (!existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build:web');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed (apt-get install chromium)`);
  const database = await createTestDatabase(allMigrations);
  const bus = createInProcessBus();
  const { server, url, close: closeServer } = await startBenchServer(database, bus, {}, { webDist });
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
    const demo = await seedDemo(server.app, database.db);
    if (!demo) throw new Error('the demo club could not be seeded');
    const ids = await demoIds(browser, url);
    const only = process.env.WEB_BENCH_PARTS?.split(',') ?? ['routes', 'home'];
    if (only.includes('routes')) {
      console.log('Cold load of every screen at 390×844, loopback, no throttling: compressed JavaScript.\n');
      for (const line of await scriptsPerRoute(browser, url, ids)) console.log(line);
      console.log('');
    }
    if (only.includes('home')) for (const line of await homeLcp(browser, url)) console.log(line);
  } finally {
    await browser.close();
    await closeServer();
    await bus.close();
    await database.close();
  }
}

async function demoIds(browser: Browser, url: string): Promise<DemoIds> {
  const get = async <T>(who: Person, p: string) => {
    const context = await browser.newContext();
    await signIn(context, url, who);
    const answer = (await (await context.request.get(`${url}${p}`)).json()) as T;
    await context.close();
    return answer;
  };
  const teams = await get<Array<{ id: string; name: string }>>('parent', '/api/teams');
  const seasons = await get<Array<{ id: string }>>('admin', '/api/seasons');
  return { teamId: teams.find((t) => t.name === 'Riverside Hawks')!.id, seasonId: seasons[0]!.id };
}
