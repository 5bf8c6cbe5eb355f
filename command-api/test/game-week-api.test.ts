import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * Issue "Game week": changing the schedule with its history, answers per child, and a member's
 * next occurrences across teams, over real HTTP on each database.
 */
const DAY = 86_400_000;
const ny = 'America/New_York';

/** A Saturday at 10:00 New York time some weeks from now (local wall-clock, as a form sends it). */
function saturdayInWeeks(weeks: number): string {
  const d = new Date(Date.now() + weeks * 7 * DAY);
  while (d.getUTCDay() !== 6) d.setTime(d.getTime() + DAY);
  return `${d.toISOString().slice(0, 10)}T10:00`;
}
/** The instant New York's clocks show `local` (YYYY-MM-DDTHH:mm). */
function nyInstant(local: string): string {
  for (const offset of ['-05:00', '-04:00']) {
    const at = new Date(`${local}:00${offset}`);
    const shown = new Intl.DateTimeFormat('sv-SE', {
      timeZone: ny,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .format(at)
      .replace(' ', 'T');
    if (shown === local) return at.toISOString();
  }
  throw new Error(`no instant for ${local}`);
}

describe.each(await testDatabaseKinds())('game week over HTTP (%s)', (kind) => {
  let server: TestServer;
  let dataDir: string;
  let coach: ApiClient;
  let lionsCoach: ApiClient;
  let parent: ApiClient;
  let player: ApiClient;
  let member: ApiClient;
  let outsider: ApiClient;
  let hawks: { id: string; code: string };
  let lions: { id: string; code: string };
  const kids: Record<string, string> = {};

  const weeklyGames = (title: string, firstSaturday: string, extra: Record<string, unknown> = {}) => ({
    title,
    location: 'Field 1',
    date: nyInstant(firstSaturday),
    isRecurring: true,
    recurringType: 'weekly',
    recurringInterval: 1,
    recurringDays: ['saturday'],
    recurringEndCount: 8,
    timeZone: ny,
    ...extra,
  });
  const occurrencesOf = async (who: ApiClient, teamId: string, eventId: string, from?: string, to?: string) =>
    (await readJson(await who.get(`/api/teams/${teamId}/events${from ? `?from=${from}&to=${to}` : ''}`))).filter(
      (e: { id: string }) => e.id === eventId,
    );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sideline-game-week-'));
    server = await startTestServer({ kind, env: { DATA_DIR: dataDir } });
    [coach, lionsCoach, parent, player, member, outsider] = await Promise.all([
      signUp(server.url, 'coach', 'Casey Morgan'),
      signUp(server.url, 'coach', 'Leo Lions'),
      signUp(server.url, 'parent', 'Pat Rivera'),
      signUp(server.url, 'player', 'Jordan Rivera'),
      signUp(server.url, 'parent', 'Mo Member'),
      signUp(server.url, 'parent', 'Olly Outsider'),
    ]);
    hawks = await readJson(await coach.post('/api/teams', { name: 'Hawks', sport: 'Soccer' }));
    lions = await readJson(await lionsCoach.post('/api/teams', { name: 'Lions', sport: 'Soccer' }));
    for (const who of [parent, player, member]) {
      expect((await who.post('/api/teams/join', { code: hawks.code })).status).toBe(200);
    }
    expect((await parent.post('/api/teams/join', { code: lions.code })).status).toBe(200);
    // Jordan's own account is linked to his roster entry on the Hawks by the invitation he accepts.
    const { email } = await readJson(await player.get('/api/user'));
    const invited = await readJson(
      await coach.post(`/api/teams/${hawks.id}/invite`, { inviteType: 'player', name: 'Jordan Rivera', email }),
    );
    kids.jordan = invited.invitation.playerId;
    const token = new URL(invited.invitation.url).searchParams.get('token')!;
    expect((await player.post(`/api/invite/${encodeURIComponent(token)}/accept`)).status).toBe(200);
    kids.sam = (await readJson(await coach.post(`/api/teams/${hawks.id}/players`, { name: 'Sam Rivera' }))).player.id;
    for (const kid of [kids.jordan, kids.sam]) {
      const linked = await coach.post(`/api/teams/${hawks.id}/players/${kid}/guardians`, { userId: parent.userId });
      expect(linked.status).toBe(200);
    }
    kids.lionsJordan = (
      await readJson(await lionsCoach.post(`/api/teams/${lions.id}/players`, { name: 'Jordan Rivera' }))
    ).player.id;
    await lionsCoach.post(`/api/teams/${lions.id}/players/${kids.lionsJordan}/guardians`, { userId: parent.userId });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('answers per child', () => {
    let event: { id: string; occurrenceDate: string };
    beforeAll(async () => {
      event = await readJson(await coach.post(`/api/teams/${hawks.id}/events`, weeklyGames('Cup', saturdayInWeeks(2))));
    });
    const answer = (who: ApiClient, body: Record<string, unknown>) =>
      who.post(`/api/events/${event.id}/rsvp`, { occurrenceDate: event.occurrenceDate, ...body });

    it("takes a guardian's answer for each child, the player's own for his roster entry, and a manager's", async () => {
      const bySam = await answer(parent, { status: 'yes', playerId: kids.sam });
      expect(bySam.status).toBe(200);
      expect((await readJson(bySam)).rsvps).toEqual([
        expect.objectContaining({
          playerId: kids.sam,
          userId: null,
          user: { name: 'Sam Rivera' },
          status: 'yes',
          answeredBy: { id: parent.userId, name: 'Pat Rivera' },
          answeredBeforeChange: false,
        }),
      ]);
      // Without playerId, a player's own account answers for its roster entry.
      const own = await readJson(await answer(player, { status: 'yes' }));
      expect(own.rsvps).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            playerId: kids.jordan,
            userId: player.userId,
            answeredBy: { id: player.userId, name: 'Jordan Rivera' },
          }),
        ]),
      );
      expect((await answer(coach, { status: 'maybe', playerId: kids.sam })).status).toBe(200);
      expect((await answer(parent, { status: 'no' })).status).toBe(200);
    });

    it("refuses a stranger's answer for a player (403) and a player of another team (404)", async () => {
      const refused = await answer(member, { status: 'no', playerId: kids.jordan });
      expect(refused.status).toBe(403);
      expect(await readJson(refused)).toMatchObject({ code: 'PLAYER_ANSWER_NOT_ALLOWED', message: expect.any(String) });
      expect((await answer(parent, { status: 'no', playerId: kids.lionsJordan })).status).toBe(404);
      expect((await answer(outsider, { status: 'no', playerId: kids.jordan })).status).toBe(404);
      expect((await answer(parent, { status: 'no', playerId: 'not an id!' })).status).toBe(400);
    });

    it('lists who is going, maybe, not going and who has not answered, by name; counts on every read', async () => {
      const read = await member.get(`/api/events/${event.id}/attendance?occurrenceDate=${event.occurrenceDate}`);
      expect(read.status).toBe(200);
      const attendance = await readJson(read);
      expect(Object.keys(attendance)).toEqual(['going', 'maybe', 'notGoing', 'noReply']);
      expect(attendance.going).toEqual([
        {
          playerId: kids.jordan,
          userId: player.userId,
          name: 'Jordan Rivera',
          answeredBy: { id: player.userId, name: 'Jordan Rivera' },
          answeredAt: expect.any(String),
          answeredBeforeChange: false,
        },
      ]);
      expect(attendance.maybe).toEqual([
        expect.objectContaining({
          playerId: kids.sam,
          name: 'Sam Rivera',
          answeredBy: { id: coach.userId, name: 'Casey Morgan' },
        }),
      ]);
      expect(attendance.notGoing).toEqual([
        expect.objectContaining({ playerId: null, userId: parent.userId, name: 'Pat Rivera' }),
      ]);
      // Mo answers for themself and has not; Pat has children here, Jordan is his roster entry, Casey manages.
      expect(attendance.noReply).toEqual([
        {
          playerId: null,
          userId: member.userId,
          name: 'Mo Member',
          answeredBy: null,
          answeredAt: null,
          answeredBeforeChange: false,
        },
      ]);
      const [listed] = await occurrencesOf(member, hawks.id, event.id);
      expect(listed.counts).toEqual({ going: 1, maybe: 1, notGoing: 1, noReply: 1 });
      const [upcoming] = (await readJson(await member.get(`/api/teams/${hawks.id}/events/upcoming?limit=100`))).filter(
        (e: { id: string }) => e.id === event.id,
      );
      expect(upcoming.counts).toEqual(listed.counts);
      // Without a date: the next occurrence. Non-members: 404; signed out: 401.
      expect((await member.get(`/api/events/${event.id}/attendance`)).status).toBe(200);
      expect((await outsider.get(`/api/events/${event.id}/attendance`)).status).toBe(404);
      expect((await fetch(`${server.url}/api/events/${event.id}/attendance`)).status).toBe(401);
      const notAnOccurrence = new Date(Date.parse(event.occurrenceDate) + DAY).toISOString();
      expect((await member.get(`/api/events/${event.id}/attendance?occurrenceDate=${notAnOccurrence}`)).status).toBe(
        404,
      );
    });
  });

  describe('changing the schedule', () => {
    it("moves Saturday's game by an hour with a reason; answers stay and are flagged; the history says who, what and why", async () => {
      const first = saturdayInWeeks(3);
      const event = await readJson(await coach.post(`/api/teams/${hawks.id}/events`, weeklyGames('League', first)));
      await parent.post(`/api/events/${event.id}/rsvp`, {
        status: 'yes',
        occurrenceDate: event.occurrenceDate,
        playerId: kids.sam,
      });
      const moved = await coach.patch(`/api/teams/${hawks.id}/events/${event.id}`, {
        scope: 'occurrence',
        occurrenceDate: event.occurrenceDate,
        startsAt: first.replace('T10:00', 'T11:00'),
        location: 'Field 3',
        reason: 'Field 1 is waterlogged',
      });
      expect(moved.status).toBe(200);
      const body = await readJson(moved);
      expect(body).toMatchObject({
        id: event.id,
        occurrenceDate: event.occurrenceDate,
        date: nyInstant(first.replace('T10:00', 'T11:00')),
        location: 'Field 3',
        status: 'moved',
        previous: { startsAt: event.occurrenceDate, location: 'Field 1' },
        cancelReason: null,
        changedAt: expect.any(String),
        rsvps: [expect.objectContaining({ playerId: kids.sam, status: 'yes', answeredBeforeChange: true })],
      });
      // The parent sees it moved; answering again confirms it.
      const [seen] = await occurrencesOf(parent, hawks.id, event.id);
      expect(seen).toMatchObject({ status: 'moved', date: body.date, previous: body.previous });
      const confirmed = await readJson(
        await parent.post(`/api/events/${event.id}/rsvp`, {
          status: 'yes',
          occurrenceDate: event.occurrenceDate,
          playerId: kids.sam,
        }),
      );
      expect(confirmed.rsvps[0].answeredBeforeChange).toBe(false);
      const detail = await readJson(
        await parent.get(`/api/teams/${hawks.id}/events/${event.id}?occurrenceDate=${event.occurrenceDate}`),
      );
      expect(detail).toMatchObject({ status: 'moved', date: body.date });

      const history = await parent.get(`/api/teams/${hawks.id}/events/${event.id}/history`);
      expect(history.status).toBe(200);
      expect(await readJson(history)).toEqual([
        {
          at: expect.any(String),
          by: { id: coach.userId, name: 'Casey Morgan' },
          scope: 'occurrence',
          occurrenceDate: event.occurrenceDate,
          changes: {
            location: { from: 'Field 1', to: 'Field 3' },
            startsAt: { from: event.occurrenceDate, to: body.date },
          },
          reason: 'Field 1 is waterlogged',
        },
      ]);
    });

    it('moves a weekly series across the daylight-saving change: the new local time on both sides', async () => {
      // Saturdays at 10:00 from 6 March 2027; New York's clocks go forward on 14 March.
      const event = await readJson(
        await coach.post(
          `/api/teams/${hawks.id}/events`,
          weeklyGames('Training', '2027-03-06T10:00', { recurringEndCount: 4 }),
        ),
      );
      await parent.post(`/api/events/${event.id}/rsvp`, {
        status: 'maybe',
        occurrenceDate: '2027-03-20T14:00:00.000Z',
        playerId: kids.sam,
      });
      const changed = await coach.patch(`/api/teams/${hawks.id}/events/${event.id}`, {
        scope: 'series',
        startsAt: '2027-03-06T11:00',
        reason: 'Later kick-off',
      });
      expect(changed.status).toBe(200);
      const list = await occurrencesOf(parent, hawks.id, event.id, '2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z');
      expect(list.map((e: { date: string; status: string }) => [e.date, e.status])).toEqual([
        ['2027-03-06T16:00:00.000Z', 'moved'],
        ['2027-03-13T16:00:00.000Z', 'moved'],
        ['2027-03-20T15:00:00.000Z', 'moved'],
        ['2027-03-27T15:00:00.000Z', 'moved'],
      ]);
      expect(list[2]).toMatchObject({
        occurrenceDate: '2027-03-20T15:00:00.000Z',
        previous: { startsAt: '2027-03-20T14:00:00.000Z', location: 'Field 1' },
        rsvps: [expect.objectContaining({ playerId: kids.sam, status: 'maybe', answeredBeforeChange: true })],
      });
      const [entry] = await readJson(await member.get(`/api/teams/${hawks.id}/events/${event.id}/history`));
      expect(entry).toMatchObject({
        scope: 'series',
        occurrenceDate: null,
        changes: { startsAt: { from: '2027-03-06T15:00:00.000Z', to: '2027-03-06T16:00:00.000Z' } },
        reason: 'Later kick-off',
      });
    });

    it('splits a series at "this and following": two events, the later answers with the new one', async () => {
      const event = await readJson(
        await coach.post(
          `/api/teams/${hawks.id}/events`,
          weeklyGames('Practice', '2027-05-01T10:00', { recurringEndCount: 4 }),
        ),
      );
      const third = nyInstant('2027-05-15T10:00');
      await parent.post(`/api/events/${event.id}/rsvp`, { status: 'yes', occurrenceDate: third, playerId: kids.sam });
      const split = await coach.patch(`/api/teams/${hawks.id}/events/${event.id}`, {
        scope: 'following',
        occurrenceDate: third,
        location: 'North Park',
        title: 'Practice (north)',
      });
      expect(split.status).toBe(200);
      const first = await readJson(split);
      expect(first.id).not.toBe(event.id);
      expect(first).toMatchObject({ occurrenceDate: third, location: 'North Park', title: 'Practice (north)' });
      expect(first.rsvps).toEqual([expect.objectContaining({ playerId: kids.sam, answeredBeforeChange: true })]);
      const all = (
        await readJson(
          await member.get(`/api/teams/${hawks.id}/events?from=2027-04-30T00:00:00Z&to=2027-06-01T00:00:00Z`),
        )
      )
        .filter((e: { id: string }) => e.id === event.id || e.id === first.id)
        .map((e: { id: string; location: string }) => [e.id === event.id ? 'old' : 'new', e.location]);
      expect(all).toEqual([
        ['old', 'Field 1'],
        ['old', 'Field 1'],
        ['new', 'North Park'],
        ['new', 'North Park'],
      ]);
      // The same request again changes nothing more.
      const again = await coach.patch(`/api/teams/${hawks.id}/events/${event.id}`, {
        scope: 'following',
        occurrenceDate: third,
        location: 'North Park',
        title: 'Practice (north)',
      });
      expect(again.status).toBe(200);
      expect((await readJson(again)).id).toBe(first.id);
      const history = await readJson(await member.get(`/api/teams/${hawks.id}/events/${first.id}/history`));
      expect(history).toEqual([expect.objectContaining({ scope: 'following', occurrenceDate: third })]);
      // The new event takes changes and answers of its own.
      expect((await player.post(`/api/events/${first.id}/rsvp`, { status: 'no', occurrenceDate: third })).status).toBe(
        200,
      );
    });

    it('cancels one occurrence with a reason (it stays listed, marked) and restores it', async () => {
      const event = await readJson(
        await coach.post(`/api/teams/${hawks.id}/events`, weeklyGames('Friendly', saturdayInWeeks(4))),
      );
      const at = event.occurrenceDate;
      const cancelled = await coach.post(`/api/teams/${hawks.id}/events/${event.id}/occurrences/${at}/cancel`, {
        reason: 'Rained out',
      });
      expect(cancelled.status).toBe(200);
      expect(await readJson(cancelled)).toMatchObject({ status: 'cancelled', cancelReason: 'Rained out', date: at });
      const upcoming = (await readJson(await parent.get(`/api/teams/${hawks.id}/events/upcoming?limit=100`))).find(
        (e: { id: string; occurrenceDate: string }) => e.id === event.id && e.occurrenceDate === at,
      );
      expect(upcoming).toMatchObject({ status: 'cancelled', cancelReason: 'Rained out' });
      const answerIt = await parent.post(`/api/events/${event.id}/rsvp`, { status: 'yes', occurrenceDate: at });
      expect(answerIt.status).toBe(409);
      // Cancelling twice is the same cancellation.
      expect((await coach.post(`/api/teams/${hawks.id}/events/${event.id}/occurrences/${at}/cancel`)).status).toBe(200);
      const restored = await coach.post(`/api/teams/${hawks.id}/events/${event.id}/occurrences/${at}/restore`);
      expect(restored.status).toBe(200);
      expect(await readJson(restored)).toMatchObject({ status: 'scheduled', cancelReason: null });
      const again = await coach.post(`/api/teams/${hawks.id}/events/${event.id}/occurrences/${at}/restore`);
      expect(again.status).toBe(409);
      expect(await readJson(again)).toMatchObject({ code: 'OCCURRENCE_NOT_CANCELLED', message: expect.any(String) });
      const history = await readJson(await parent.get(`/api/teams/${hawks.id}/events/${event.id}/history`));
      expect(history.map((h: { changes: unknown; reason: string | null }) => [h.changes, h.reason])).toEqual([
        [{ status: { from: 'cancelled', to: 'scheduled' } }, null],
        [{ status: { from: 'scheduled', to: 'cancelled' } }, 'Rained out'],
      ]);
    });

    it('refuses bad input without changing anything, and says why', async () => {
      const first = saturdayInWeeks(5);
      const event = await readJson(await coach.post(`/api/teams/${hawks.id}/events`, weeklyGames('Checks', first)));
      const url = `/api/teams/${hawks.id}/events/${event.id}`;
      const second = nyInstant(saturdayInWeeks(6));
      const fieldsOf = async (response: Response) => {
        expect(response.status).toBe(400);
        return Object.keys((await readJson(response)).fieldErrors);
      };
      expect(
        await fieldsOf(
          await coach.patch(url, {
            scope: 'occurrence',
            occurrenceDate: new Date(Date.parse(event.occurrenceDate) + DAY).toISOString(),
            title: 'x',
          }),
        ),
      ).toEqual(['occurrenceDate']);
      expect(await fieldsOf(await coach.patch(url, { scope: 'everything', title: 'x' }))).toEqual(['scope']);
      expect(await fieldsOf(await coach.patch(url, { scope: 'series', reason: 'x'.repeat(201) }))).toEqual(['reason']);
      expect(await fieldsOf(await coach.patch(url, { scope: 'series', title: '  ' }))).toEqual(['title']);
      // 14 March 2027, 02:30 does not exist in New York.
      const gap = await coach.patch(url, {
        scope: 'occurrence',
        occurrenceDate: event.occurrenceDate,
        startsAt: '2027-03-14T02:30',
      });
      expect(await fieldsOf(gap)).toEqual(['startsAt']);
      expect(await fieldsOf(await coach.patch(url, { scope: 'occurrence', title: 'x' }))).toEqual(['occurrenceDate']);
      const clash = await coach.patch(url, {
        scope: 'occurrence',
        occurrenceDate: event.occurrenceDate,
        startsAt: second,
      });
      expect(clash.status).toBe(409);
      expect(await readJson(clash)).toMatchObject({ code: 'OCCURRENCE_TAKEN', message: expect.any(String) });
      expect((await coach.patch(`/api/teams/${hawks.id}/events/nope`, { scope: 'series', title: 'x' })).status).toBe(
        404,
      );
      expect(
        (
          await coach.post(
            `${url}/occurrences/${new Date(Date.parse(event.occurrenceDate) + DAY).toISOString()}/cancel`,
          )
        ).status,
      ).toBe(404);
      expect((await coach.post(`${url}/occurrences/tomorrow/cancel`)).status).toBe(400);
      // Managers only; another team's members and the signed-out learn nothing.
      for (const who of [parent, player, member]) {
        expect((await who.patch(url, { scope: 'series', title: 'Mine' })).status).toBe(403);
        expect((await who.post(`${url}/occurrences/${event.occurrenceDate}/cancel`)).status).toBe(403);
        expect((await who.post(`${url}/occurrences/${event.occurrenceDate}/restore`)).status).toBe(403);
      }
      for (const [method, route] of [
        ['PATCH', url],
        ['POST', `${url}/occurrences/${event.occurrenceDate}/cancel`],
        ['POST', `${url}/occurrences/${event.occurrenceDate}/restore`],
        ['GET', `${url}/history`],
        ['GET', url],
      ] as const) {
        const response =
          method === 'GET'
            ? await outsider.get(route)
            : method === 'PATCH'
              ? await outsider.patch(route, { scope: 'series', title: 'x' })
              : await outsider.post(route);
        expect([method, route, response.status]).toEqual([method, route, 404]);
        expect((await lionsCoach.get(`/api/teams/${lions.id}/events/${event.id}/history`)).status).toBe(404);
      }
      const [unchanged] = await occurrencesOf(parent, hawks.id, event.id);
      expect(unchanged).toMatchObject({ title: 'Checks', status: 'scheduled', changedAt: null });
      expect(await readJson(await parent.get(`${url}/history`))).toEqual([]);
    });
  });

  it("serves Home in one request: the next occurrences of every team, each with the household's answers", async () => {
    const hawksGame = await readJson(
      await coach.post(`/api/teams/${hawks.id}/events`, {
        title: 'Hawks next',
        date: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        timeZone: ny,
      }),
    );
    const lionsGame = await readJson(
      await lionsCoach.post(`/api/teams/${lions.id}/events`, {
        title: 'Lions next',
        date: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        timeZone: ny,
      }),
    );
    await parent.post(`/api/events/${lionsGame.id}/rsvp`, { status: 'yes', playerId: kids.lionsJordan });
    const read = await parent.get('/api/me/upcoming?limit=2');
    expect(read.status).toBe(200);
    const [first, second] = await readJson(read);
    expect(first).toMatchObject({
      id: hawksGame.id,
      team: { id: hawks.id, name: 'Hawks' },
      counts: { going: 0, maybe: 0, notGoing: 0, noReply: 3 },
      household: [
        {
          relation: 'child',
          playerId: kids.jordan,
          userId: player.userId,
          name: 'Jordan Rivera',
          status: null,
          answeredBy: null,
          answeredAt: null,
          answeredBeforeChange: false,
        },
        {
          relation: 'child',
          playerId: kids.sam,
          userId: null,
          name: 'Sam Rivera',
          status: null,
          answeredBy: null,
          answeredAt: null,
          answeredBeforeChange: false,
        },
      ],
    });
    expect(second).toMatchObject({
      id: lionsGame.id,
      team: { id: lions.id, name: 'Lions' },
      household: [
        expect.objectContaining({
          relation: 'child',
          playerId: kids.lionsJordan,
          status: 'yes',
          answeredBy: { id: parent.userId, name: 'Pat Rivera' },
        }),
      ],
      counts: { going: 1, maybe: 0, notGoing: 0, noReply: 0 },
    });
    // The answer comes back with the next read (the cached answer is dropped by the change).
    await parent.post(`/api/events/${hawksGame.id}/rsvp`, { status: 'maybe', playerId: kids.sam });
    const [again] = await readJson(await parent.get('/api/me/upcoming?limit=2'));
    expect(again.household[1]).toMatchObject({ playerId: kids.sam, status: 'maybe' });
    // A member without children here answers for themself.
    const [mine] = await readJson(await member.get('/api/me/upcoming?limit=1'));
    expect(mine.household).toEqual([
      expect.objectContaining({ relation: 'self', playerId: null, userId: member.userId, name: 'Mo Member' }),
    ]);
    expect(await readJson(await outsider.get('/api/me/upcoming'))).toEqual([]);
    expect((await parent.get('/api/me/upcoming?limit=0')).status).toBe(400);
    expect((await fetch(`${server.url}/api/me/upcoming`)).status).toBe(401);
  });

  it('publishes moved and cancelled occurrences as RECURRENCE-ID overrides with a rising SEQUENCE; ical.js expands them as the API lists them', async () => {
    const event = await readJson(
      await coach.post(
        `/api/teams/${hawks.id}/events`,
        weeklyGames('Feed game', '2027-10-02T10:00', { recurringEndCount: 6 }),
      ),
    );
    const { url } = await readJson(await parent.post(`/api/teams/${hawks.id}/calendar-token`));
    const feedUrl = new URL(url);
    const feed = async () => {
      const calendar = new ICAL.Component(
        ICAL.parse(await (await fetch(`${server.url}${feedUrl.pathname}${feedUrl.search}`)).text()),
      );
      for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
      return calendar
        .getAllSubcomponents('vevent')
        .filter((v) => String(v.getFirstPropertyValue('uid')).startsWith(event.id));
    };
    const sequence = async () =>
      Number((await feed()).find((v) => !v.hasProperty('recurrence-id'))!.getFirstPropertyValue('sequence'));
    expect(await sequence()).toBe(0);
    const second = nyInstant('2027-10-09T10:00');
    const third = nyInstant('2027-10-16T10:00');
    await coach.patch(`/api/teams/${hawks.id}/events/${event.id}`, {
      scope: 'occurrence',
      occurrenceDate: second,
      startsAt: '2027-10-09T12:30',
      location: 'Stadium',
    });
    expect(await sequence()).toBe(1);
    await coach.post(`/api/teams/${hawks.id}/events/${event.id}/occurrences/${third}/cancel`, { reason: 'Holiday' });
    expect(await sequence()).toBe(2);

    const vevents = await feed();
    const master = new ICAL.Event(vevents.find((v) => !v.hasProperty('recurrence-id'))!);
    for (const exception of vevents.filter((v) => v.hasProperty('recurrence-id'))) master.relateException(exception);
    expect(vevents.filter((v) => v.hasProperty('recurrence-id'))).toHaveLength(2);
    const expanded: Array<[string, string, string | null]> = [];
    const iterator = master.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = master.getOccurrenceDetails(next);
      expanded.push([
        details.startDate.toJSDate().toISOString(),
        String(details.item.location ?? ''),
        (details.item.component.getFirstPropertyValue('status') as string | null) ?? null,
      ]);
    }
    const listed = await occurrencesOf(parent, hawks.id, event.id, '2027-10-01T00:00:00Z', '2027-12-01T00:00:00Z');
    expect(expanded).toEqual(
      listed.map((e: { date: string; location: string; status: string }) => [
        e.date,
        e.location,
        e.status === 'cancelled' ? 'CANCELLED' : null,
      ]),
    );
    expect(expanded[1]).toEqual([nyInstant('2027-10-09T12:30'), 'Stadium', null]);
    expect(expanded[2]).toEqual([third, 'Field 1', 'CANCELLED']);

    // A split series is two series in the feed; the old one's rule ends before the split.
    const split = await readJson(
      await coach.patch(`/api/teams/${hawks.id}/events/${event.id}`, {
        scope: 'following',
        occurrenceDate: nyInstant('2027-10-30T10:00'),
        title: 'Feed game (late)',
      }),
    );
    const calendar = new ICAL.Component(
      ICAL.parse(await (await fetch(`${server.url}${feedUrl.pathname}${feedUrl.search}`)).text()),
    );
    const masters = calendar
      .getAllSubcomponents('vevent')
      .filter((v) => !v.hasProperty('recurrence-id'))
      .filter((v) => [event.id, split.id].some((id) => String(v.getFirstPropertyValue('uid')).startsWith(id)));
    const starts = masters.map((v) => {
      const e = new ICAL.Event(v);
      const out: string[] = [];
      const it = e.iterator();
      for (let next = it.next(); next; next = it.next()) out.push(next.toJSDate().toISOString());
      return [e.summary, out.length];
    });
    expect(starts).toEqual([
      ['Feed game', 4],
      ['Feed game (late)', 2],
    ]);
  });

  it('tells open apps: an events_changed frame names the team and the changed events', async () => {
    const event = await readJson(
      await coach.post(`/api/teams/${hawks.id}/events`, weeklyGames('Live', saturdayInWeeks(7))),
    );
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: parent.cookie },
      origin: server.url,
    });
    const frames: Array<{ type: string; teamId?: string; eventIds?: string[] }> = [];
    socket.on('message', (data) => frames.push(JSON.parse(String(data))));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      socket.send(JSON.stringify({ type: 'join_teams', teamIds: [hawks.id] }));
      await waitFor(() => frames.some((f) => f.type === 'joined'));
      await coach.post(`/api/teams/${hawks.id}/events/${event.id}/occurrences/${event.occurrenceDate}/cancel`);
      await waitFor(() => frames.some((f) => f.type === 'events_changed' && f.eventIds?.includes(event.id)));
      expect(frames.find((f) => f.type === 'events_changed')).toMatchObject({ teamId: hawks.id });
    } finally {
      socket.close();
    }
  });

  it('documents every new route in the OpenAPI document', async () => {
    const openapi = await readJson(await fetch(`${server.url}/api/docs/json`));
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/teams/{teamId}/events/{eventId}',
        '/api/teams/{teamId}/events/{eventId}/history',
        '/api/teams/{teamId}/events/{eventId}/occurrences/{occurrenceDate}/cancel',
        '/api/teams/{teamId}/events/{eventId}/occurrences/{occurrenceDate}/restore',
        '/api/events/{eventId}/attendance',
        '/api/me/upcoming',
      ]),
    );
    const patch = JSON.stringify(openapi.paths['/api/teams/{teamId}/events/{eventId}'].patch.requestBody);
    for (const field of ['scope', 'occurrenceDate', 'startsAt', 'recurrence', 'reason']) expect(patch).toContain(field);
    expect(JSON.stringify(openapi.paths['/api/events/{eventId}/rsvp'].post.requestBody)).toContain('playerId');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
