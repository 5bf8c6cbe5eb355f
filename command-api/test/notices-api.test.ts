import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { addToLineup, createClub, recordStat, scheduleMatch, setStatus } from './match-fixture.ts';
import { noticesSettled, startPushedServer, stopPushedServer, subscribedDevice } from './push-fixture.ts';
import type { FakeSubscription, LocalPushService } from './push-service.ts';
import type { TestServer } from './test-server.ts';

/**
 * Who is told what: a team's members and guardians hear of its schedule, media, matches and
 * livestreams on every device they subscribed, as their switches, mutes and quiet hours allow.
 */
let server: TestServer;
let pushService: LocalPushService;

beforeAll(async () => {
  ({ server, pushService } = await startPushedServer());
});
afterAll(async () => {
  await stopPushedServer({ server, pushService });
});

let ip = 0;
const account = (role: 'coach' | 'parent', name?: string) =>
  signUp(server.url, role, name, { forwardedFor: `203.0.113.${++ip}` });

const device = (client: ApiClient) => subscribedDevice(pushService, client);

async function team(coach: ApiClient, name = 'Riverside Hawks') {
  const created = await readJson(await coach.post('/api/teams', { name, sport: 'Soccer', ageGroup: 'U12' }));
  return created as { id: string; code: string };
}

async function join(client: ApiClient, code: string) {
  expect((await client.post('/api/teams/join', { code })).status).toBe(200);
}

/** HH:MM in UTC, `minutes` from now. */
const utcClock = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);

const settled = () => noticesSettled(server);

describe('a schedule change', () => {
  it('reaches every member on every device, obeying switches, mutes and quiet hours; never the one who made it', async () => {
    const coach = await account('coach', 'Casey Coach');
    const hawks = await team(coach);
    const pat = await account('parent', 'Pat');
    const quinn = await account('parent', 'Quinn');
    const muted = await account('parent', 'Morgan');
    const silent = await account('parent', 'Sam');
    const sleeper = await account('parent', 'Riley');
    for (const p of [pat, quinn, muted, silent, sleeper]) await join(p, hawks.code);
    const coachPhone = await device(coach);
    const patPhone = await device(pat);
    const patLaptop = await device(pat);
    const quinnPhone = await device(quinn);
    const mutedPhone = await device(muted);
    const silentPhone = await device(silent);
    const sleeperPhone = await device(sleeper);

    expect((await muted.put(`/api/teams/${hawks.id}/notifications`, { muted: true })).status).toBe(200);
    expect(await readJson(await muted.get('/api/user/muted-teams'))).toEqual([hawks.id]);
    const off = await silent.put('/api/user/notification-preferences', {
      chatMessages: true,
      eventChanges: false,
      eventReminders: true,
      mediaShared: true,
    });
    expect(off.status).toBe(200);
    const quiet = { start: utcClock(-60), end: utcClock(60), timeZone: 'UTC' };
    const setQuiet = await sleeper.put('/api/user/quiet-hours', { quietHours: quiet });
    expect(await readJson(setQuiet)).toEqual({ quietHours: quiet });

    // In ten days: an ordinary notice, which quiet hours hold back.
    const startsAt = new Date(Date.now() + 10 * 24 * 3600 * 1000);
    startsAt.setUTCSeconds(0, 0);
    const created = await coach.post(`/api/teams/${hawks.id}/events`, {
      title: 'Practice',
      date: startsAt.toISOString(),
      timeZone: 'UTC',
    });
    expect(created.status).toBe(201);
    const event = await readJson(created);
    await pushService.waitForCount(3);
    await settled();
    for (const d of [patPhone, patLaptop, quinnPhone]) {
      expect(pushService.receivedBy(d).map((r) => r.payload)).toEqual([
        {
          title: 'New: Practice',
          body: expect.stringContaining('Riverside Hawks'),
          url: `/events/${hawks.id}?event=${event.id}`,
          tag: `event-${event.id}`,
          noticeId: expect.any(String),
        },
      ]);
    }
    for (const d of [coachPhone, mutedPhone, silentPhone, sleeperPhone]) expect(pushService.receivedBy(d)).toEqual([]);

    // Moved to start within 24 hours: told even in quiet hours, with high urgency.
    const soon = new Date(Date.now() + 3 * 3600 * 1000);
    soon.setUTCSeconds(0, 0);
    const moved = await coach.patch(`/api/teams/${hawks.id}/events/${event.id}`, {
      scope: 'occurrence',
      occurrenceDate: event.occurrenceDate,
      startsAt: soon.toISOString(),
      reason: 'Field flooded',
    });
    expect(moved.status).toBe(200);
    const occurrence = await readJson(moved);
    await pushService.waitForCount(7);
    await settled();
    const [change] = pushService.receivedBy(sleeperPhone);
    expect(change?.payload).toMatchObject({
      title: expect.stringContaining('Changed: Practice'),
      body: expect.stringContaining('Field flooded'),
      tag: `event-${event.id}`,
    });
    expect(change?.urgency).toBe('high');
    for (const d of [patPhone, patLaptop, quinnPhone]) expect(pushService.receivedBy(d)).toHaveLength(2);
    for (const d of [coachPhone, mutedPhone, silentPhone]) expect(pushService.receivedBy(d)).toEqual([]);

    // Unmuted, Morgan hears the cancellation.
    await muted.put(`/api/teams/${hawks.id}/notifications`, { muted: false });
    const before = pushService.received.length;
    const cancelled = await coach.post(
      `/api/teams/${hawks.id}/events/${event.id}/occurrences/${encodeURIComponent(occurrence.occurrenceDate)}/cancel`,
      { reason: 'Storm' },
    );
    expect(cancelled.status).toBe(200);
    await pushService.waitForCount(before + 5);
    await settled();
    expect(pushService.receivedBy(mutedPhone).map((r) => r.payload.title)).toEqual(['Cancelled: Practice']);
  });

  it('is never sent twice: a notice taken up again after a crash skips the devices already told', async () => {
    const coach = await account('coach');
    const hawks = await team(coach, 'Crash Hawks');
    const parent = await account('parent');
    await join(parent, hawks.code);
    const phone = await device(parent);
    const startsAt = new Date(Date.now() + 5 * 24 * 3600 * 1000).toISOString();
    await coach.post(`/api/teams/${hawks.id}/events`, { title: 'Game', date: startsAt, timeZone: 'UTC' });
    await expect.poll(() => pushService.receivedBy(phone).length).toBe(1);
    await settled();
    // As if the process had died before marking the notice done: it is claimed and sent again.
    await server.database.db.updateTable('notice_outbox').set({ done_at: null, claimed_until: null }).execute();
    await settled();
    expect(pushService.receivedBy(phone)).toHaveLength(1);
    const rows = await server.database.db
      .selectFrom('push_deliveries')
      .selectAll()
      .where('user_id', '=', parent.userId)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ endpoint: phone.endpoint, status: 201 })]);
    expect(rows[0]!.delivered_at).not.toBeNull();
  });
});

