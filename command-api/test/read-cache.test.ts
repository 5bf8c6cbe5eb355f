import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTeamEvents, ReadModelVersions, teamScope } from '@sideline/projections';
import { defaultWindowChangesAt } from '../src/calendar/calendar-routes.ts';
import { nextUtcMidnight } from '../src/http/cached-read-rules.ts';
import { ReadCache } from '../src/http/read-cache.ts';
import { readJson, signUp } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const DAY = 86_400_000;

describe('read cache', () => {
  function cache(maxBytes?: number) {
    let now = 1_000_000;
    const versions = new ReadModelVersions();
    const reads = new ReadCache(versions, { now: () => now, ...(maxBytes ? { maxBytes } : {}) });
    return { reads, versions, advance: (ms: number) => (now += ms), now: () => now };
  }
  const entry = (stamp: number, body: string, expiresAt: number | null = null) => ({
    stamp,
    scopes: [teamScope('a')],
    expiresAt,
    bytes: body.length,
    body,
    etag: '"e"',
  });

  it('serves an answer until its time is up', () => {
    const { reads, versions, advance, now } = cache();
    reads.store('k', entry(versions.stamp(), '[1]', now() + 1000));
    advance(999);
    expect(reads.lookup('k')?.body).toBe('[1]');
    advance(1);
    expect(reads.lookup('k')).toBeNull();
  });

  it('never keeps an answer read across a change of its team', () => {
    const { reads, versions } = cache();
    const stamp = versions.stamp();
    versions.changed({ teams: ['a'], users: [] });
    reads.store('k', entry(stamp, '[1]'));
    expect(reads.lookup('k')).toBeNull();
    reads.store('k', entry(versions.stamp(), '[2]'));
    expect(reads.lookup('k')?.body).toBe('[2]');
  });

  it('remembers looked-up values (memberships) until their team changes', async () => {
    const { reads, versions } = cache();
    let loads = 0;
    const role = () => reads.memo('member a u', [teamScope('a')], async () => (++loads, 'parent'));
    expect([await role(), await role()]).toEqual(['parent', 'parent']);
    expect(loads).toBe(1);
    versions.changed({ teams: ['b'], users: [] });
    await role();
    expect(loads).toBe(1);
    versions.changed({ teams: ['a'], users: [] });
    await role();
    expect(loads).toBe(2);
  });

  it('drops the oldest answers beyond its size', () => {
    const { reads, versions } = cache(16 * 100);
    for (let i = 0; i < 20; i++) reads.store(`k${i}`, entry(versions.stamp(), 'x'.repeat(90)));
    expect(reads.lookup('k0')).toBeNull();
    expect(reads.lookup('k19')?.body).toHaveLength(90);
    expect(reads.size).toBeLessThanOrEqual(17);
  });

  it('lets /api/user answers lapse at the next UTC midnight (the streak is reckoned by day)', () => {
    expect(nextUtcMidnight(Date.parse('2026-03-29T23:59:59.999Z'))).toBe(Date.parse('2026-03-30T00:00:00.000Z'));
    expect(nextUtcMidnight(Date.parse('2026-03-30T00:00:00.000Z'))).toBe(Date.parse('2026-03-31T00:00:00.000Z'));
  });
});

describe("the default events list's time limit", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('expires exactly when time alone brings the next occurrence into the year-long window', async () => {
    const coach = await signUp(server.url, 'coach');
    const team = await readJson(await coach.post('/api/teams', { name: 'Herons', sport: 'Soccer' }));
    for (const [day, zone] of [
      ['tuesday', 'Europe/Berlin'],
      ['saturday', 'America/New_York'],
    ]) {
      expect(
        (
          await coach.post(`/api/teams/${team.id}/events`, {
            title: `Practice ${day}`,
            date: new Date(Date.now() + 3 * DAY).toISOString(),
            isRecurring: true,
            recurringType: 'weekly',
            recurringDays: [day],
            timeZone: zone,
          })
        ).status,
      ).toBe(201);
    }
    const db = server.database.db;
    const window = async (at: number) =>
      (await listTeamEvents(db, team.id, { seriesUntil: new Date(at + 366 * DAY) })).map((e) => e.date);
    const readAt = Date.now();
    const changesAt = (await defaultWindowChangesAt(db, team.id, readAt))!;
    expect(changesAt).toBeGreaterThan(readAt);
    expect(changesAt - readAt).toBeLessThanOrEqual(7 * DAY);
    // Until then the list is what it was when read; at that moment it has one more occurrence.
    expect(await window(changesAt - 1)).toEqual(await window(readAt));
    expect((await window(changesAt)).length).toBe((await window(readAt)).length + 1);
  });

  it('does not expire a list whose series all end within the window', async () => {
    const coach = await signUp(server.url, 'coach');
    const team = await readJson(await coach.post('/api/teams', { name: 'Egrets', sport: 'Soccer' }));
    await coach.post(`/api/teams/${team.id}/events`, {
      title: 'Camp',
      date: new Date(Date.now() + DAY).toISOString(),
      isRecurring: true,
      recurringType: 'weekly',
      recurringDays: ['monday'],
      recurringEndCount: 4,
    });
    expect(await defaultWindowChangesAt(server.database.db, team.id, Date.now())).toBeNull();
  });
});
