import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { livestreamDecider, livestreamStream } from '@sideline/domain';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { readJson, type ApiClient } from './http-client.ts';
import { addToLineup, createClub, member, recordStat, scheduleMatch, setStatus, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const errorOf = async (response: Response) => ({ http: response.status, ...(await readJson(response)) });

/** An independent team (no organization) with its coach, a parent and a player who joined by code. */
interface IndieTeam {
  coach: ApiClient;
  parent: ApiClient;
  player: ApiClient;
  team: { id: string; code: string; name: string; orgId: string | null };
}

async function createIndieTeam(server: TestServer, name: string): Promise<IndieTeam> {
  const [coach, parent, player] = await Promise.all([
    member(server, 'coach', `${name} Coach`),
    member(server, 'parent', `${name} Parent`),
    member(server, 'player', `${name} Player`),
  ]);
  const created = await coach.post('/api/teams', { name, sport: 'Soccer', ageGroup: 'U12' });
  expect(created.status, await created.clone().text()).toBe(201);
  const team = await readJson(created);
  for (const client of [parent, player]) {
    expect((await client.post('/api/teams/join', { code: team.code })).status).toBe(200);
  }
  return { coach, parent, player, team };
}

/** Schedules an independent team's match against an opponent outside Sideline (no season). */
async function scheduleAgainst(indie: IndieTeam, opponentName = 'Eastside FC', extra: Record<string, unknown> = {}) {
  const response = await indie.coach.post('/api/matches', {
    sportId: 'soccer',
    teamAId: indie.team.id,
    opponentName,
    startTime: inAnHour(),
    location: 'Riverside Park',
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return readJson(response) as Promise<{ id: string; [field: string]: any }>;
}

async function until<T>(probe: () => T | Promise<T>, timeoutMs = 5_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function openSocket(server: TestServer, client: ApiClient, frames: Array<Record<string, unknown>>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
      headers: { cookie: client.cookie },
      origin: server.url,
    });
    socket.on('message', (data) => frames.push({ ...JSON.parse(String(data)), who: client.userId }));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe.each(await testDatabaseKinds())('match day on %s', (kind) => {
  let server: TestServer;
  let club: Club;
  let indie: IndieTeam;
  let stranger: ApiClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: '1' }, kind });
    [club, indie] = await Promise.all([createClub(server, `Riverside ${kind}`), createIndieTeam(server, 'Hawks')]);
    stranger = await member(server, 'coach', 'Sam Stranger');
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  describe('an opponent that is not on Sideline', () => {
    it('refuses both an away team and an opponent, neither, a name over 80 characters and non-text, naming the field; nothing is scheduled', async () => {
      const before = (await readJson(await club.coach.get('/api/matches'))).length;
      const base = { seasonId: club.season.id, sportId: 'soccer', teamAId: club.teamA.id, startTime: inAnHour() };
      const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
        [
          { teamBId: club.teamB.id, opponentName: 'Eastside FC' },
          { opponentName: ['Choose the away team or name the opponent, not both'] },
        ],
        [
          {},
          {
            teamBId: ['Choose the away team or name the opponent'],
            opponentName: ['Choose the away team or name the opponent'],
          },
        ],
        [{ opponentName: '   ' }, expect.objectContaining({ opponentName: expect.any(Array) })],
        [{ opponentName: 'x'.repeat(81) }, { opponentName: ['At most 80 characters'] }],
        [{ opponentName: 'East\u0000side' }, { opponentName: [expect.stringContaining('not text')] }],
        [{ opponentName: 'East\ud800side' }, { opponentName: [expect.stringContaining('not text')] }],
      ];
      for (const [change, fieldErrors] of cases) {
        const response = await club.coach.post('/api/matches', { ...base, ...change });
        expect(response.status, JSON.stringify(change)).toBe(400);
        expect((await readJson(response)).fieldErrors, JSON.stringify(change)).toEqual(fieldErrors);
      }
      expect(await readJson(await club.coach.get('/api/matches'))).toHaveLength(before);
    });

    it("schedules a season's match against a named opponent of 80 characters at most; the other side reads as the opponent", async () => {
      const match = await scheduleMatch(club, club.coach, { teamBId: undefined, opponentName: 'Eastside FC' });
      expect(match).toMatchObject({
        seasonId: club.season.id,
        teamA: { id: club.teamA.id, name: club.teamA.name },
        teamB: { id: null, name: 'Eastside FC' },
        opponentName: 'Eastside FC',
        status: 'scheduled',
        scoreA: 0,
        scoreB: 0,
        winnerSide: null,
        startedAt: null,
        minute: null,
        livestream: null,
        canManage: true,
      });
      await scheduleMatch(club, club.coach, { teamBId: undefined, opponentName: 'y'.repeat(80) });
      // Team B's members have nothing to do with it.
      expect((await club.bo.get(`/api/matches/${match.id}`)).status).toBe(404);
      expect((await club.parent.get(`/api/matches/${match.id}`)).status).toBe(200);
    });
  });

  describe('an independent team', () => {
    it('schedules without a season against an opponent; its members read it, nobody else', async () => {
      const match = await scheduleAgainst(indie);
      expect(match).toMatchObject({
        seasonId: null,
        seasonName: null,
        sportId: 'soccer',
        teamA: { id: indie.team.id, name: 'Hawks' },
        teamB: { id: null, name: 'Eastside FC' },
        location: 'Riverside Park',
        canManage: true,
      });
      expect(await readJson(await indie.parent.get(`/api/matches/${match.id}`))).toMatchObject({
        id: match.id,
        canManage: false,
      });
      for (const outsider of [stranger, club.admin, club.coach]) {
        expect((await outsider.get(`/api/matches/${match.id}`)).status).toBe(404);
      }
    });

    it("reads the kick-off's zone: team A's own, else its organization's, else none", async () => {
      const match = await scheduleAgainst(indie, 'Zone Rovers');
      const path = `/api/matches/${match.id}`;
      expect(match.timeZone).toBeNull();
      const zoned = await indie.coach.put(`/api/teams/${indie.team.id}`, { timeZone: 'Europe/London' });
      expect(zoned.status, await zoned.clone().text()).toBe(200);
      try {
        expect(await readJson(await indie.parent.get(path))).toMatchObject({ timeZone: 'Europe/London' });
        const board = await readJson(await indie.parent.get(`/api/teams/${indie.team.id}/matches`));
        expect(board.upcoming.find((m: any) => m.id === match.id)).toMatchObject({ timeZone: 'Europe/London' });
      } finally {
        await indie.coach.put(`/api/teams/${indie.team.id}`, { timeZone: null });
      }
      const org = await readJson(await club.admin.get(`/api/organizations/${club.org.id}`));
      expect(org.timezone).toEqual(expect.any(String));
      const clubMatch = await scheduleMatch(club);
      expect(await readJson(await club.parent.get(`/api/matches/${clubMatch.id}`))).toMatchObject({
        timeZone: org.timezone,
      });
      await setStatus(club.coach, clubMatch.id, 'cancelled');
    });

    it("refuses a season that is not the team's, another organization's team as team B, another sport, and a parent", async () => {
      const base = { sportId: 'soccer', teamAId: indie.team.id, startTime: inAnHour() };
      const cases: Array<[ApiClient, Record<string, unknown>, Record<string, string[]> | null, number]> = [
        [
          indie.coach,
          { seasonId: club.season.id, opponentName: 'Eastside FC' },
          { seasonId: ['Season not found'] },
          400,
        ],
        [
          indie.coach,
          { teamBId: club.teamB.id },
          { teamBId: ['Choose another independent team of yours, or name the opponent'] },
          400,
        ],
        [indie.coach, { sportId: 'basketball', opponentName: 'Eastside FC' }, { sportId: ['Hawks plays Soccer'] }, 400],
        [stranger, { opponentName: 'Eastside FC' }, { teamAId: ['Choose one of your teams'] }, 400],
        [indie.parent, { opponentName: 'Eastside FC' }, null, 403],
      ];
      for (const [who, change, fieldErrors, status] of cases) {
        const response = await who.post('/api/matches', { ...base, ...change });
        const body = await errorOf(response);
        expect(body.http, JSON.stringify(change)).toBe(status);
        if (fieldErrors) expect(body.fieldErrors, JSON.stringify(change)).toEqual(fieldErrors);
        else expect(body.code).toBe('MATCH_MANAGERS_ONLY');
      }
    });

    it("plays a whole match: lineup, goals of both sides, the scorer's undo, box score, timeline, playing time, result on the team page and replay by session", async () => {
      const match = await scheduleAgainst(indie);
      const path = `/api/matches/${match.id}`;
      const player = await readJson(
        await indie.coach.post(`${path}/participants`, { userId: indie.player.userId, positionId: 'striker' }),
      );
      expect(player).toMatchObject({ teamId: indie.team.id, onField: true });
      // Only team A exists to add players to.
      expect(
        (
          await errorOf(
            await indie.coach.post(`${path}/participants`, { userId: indie.player.userId, teamId: club.teamA.id }),
          )
        ).http,
      ).toBe(400);
      expect((await setStatus(indie.coach, match.id, 'in_progress')).status).toBe(200);

      const ours = await recordStat(indie.coach, match.id, player.id);
      const theirs = await readJson(
        await indie.coach.post(`${path}/stats`, { side: 'opponent', statType: 'goals', value: 1 }),
      );
      expect(theirs).toMatchObject({
        participantId: null,
        userId: null,
        playerId: null,
        teamId: null,
        side: 'opponent',
        userName: 'Eastside FC',
        statType: 'goals',
        value: 1,
      });
      const slip = await readJson(
        await indie.coach.post(`${path}/stats`, { side: 'opponent', statType: 'goals', value: 1 }),
      );
      // The scorer's Undo, on the opponent's side.
      const undo = await indie.coach.delete(
        `${path}/stats/${slip.id}?reason=${encodeURIComponent('Undone by scorer')}`,
      );
      expect(undo.status).toBe(204);
      const again = await errorOf(
        await indie.coach.delete(`${path}/stats/${slip.id}?reason=${encodeURIComponent('Undone by scorer')}`),
      );
      expect(again).toMatchObject({
        http: 409,
        code: 'STAT_ALREADY_RETRACTED',
        message: 'This statistic was already retracted',
      });
      const live = await readJson(await indie.parent.get(path));
      expect(live).toMatchObject({ status: 'in_progress', scoreA: 1, scoreB: 1, minute: 1 });
      expect(live.startedAt).not.toBeNull();

      // Bad stats change nothing and say why.
      const named = await errorOf(
        await indie.coach.post(`${path}/stats`, {
          side: 'opponent',
          participantId: player.id,
          statType: 'goals',
          value: 1,
        }),
      );
      expect(named).toMatchObject({
        http: 400,
        fieldErrors: { participantId: ["The opponent's stats name no player"] },
      });
      const saves = await errorOf(
        await indie.coach.post(`${path}/stats`, { side: 'opponent', statType: 'saves', value: 1 }),
      );
      expect(saves).toMatchObject({
        http: 400,
        code: 'OPPONENT_SCORING_ONLY',
        fieldErrors: { statType: [expect.any(String)] },
      });
      expect(
        await errorOf(await indie.parent.post(`${path}/stats`, { side: 'opponent', statType: 'goals', value: 1 })),
      ).toMatchObject({
        http: 403,
        code: 'MATCH_MANAGERS_ONLY',
      });
      expect(await errorOf(await indie.parent.delete(`${path}/stats/${ours.id}?reason=x`))).toMatchObject({
        http: 403,
      });
      expect((await stranger.post(`${path}/stats`, { side: 'opponent', statType: 'goals', value: 1 })).status).toBe(
        404,
      );
      expect(await readJson(await indie.parent.get(`${path}/stats`))).toHaveLength(2);

      const box = await readJson(await indie.parent.get(`${path}/box-score`));
      expect(box.teams).toEqual([
        {
          teamId: indie.team.id,
          side: 'teamA',
          name: 'Hawks',
          score: 1,
          totals: { goals: 1 },
          players: [{ participantId: player.id, name: 'Hawks Player', stats: { goals: 1 } }],
        },
        { teamId: null, side: 'opponent', name: 'Eastside FC', score: 1, totals: { goals: 1 }, players: [] },
      ]);
      const timeline = await readJson(await indie.parent.get(`${path}/timeline`));
      expect(
        timeline.entries.map((e: any) => [
          e.kind,
          e.side,
          e.playerName,
          e.sideName,
          e.statType,
          e.reason,
          e.retractedSince,
        ]),
      ).toEqual([
        ['recorded', 'teamA', 'Hawks Player', 'Hawks', 'goals', null, false],
        ['recorded', 'opponent', null, 'Eastside FC', 'goals', null, false],
        ['recorded', 'opponent', null, 'Eastside FC', 'goals', null, true],
        ['retracted', 'opponent', null, 'Eastside FC', 'goals', 'Undone by scorer', false],
      ]);
      expect(timeline.entries[0]).toMatchObject({ minute: 1, scoring: true, value: 1 });

      await recordStat(indie.coach, match.id, player.id);
      expect((await setStatus(indie.coach, match.id, 'complete')).status).toBe(200);
      expect(await readJson(await indie.parent.get(path))).toMatchObject({
        status: 'complete',
        scoreA: 2,
        scoreB: 1,
        winnerId: indie.team.id,
        winnerSide: 'teamA',
        minute: null,
      });
      const minutes = await readJson(await indie.parent.get(`${path}/playing-time`));
      expect(minutes.players.map((p: any) => p.participantId)).toEqual([player.id]);

      const page = await readJson(await indie.parent.get(`/api/teams/${indie.team.id}/matches`));
      expect(page.recent.map((m: any) => m.id)).toContain(match.id);
      expect(page.recent.find((m: any) => m.id === match.id)).toMatchObject({ scoreA: 2, scoreB: 1 });
      expect((await stranger.get(`/api/teams/${indie.team.id}/matches`)).status).toBe(404);

      const replay = (await (await indie.parent.get(`${path}/stats/stream`)).text())
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      expect(replay.map((l) => [l.type, l.side])).toEqual([
        ['StatRecorded', 'teamA'],
        ['StatRecorded', 'opponent'],
        ['StatRecorded', 'opponent'],
        ['StatRetracted', 'opponent'],
        ['StatRecorded', 'teamA'],
      ]);
      expect(replay[1].data).toMatchObject({ side: 'opponent', participantId: null, teamId: null });
      // API tokens are an organization's: none opens an independent team's match.
      const token = (await readJson(await club.admin.post('/api/tokens', { name: 'BI', organizationId: club.org.id })))
        .token;
      for (const read of [`${path}/stats/stream`, `${path}/box-score`]) {
        const response = await fetch(`${server.url}${read}`, { headers: { authorization: `Bearer ${token}` } });
        expect(response.status, read).toBe(404);
      }
    }, 60_000);
  });

  describe('scoring from the touchline', () => {
    it('records a count stat once per client id (body or Idempotency-Key), and says so when it was undone since', async () => {
      const match = await scheduleMatch(club);
      const ava = await addToLineup(club, match.id, club.ava);
      await setStatus(club.coach, match.id, 'in_progress');
      const path = `/api/matches/${match.id}/stats`;
      const body = { participantId: ava.id, statType: 'goals', value: 1, clientId: 'outbox-goal-0001' };
      const [a, b] = await Promise.all([club.coach.post(path, body), club.coach.post(path, body)]);
      expect([a.status, b.status]).toEqual([201, 201]);
      const first = await readJson(a);
      expect((await readJson(b)).id).toBe(first.id);
      const withHeader = () =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: {
            cookie: club.coach.cookie,
            origin: server.url,
            'content-type': 'application/json',
            'idempotency-key': 'outbox-goal-0002',
          },
          body: JSON.stringify({ side: 'opponent', participantId: undefined, statType: 'goals', value: 1 }),
        });
      // A two-team match has no opponent outside Sideline.
      expect(await errorOf(await withHeader())).toMatchObject({ http: 400, code: 'NO_OPPONENT' });
      const keyed = () =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: {
            cookie: club.coach.cookie,
            origin: server.url,
            'content-type': 'application/json',
            'idempotency-key': 'outbox-goal-0003',
          },
          body: JSON.stringify({ participantId: ava.id, statType: 'goals', value: 1 }),
        });
      const k1 = await readJson(await keyed());
      expect((await readJson(await keyed())).id).toBe(k1.id);
      expect(await readJson(await club.parent.get(`/api/matches/${match.id}`))).toMatchObject({ scoreA: 2 });

      await club.coach.delete(`${path}/${first.id}?reason=${encodeURIComponent('Undone by scorer')}`);
      expect(await errorOf(await club.coach.post(path, body))).toMatchObject({
        http: 409,
        code: 'STAT_ALREADY_RETRACTED',
      });
      expect(await readJson(await club.parent.get(`/api/matches/${match.id}`))).toMatchObject({ scoreA: 1 });
    });
  });

  describe('where families find matches', () => {
    it('lists live, upcoming and recent matches of the caller’s teams, Live now for admins, with a livestream to watch', async () => {
      const later = await scheduleMatch(club);
      const done = await scheduleMatch(club);
      await setStatus(club.coach, done.id, 'in_progress');
      await setStatus(club.coach, done.id, 'complete');
      const live = await scheduleMatch(club);
      const ava = await addToLineup(club, live.id, club.ava);
      await setStatus(club.coach, live.id, 'in_progress');
      await recordStat(club.coach, live.id, ava.id);

      // Team A goes live on a livestream its members (and team B's parent, if it were public) may watch.
      const stream = await readJson(
        await club.coach.post('/api/livestreams', { teamId: club.teamA.id, title: 'Hawks live', isPublic: false }),
      );
      await server.server.handle(
        livestreamDecider,
        livestreamStream(stream.id),
        {
          type: 'PublishStarted',
          data: { livestreamId: stream.id, by: 'ingest', at: new Date().toISOString(), sessionId: 'session-1' },
        },
        { actorId: null },
      );

      for (const who of [club.parent, club.bo]) {
        const board = await readJson(await who.get('/api/me/matches'));
        expect(board.live.map((m: any) => m.id)).toContain(live.id);
        expect(board.upcoming.map((m: any) => m.id)).toContain(later.id);
        expect(board.recent.map((m: any) => m.id)).toContain(done.id);
        expect(board.upcoming.map((m: any) => m.id)).not.toContain(live.id);
        const card = board.live.find((m: any) => m.id === live.id);
        expect(card).toMatchObject({ scoreA: 1, scoreB: 0, minute: 1, status: 'in_progress' });
        // The private stream of team A: its parent may watch it, team B's player may not.
        expect(card.livestream).toEqual(
          who === club.parent ? { id: stream.id, teamId: club.teamA.id, title: 'Hawks live' } : null,
        );
      }
      expect(await readJson(await stranger.get('/api/me/matches'))).toEqual({ live: [], upcoming: [], recent: [] });

      const teamPage = await readJson(await club.admin.get(`/api/teams/${club.teamB.id}/matches`));
      expect(teamPage.live.map((m: any) => m.id)).toContain(live.id);

      const dashboard = await readJson(await club.admin.get('/api/admin/stats'));
      expect(dashboard.liveNow).toBeGreaterThanOrEqual(1);
      expect(dashboard.liveMatches.map((m: any) => m.id)).toContain(live.id);
      expect(dashboard.liveMatches.find((m: any) => m.id === live.id)).toMatchObject({
        teamA: club.teamA.name,
        teamB: club.teamB.name,
        scoreA: 1,
        scoreB: 0,
        minute: 1,
        sport: 'Soccer',
      });
      const consoleStats = await readJson(await club.admin.get(`/api/organizations/${club.org.id}/stats`));
      expect(consoleStats.liveNow).toBe(dashboard.liveNow);
      expect(consoleStats.liveMatches).toEqual(dashboard.liveMatches);
      const all = await readJson(await club.admin.get('/api/admin/matches'));
      const firstNotLive = all.findIndex((m: any) => m.status !== 'in_progress');
      expect(all.slice(0, firstNotLive).every((m: any) => m.status === 'in_progress')).toBe(true);
      expect(all.slice(firstNotLive).some((m: any) => m.status === 'in_progress')).toBe(false);
      expect(firstNotLive).toBeGreaterThan(0);
    });
  });

  describe('the API document', () => {
    it('describes the new reads and the new fields from their zod schemas', async () => {
      const doc = await readJson(await fetch(`${server.url}/api/docs/json`));
      const okOf = (path: string, method = 'get') =>
        doc.paths[path][method].responses['200' in doc.paths[path][method].responses ? '200' : '201'].content[
          'application/json'
        ].schema;
      expect(Object.keys(okOf('/api/me/matches').properties)).toEqual(['live', 'upcoming', 'recent']);
      expect(Object.keys(okOf('/api/teams/{teamId}/matches').properties)).toEqual(['live', 'upcoming', 'recent']);
      expect(Object.keys(okOf('/api/matches/{matchId}/timeline').properties)).toEqual([
        'matchId',
        'startedAt',
        'entries',
      ]);
      expect(Object.keys(okOf('/api/matches/{matchId}').properties)).toEqual(
        expect.arrayContaining(['opponentName', 'winnerSide', 'startedAt', 'minute', 'livestream']),
      );
      const body = doc.paths['/api/matches'].post.requestBody.content['application/json'].schema;
      expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['opponentName', 'teamBId', 'seasonId']));
      const stat = doc.paths['/api/matches/{matchId}/stats'].post.requestBody.content['application/json'].schema;
      expect(Object.keys(stat.properties)).toEqual(expect.arrayContaining(['side', 'clientId']));
    });
  });

  describe('live over the socket', () => {
    it("tells a parent of team B, and an admin of the organization in neither team, when team A's coach records a goal", async () => {
      const match = await scheduleMatch(club);
      const ava = await addToLineup(club, match.id, club.ava);
      await setStatus(club.coach, match.id, 'in_progress');
      const parentB = await member(server, 'parent', 'Owls Parent');
      expect((await parentB.post('/api/teams/join', { code: club.teamB.code })).status).toBe(200);
      // A second admin of the club, who belongs to another of its teams only.
      const teamC = await readJson(
        await club.admin.post(`/api/organizations/${club.org.id}/teams`, { seasonId: club.season.id, name: 'Robins' }),
      );
      const admin2 = await member(server, 'coach', 'Second Admin');
      expect((await admin2.post('/api/teams/join', { code: teamC.code })).status).toBe(200);
      expect(
        (await club.admin.post(`/api/organizations/${club.org.id}/admins`, { userId: admin2.userId })).status,
      ).toBe(200);
      const frames: Array<Record<string, unknown>> = [];
      const sockets = await Promise.all([parentB, admin2, stranger].map((c) => openSocket(server, c, frames)));
      try {
        sockets[0]!.send(JSON.stringify({ type: 'join_teams', teamIds: [club.teamB.id] }));
        sockets[2]!.send(JSON.stringify({ type: 'join_teams', teamIds: [club.teamA.id, club.teamB.id] }));
        await until(() => frames.filter((f) => f.type === 'joined').length === 2);
        await recordStat(club.coach, match.id, ava.id);
        await until(() =>
          [parentB.userId, admin2.userId].every((id) =>
            frames.some((f) => f.type === 'match_updated' && f.who === id && f.matchId === match.id),
          ),
        );
        expect(frames.find((f) => f.type === 'match_updated' && f.who === parentB.userId)).toMatchObject({
          matchId: match.id,
          teamIds: [club.teamA.id, club.teamB.id],
        });
        // The score is there to read at once.
        expect(await readJson(await parentB.get(`/api/matches/${match.id}`))).toMatchObject({ scoreA: 1 });
        await new Promise((r) => setTimeout(r, 200));
        expect(frames.some((f) => f.type === 'match_updated' && f.who === stranger.userId)).toBe(false);
      } finally {
        for (const socket of sockets) socket.close();
      }
    });
  });
});