describe('POST /api/events/{eventId}/remind', () => {
  it("tells those who haven't answered, managers only, once per occurrence per hour", async () => {
    const coach = await account('coach', 'Remy Coach');
    const hawks = await team(coach, 'Remind Hawks');
    const answered = await account('parent', 'Ann Answered');
    const waiting = await account('parent', 'Wes Waiting');
    const noSwitch = await account('parent', 'Nora NoReminders');
    for (const p of [answered, waiting, noSwitch]) await join(p, hawks.code);
    const [answeredPhone, waitingPhone, noSwitchPhone] = [
      await device(answered),
      await device(waiting),
      await device(noSwitch),
    ];
    await noSwitch.put('/api/user/notification-preferences', {
      chatMessages: true,
      eventChanges: true,
      eventReminders: false,
      mediaShared: true,
    });
    const event = await readJson(
      await coach.post(`/api/teams/${hawks.id}/events`, {
        title: 'Cup final',
        date: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
        timeZone: 'UTC',
      }),
    );
    await settled();
    const before = (d: FakeSubscription) => pushService.receivedBy(d).length;
    const counts = [before(answeredPhone), before(waitingPhone), before(noSwitchPhone)];
    expect(
      (await answered.post(`/api/events/${event.id}/rsvp`, { occurrenceDate: event.occurrenceDate, status: 'yes' }))
        .status,
    ).toBeLessThan(300);

    const refused = await waiting.post(`/api/events/${event.id}/remind`, { occurrenceDate: event.occurrenceDate });
    expect(refused.status).toBe(403);

    const reminded = await coach.post(`/api/events/${event.id}/remind`, { occurrenceDate: event.occurrenceDate });
    expect(reminded.status).toBe(202);
    expect(await readJson(reminded)).toEqual({ notified: 1 });
    expect(
      pushService
        .receivedBy(waitingPhone)
        .slice(counts[1])
        .map((r) => r.payload),
    ).toEqual([
      {
        title: 'Please answer: Cup final',
        body: expect.stringContaining('Remind Hawks'),
        url: `/events/${hawks.id}?event=${event.id}`,
        tag: `remind-${event.id}`,
        noticeId: expect.any(String),
      },
    ]);
    expect(before(answeredPhone)).toBe(counts[0]);
    expect(before(noSwitchPhone)).toBe(counts[2]);

    const again = await coach.post(`/api/events/${event.id}/remind`, { occurrenceDate: event.occurrenceDate });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await readJson(again)).toMatchObject({ code: 'REMINDED_RECENTLY' });

    const nowhere = await coach.post(`/api/events/${event.id}/remind`, { occurrenceDate: '2020-01-01T10:00:00.000Z' });
    expect(nowhere.status).toBe(404);
  });
});

