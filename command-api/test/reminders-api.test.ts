import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createPostgresEventStore } from '@sideline/infra';
import { parseMail } from '@sideline/infra/testing';
import { reminderStream } from '@sideline/domain';
import { createCommandHandler } from '../src/shared/command-handler.ts';
import { startReminderScheduler, type ReminderScheduler } from '../src/push/reminder-scheduler.ts';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { noticesSettled, startPushedServer, stopPushedServer, subscribedDevice } from './push-fixture.ts';
import type { FakeSubscription, LocalPushService } from './push-service.ts';
import type { TestServer } from './test-server.ts';

/**
 * Automatic reminders, 48 h and 24 h before each occurrence, to those who still owe an answer,
 * with an injected clock: the server's scheduler runs every 100 ms on a clock the tests move;
 * schedulers of "other processes" (their own command handler and event store connection) run on
 * clocks of their own.
 */
let server: TestServer;
let pushService: LocalPushService;
let offsetMs = 0;
const HOUR = 3600_000;
const clock = () => new Date(Date.now() + offsetMs);
/** No SMTP_URL: emails go to DATA_DIR/outbox. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-reminders-'));

beforeAll(async () => {
  ({ server, pushService } = await startPushedServer({
    clock,
    reminderIntervalMs: 100,
    env: { DATA_DIR: dataDir },
  }));
});
afterAll(async () => {
  await stopPushedServer({ server, pushService });
});

let ip = 0;
const account = (role: 'coach' | 'parent', name?: string) =>
  signUp(server.url, role, name, { forwardedFor: `198.51.100.${++ip}` });

const device = (client: ApiClient) => subscribedDevice(pushService, client);

async function teamWith(name: string, parents: number) {
  const coach = await account('coach', `${name} Coach`);
  const team = (await readJson(await coach.post('/api/teams', { name, sport: 'Soccer', ageGroup: 'U12' }))) as {
    id: string;
    code: string;
  };
  const members: { client: ApiClient; phone: FakeSubscription }[] = [];
  for (let i = 0; i < parents; i++) {
    const client = await account('parent', `${name} Parent ${i + 1}`);
    expect((await client.post('/api/teams/join', { code: team.code })).status).toBe(200);
    members.push({ client, phone: await device(client) });
  }
  return { coach, coachPhone: await device(coach), team, members };
}

/** An event starting `hours` from the real now, on the minute. */
async function schedule(coach: ApiClient, teamId: string, hours: number, title = 'Practice') {
  const date = new Date(Date.now() + hours * HOUR);
  date.setUTCSeconds(0, 0);
  const created = await coach.post(`/api/teams/${teamId}/events`, { title, date: date.toISOString(), timeZone: 'UTC' });
  expect(created.status).toBe(201);
  return (await readJson(created)) as { id: string; occurrenceDate: string };
}

const reminders = (d: FakeSubscription) => pushService.receivedBy(d).filter((r) => r.payload.tag.startsWith('remind-'));

/** Nothing queued or claimed in the notice outbox, and the scheduler has had a few turns. */
async function settled() {
  // Room for a scheduler round to queue what is due before the queue is read.
  await new Promise((r) => setTimeout(r, 400));
  await noticesSettled(server);
}

async function streamLength(eventId: string, occurrenceDate: string, window: '48h' | '24h') {
  return (await server.eventStore.readStream(reminderStream(eventId, occurrenceDate, window))).length;
}

