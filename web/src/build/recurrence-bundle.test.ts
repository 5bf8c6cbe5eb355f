// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, createLogger, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import type { Recurrence } from '@sideline/domain';
import * as inNode from '@sideline/domain/calendar/recurrence';

const recurrenceSource = fileURLToPath(new URL('../../../domain/src/calendar/recurrence.ts', import.meta.url));

/**
 * The web app bundles the domain package with Vite, which resolves rrule to its ES module; Node
 * (the server, tsx, tests) loads rrule's UMD build. The recurrence module must build without a
 * warning and expand the same occurrences both ways.
 */
describe('the recurrence module as the web build bundles it', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('bundles without a warning and expands the same occurrences as in Node', async () => {
    const warnings: string[] = [];
    const logger = createLogger('warn');
    const output = (await build({
      configFile: false,
      logLevel: 'warn',
      customLogger: {
        ...logger,
        warn: (message) => warnings.push(message),
        warnOnce: (message) => warnings.push(message),
      },
      build: {
        write: false,
        minify: false,
        lib: { entry: recurrenceSource, formats: ['es'], fileName: 'recurrence' },
      },
    })) as Rolldown.RolldownOutput[];
    expect(warnings).toEqual([]);

    dir = await mkdtemp(path.join(tmpdir(), 'sideline-recurrence-'));
    const file = path.join(dir, 'recurrence.mjs');
    const chunk = output[0]!.output.find((o) => o.type === 'chunk')!;
    // The bundle carries rrule's ES module, not the UMD build Node would load.
    expect(chunk.moduleIds.some((id) => id.includes('rrule/dist/esm/'))).toBe(true);
    await writeFile(file, chunk.code);
    const bundled = (await import(pathToFileURL(file).href)) as typeof inNode;

    // Weekly on Monday and Thursday at 18:00 in New York, across the November change to EST.
    const recurrence: Recurrence = {
      type: 'weekly',
      interval: 1,
      days: ['monday', 'thursday'],
      endDate: null,
      endCount: null,
    };
    const startsAt = new Date('2026-10-26T22:00:00Z');
    const args = [recurrence, startsAt, 'America/New_York', { limit: 6 }] as const;
    const expected = inNode.expandOccurrences(...args).map((d) => d.toISOString());
    expect(expected).toEqual([
      '2026-10-26T22:00:00.000Z',
      '2026-10-29T22:00:00.000Z',
      '2026-11-02T23:00:00.000Z',
      '2026-11-05T23:00:00.000Z',
      '2026-11-09T23:00:00.000Z',
      '2026-11-12T23:00:00.000Z',
    ]);
    expect(bundled.expandOccurrences(...args).map((d) => d.toISOString())).toEqual(expected);
    expect(bundled.toRRuleValue(recurrence)).toBe(inNode.toRRuleValue(recurrence));
  });
});