describe('rsvpDeadlineHours', () => {
  it('closes answers that many hours before the start for members; managers still record them', async () => {
    const coach = await account('coach', 'Dee Deadline');
    const hawks = await team(coach, 'Deadline Hawks');
    const parent = await account('parent', 'Pia Parent');
    await join(parent, hawks.code);
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
    const created = await coach.post(`/api/teams/${hawks.id}/events`, {
      title: 'Tournament',
      date: tomorrow,
      timeZone: 'UTC',
      rsvpDeadlineHours: 48,
    });
    expect(created.status).toBe(201);
    const event = await readJson(created);
    const answer = (who: ApiClient, body: Record<string, unknown> = {}) =>
      who.post(`/api/events/${event.id}/rsvp`, { occurrenceDate: event.occurrenceDate, status: 'yes', ...body });

    const closed = await answer(parent);
    expect(closed.status).toBe(409);
    expect(await readJson(closed)).toMatchObject({
      code: 'RSVP_CLOSED',
      message: expect.stringContaining('48 hours before the start'),
    });
    // A manager records answers after the cut-off, their own and a roster player's.
    expect((await answer(coach)).status).toBe(200);
    const kid = (await readJson(await coach.post(`/api/teams/${hawks.id}/players`, { name: 'Kit Late' }))).player;
    expect((await answer(coach, { playerId: kid.id })).status).toBe(200);

    // The deadline moved to 2 hours before: open again.
    const patched = await coach.patch(`/api/teams/${hawks.id}/events/${event.id}`, {
      scope: 'series',
      rsvpDeadlineHours: 2,
    });
    expect(patched.status).toBe(200);
    expect((await answer(parent)).status).toBe(200);
    const types = (await server.eventStore.readStream(`calendar-${event.id}`)).map((e) => e.type);
    expect(types.filter((t) => t === 'RsvpDeadlineSet')).toHaveLength(2);
  });

  it('is refused outside 1 to 336 hours', async () => {
    const coach = await account('coach');
    const hawks = await team(coach, 'Bad Deadline');
    const response = await coach.post(`/api/teams/${hawks.id}/events`, {
      title: 'Game',
      date: new Date(Date.now() + 86400000).toISOString(),
      rsvpDeadlineHours: 0,
    });
    expect(response.status).toBe(400);
    expect((await readJson(response)).fieldErrors).toHaveProperty('rsvpDeadlineHours');
  });
});

describe('media shared', () => {
  it('tells the team under the mediaShared switch, never the one who shared', async () => {
    const coach = await account('coach', 'Mo Media');
    const hawks = await team(coach, 'Media Hawks');
    const fan = await account('parent', 'Fay Fan');
    const off = await account('parent', 'Otto Off');
    await join(fan, hawks.code);
    await join(off, hawks.code);
    const [coachPhone, fanPhone, offPhone] = [await device(coach), await device(fan), await device(off)];
    await off.put('/api/user/notification-preferences', {
      chatMessages: true,
      eventChanges: true,
      eventReminders: true,
      mediaShared: false,
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#1d6f42' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kickoff.png');
    form.append('title', 'Kick-off');
    const uploaded = await fetch(`${server.url}/api/teams/${hawks.id}/media/upload`, {
      method: 'POST',
      headers: { cookie: coach.cookie, origin: server.url },
      body: form,
    });
    expect(uploaded.status).toBeLessThan(300);
    await expect
      .poll(() => pushService.receivedBy(fanPhone).map((r) => r.payload))
      .toEqual([
        {
          title: 'New photo in Media Hawks',
          body: 'Kick-off',
          url: `/media/${hawks.id}`,
          tag: `media-${hawks.id}`,
          noticeId: expect.any(String),
        },
      ]);
    await settled();
    expect(pushService.receivedBy(coachPhone)).toEqual([]);
    expect(pushService.receivedBy(offPhone)).toEqual([]);
  });
});

describe('match updates', () => {
  it('kick-off, a goal and the final score reach the teams, unless matchUpdates is off', async () => {
    const club = await createClub(server, 'Notice FC');
    const parentPhone = await device(club.parent);
    const benPhone = await device(club.ben);
    await club.ben.put('/api/user/notification-preferences', {
      chatMessages: true,
      eventChanges: true,
      eventReminders: true,
      mediaShared: true,
      matchUpdates: false,
    });
    const match = await scheduleMatch(club);
    const striker = await addToLineup(club, match.id, club.ava);
    expect((await setStatus(club.coach, match.id, 'in_progress')).status).toBe(200);
    await recordStat(club.coach, match.id, striker.id, 'goals');
    expect((await setStatus(club.coach, match.id, 'complete')).status).toBe(200);
    await expect
      .poll(() => pushService.receivedBy(parentPhone).map((r) => r.payload.title), { timeout: 5_000 })
      .toEqual([
        `Kick-off: ${club.teamA.name} vs ${club.teamB.name}`,
        `Goal! ${club.teamA.name}`,
        `Final: ${club.teamA.name} 1–0 ${club.teamB.name}`,
      ]);
    expect(pushService.receivedBy(parentPhone)[0]!.payload).toMatchObject({
      url: `/matches/${match.id}`,
      tag: `match-${match.id}`,
    });
    await settled();
    expect(pushService.receivedBy(benPhone)).toEqual([]);
  });
});