describe('automatic reminders', () => {
  it('48 h and then 24 h before, to those with no answer; one who answered meanwhile is not reminded again', async () => {
    offsetMs = 0;
    const { coach, coachPhone, team, members } = await teamWith('Riverside Hawks', 3);
    const [late, never, early] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const event = await schedule(coach, team.id, 50);
    expect(
      (await early.client.post(`/api/events/${event.id}/rsvp`, { occurrenceDate: event.occurrenceDate, status: 'yes' }))
        .status,
    ).toBeLessThan(300);
    await settled();
    for (const m of members) expect(reminders(m.phone)).toEqual([]);

    // 47 h 59 min before the start: the 48 h window is open.
    offsetMs = 2 * HOUR + 60_000;
    await expect.poll(() => reminders(never.phone).length, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => reminders(late.phone).length, { timeout: 5_000 }).toBe(1);
    expect(reminders(never.phone)[0]!.payload).toEqual({
      title: 'Please answer: Practice',
      body: expect.stringContaining('Riverside Hawks'),
      url: `/events/${team.id}?event=${event.id}`,
      tag: `remind-${event.id}`,
      noticeId: expect.any(String),
    });
    await settled();
    expect(reminders(early.phone)).toEqual([]);
    expect(reminders(coachPhone)).toEqual([]);
    expect(reminders(never.phone)).toHaveLength(1);

    // `late` answers; 23 h 59 min before, only `never` still owes one.
    expect(
      (await late.client.post(`/api/events/${event.id}/rsvp`, { occurrenceDate: event.occurrenceDate, status: 'no' }))
        .status,
    ).toBeLessThan(300);
    offsetMs = 26 * HOUR + 60_000;
    await expect.poll(() => reminders(never.phone).length, { timeout: 5_000 }).toBe(2);
    await settled();
    expect(reminders(late.phone)).toHaveLength(1);
    expect(reminders(early.phone)).toEqual([]);
    expect(await streamLength(event.id, event.occurrenceDate, '48h')).toBe(1);
    expect(await streamLength(event.id, event.occurrenceDate, '24h')).toBe(1);
    const [sent] = await server.eventStore.readStream(reminderStream(event.id, event.occurrenceDate, '24h'));
    expect(sent!.data).toMatchObject({ window: '24h', userIds: [never.client.userId] });
  });

  it('an occurrence created inside the 24 h window gets one reminder within a minute (not the 48 h one too)', async () => {
    offsetMs = 0;
    const { coach, team, members } = await teamWith('Inside Hawks', 1);
    const started = Date.now();
    const event = await schedule(coach, team.id, 10);
    await expect.poll(() => reminders(members[0]!.phone).length, { timeout: 60_000, interval: 50 }).toBe(1);
    expect(Date.now() - started).toBeLessThan(60_000);
    await settled();
    expect(reminders(members[0]!.phone)).toHaveLength(1);
    expect(await streamLength(event.id, event.occurrenceDate, '24h')).toBe(1);
    expect(await streamLength(event.id, event.occurrenceDate, '48h')).toBe(0);
  });

  it('emails the reminder, with one-click unsubscribe, to one who owes an answer and has no device', async () => {
    offsetMs = 0;
    const { coach, team, members } = await teamWith('Mailed Hawks', 1);
    const email = `no-device-${Date.now()}@example.com`;
    const noDevice = await signUp(server.url, 'parent', 'Nell NoDevice', { forwardedFor: `198.51.100.${++ip}`, email });
    expect((await noDevice.post('/api/teams/join', { code: team.code })).status).toBe(200);
    await schedule(coach, team.id, 10, 'Mailed practice');
    await expect.poll(() => reminders(members[0]!.phone).length, { timeout: 60_000, interval: 50 }).toBe(1);
    await settled();
    const outbox = path.join(dataDir, 'outbox');
    const mails = await Promise.all(readdirSync(outbox).map((f) => parseMail(readFileSync(path.join(outbox, f)))));
    const toNell = mails.filter((m) => JSON.stringify(m.to).includes(email));
    expect(toNell.map((m) => m.subject).sort()).toEqual(['New: Mailed practice', 'Please answer: Mailed practice']);
    const reminder = toNell.find((m) => m.subject === 'Please answer: Mailed practice')!;
    const header = (key: string) =>
      reminder.headerLines
        .find((h) => h.key === key)
        ?.line.slice(key.length + 1)
        .trim();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const url = /^<(https?:\/\/[^>]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
    const unsubscribed = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribed.status).toBe(200);
    expect(await readJson(await noDevice.get('/api/user/notification-preferences'))).toMatchObject({
      eventReminders: false,
      eventChanges: true,
    });
  });

  it('a team set to off is never reminded; one set to 24h only gets the 24 h reminder', async () => {
    offsetMs = 0;
    const off = await teamWith('Quiet Hawks', 1);
    const saved = await off.coach.put(`/api/teams/${off.team.id}`, { reminders: 'off' });
    expect(saved.status).toBe(200);
    expect(await readJson(saved)).toMatchObject({ reminders: 'off' });
    expect(await readJson(await off.coach.get(`/api/teams/${off.team.id}`))).toMatchObject({ reminders: 'off' });
    const bad = await off.coach.put(`/api/teams/${off.team.id}`, { reminders: 'weekly' });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).fieldErrors).toHaveProperty('reminders');
    const refused = await off.members[0]!.client.put(`/api/teams/${off.team.id}`, { reminders: '24h' });
    expect(refused.status).toBe(403);

    const dayOnly = await teamWith('Daily Hawks', 1);
    expect((await dayOnly.coach.put(`/api/teams/${dayOnly.team.id}`, { reminders: '24h' })).status).toBe(200);

    await schedule(off.coach, off.team.id, 10);
    const later = await schedule(dayOnly.coach, dayOnly.team.id, 30);
    await settled();
    expect(reminders(off.members[0]!.phone)).toEqual([]);
    expect(reminders(dayOnly.members[0]!.phone)).toEqual([]);

    offsetMs = 6 * HOUR + 60_000;
    await expect.poll(() => reminders(dayOnly.members[0]!.phone).length, { timeout: 5_000 }).toBe(1);
    await settled();
    expect(reminders(off.members[0]!.phone)).toEqual([]);
    expect(await streamLength(later.id, later.occurrenceDate, '48h')).toBe(0);
  });
});

describe('never twice', () => {
  /** A scheduler as another process runs it: its own event store connection, command handler and clock. */
  function otherProcess(at: () => Date): ReminderScheduler {
    const logger = createLogger({ level: 'silent' });
    const handle = createCommandHandler({
      eventStore: createPostgresEventStore(server.database),
      progress: server.server.progress,
      logger,
    });
    return startReminderScheduler({ db: server.database.db, handle, logger, clock: at, intervalMs: 60 * 60_000 });
  }

  it('a restarted scheduler does not remind again', async () => {
    offsetMs = 0;
    const { coach, team, members } = await teamWith('Restart Hawks', 2);
    // Far enough ahead that the server's own scheduler (on the real clock) leaves it alone.
    const event = await schedule(coach, team.id, 200);
    const at = () => new Date(Date.now() + 153 * HOUR);
    const first = otherProcess(at);
    await first.tick();
    await first.stop();
    await expect.poll(() => reminders(members[1]!.phone).length, { timeout: 5_000 }).toBe(1);
    const restarted = otherProcess(at);
    expect(await restarted.tick()).toBe(0);
    await restarted.stop();
    await settled();
    for (const m of members) expect(reminders(m.phone)).toHaveLength(1);
    expect(await streamLength(event.id, event.occurrenceDate, '48h')).toBe(1);
  });

  it('two schedulers at once remind each person once', async () => {
    offsetMs = 0;
    const { coach, team, members } = await teamWith('Twin Hawks', 3);
    const events = [await schedule(coach, team.id, 300, 'Game'), await schedule(coach, team.id, 301, 'Training')];
    const at = () => new Date(Date.now() + 280 * HOUR);
    const [a, b] = [otherProcess(at), otherProcess(at)];
    const recorded = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    await Promise.all([a.stop(), b.stop()]);
    // Each scheduler also takes a round as it starts, which may record some of the two itself.
    expect(recorded.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(2);
    await expect.poll(() => reminders(members[2]!.phone).length, { timeout: 5_000 }).toBe(2);
    await settled();
    for (const m of members) {
      expect(
        reminders(m.phone)
          .map((r) => r.payload.title)
          .sort(),
      ).toEqual(['Please answer: Game', 'Please answer: Training']);
    }
    for (const e of events) {
      expect(await streamLength(e.id, e.occurrenceDate, '24h')).toBe(1);
      expect(await streamLength(e.id, e.occurrenceDate, '48h')).toBe(0);
    }
  });
});
