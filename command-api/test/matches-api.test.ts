import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readJson, type ApiClient } from './http-client.ts';
import { addToLineup, createClub, member, recordStat, scheduleMatch, setStatus, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let club: Club;
let rival: Club;
let stranger: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: '1' } });
  [club, rival] = await Promise.all([createClub(server, 'Riverside'), createClub(server, 'Hilltop')]);
  stranger = await member(server, 'coach', 'Sam Stranger');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The HTTP status beside the error body (whose own `status` is a match's, on ILLEGAL_TRANSITION). */
const errorOf = async (response: Response) => ({ http: response.status, ...(await readJson(response)) });

describe('scheduling a match', () => {
  it('refuses the form without its §5 fields, with their messages; an organization team without a season names seasonId', async () => {
    const response = await club.coach.post('/api/matches', {});
    expect(response.status).toBe(400);
    expect((await readJson(response)).fieldErrors).toMatchObject({
      sportId: ['Sport is required'],
      teamAId: ['Choose the home team'],
      startTime: ['Start time is required'],
    });
    const noSeason = await club.coach.post('/api/matches', {
      sportId: 'soccer',
      teamAId: club.teamA.id,
      teamBId: club.teamB.id,
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(noSeason.status).toBe(400);
    expect((await readJson(noSeason)).fieldErrors).toEqual({ seasonId: ['Season is required'] });
  });

  it('needs two different teams of the season, its sport and a start that is not past', async () => {
    const base = {
      seasonId: club.season.id,
      sportId: 'soccer',
      teamAId: club.teamA.id,
      teamBId: club.teamB.id,
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ teamBId: club.teamA.id }, { teamBId: ['Choose two different teams'] }],
      [{ teamBId: rival.teamA.id }, { teamBId: ['Choose a team of this season'] }],
      [{ sportId: 'basketball' }, { sportId: ['This season is for Soccer'] }],
      [{ sportId: 'curling' }, { sportId: ['Choose a sport from the list'] }],
      [
        { seasonId: rival.season.id, teamAId: rival.teamA.id, teamBId: rival.teamB.id },
        { seasonId: ['Season not found'] },
      ],
      [
        { startTime: new Date(Date.now() - 86_400_000).toISOString() },
        { startTime: ['Start time must not be in the past'] },
      ],
    ];
    for (const [change, fieldErrors] of cases) {
      const response = await club.coach.post('/api/matches', { ...base, ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect((await readJson(response)).fieldErrors, JSON.stringify(change)).toEqual(fieldErrors);
    }
  });

  it('lets a coach of either team or the admin schedule; a parent gets 403', async () => {
    const match = await scheduleMatch(club);
    expect(match).toMatchObject({
      seasonId: club.season.id,
      seasonName: 'Spring',
      sportId: 'soccer',
      sportName: 'Soccer',
      status: 'scheduled',
      location: 'Riverside Field 1',
      format: null,
      teamA: { id: club.teamA.id, name: club.teamA.name },
      teamB: { id: club.teamB.id, name: club.teamB.name },
      scoreA: 0,
      scoreB: 0,
      winnerId: null,
      participantCount: 0,
      canManage: true,
    });
    await scheduleMatch(club, club.coachB);
    await scheduleMatch(club, club.admin, { format: '7 v 7' });
    const parent = await club.parent.post('/api/matches', {
      seasonId: club.season.id,
      sportId: 'soccer',
      teamAId: club.teamA.id,
      teamBId: club.teamB.id,
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await errorOf(parent)).toMatchObject({ http: 403, code: 'MATCH_MANAGERS_ONLY' });
  });

  it('answers a retried create with the same Idempotency-Key with the same match', async () => {
    const body = {
      seasonId: club.season.id,
      sportId: 'soccer',
      teamAId: club.teamA.id,
      teamBId: club.teamB.id,
      startTime: new Date(Date.now() + 7_200_000).toISOString(),
    };
    const send = () =>
      fetch(`${server.url}/api/matches`, {
        method: 'POST',
        headers: {
          cookie: club.coach.cookie,
          origin: server.url,
          'content-type': 'application/json',
          'idempotency-key': 'k-1',
        },
        body: JSON.stringify(body),
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await readJson(a)).id).toBe((await readJson(b)).id);
  });
});

describe('who sees and manages a match (two organizations)', () => {
  it('shows it to both teams and the admin, never to another club; only managers change it', async () => {
    const match = await scheduleMatch(club);
    const path = `/api/matches/${match.id}`;
    for (const reader of [club.coach, club.coachB, club.admin, club.parent, club.bo]) {
      expect((await reader.get(path)).status).toBe(200);
    }
    expect((await readJson(await club.parent.get(path))).canManage).toBe(false);
    expect((await readJson(await club.coachB.get(path))).canManage).toBe(true);
    for (const outsider of [rival.admin, rival.coach, stranger]) {
      expect(await errorOf(await outsider.get(path))).toMatchObject({ http: 404, code: 'MATCH_NOT_FOUND' });
      expect((await outsider.get(`${path}/participants`)).status).toBe(404);
      expect((await outsider.get(`${path}/stats`)).status).toBe(404);
      expect((await outsider.get(`${path}/box-score`)).status).toBe(404);
      expect((await outsider.get(`${path}/playing-time`)).status).toBe(404);
      expect((await setStatus(outsider, match.id, 'in_progress')).status).toBe(404);
      expect((await outsider.post(`${path}/participants`, { userId: outsider.userId })).status).toBe(404);
    }
    expect(await errorOf(await setStatus(club.parent, match.id, 'in_progress'))).toMatchObject({
      http: 403,
      code: 'MATCH_MANAGERS_ONLY',
    });
    expect((await club.parent.post(`${path}/participants`, { userId: club.ava.userId })).status).toBe(403);
    expect((await fetch(`${server.url}${path}`)).status).toBe(401);

    const listed = async (client: ApiClient, query = '') =>
      ((await readJson(await client.get(`/api/matches${query}`))) as Array<{ id: string }>).map((m) => m.id);
    expect(await listed(club.parent)).toContain(match.id);
    expect(await listed(club.admin)).toContain(match.id);
    expect(await listed(rival.admin)).not.toContain(match.id);
    expect(await listed(stranger)).toEqual([]);
    expect(await listed(club.parent, `?status=complete`)).not.toContain(match.id);
    expect(await listed(club.parent, `?teamId=${club.teamB.id}&seasonId=${club.season.id}`)).toContain(match.id);
  });
});

describe('the match lifecycle over HTTP', () => {
  it('starts, refuses an illegal transition with 409 and the current status, completes with score and winner', async () => {
    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava);
    const bo = await addToLineup(club, match.id, club.bo, 'goalkeeper');
    const illegal = await setStatus(club.coach, match.id, 'complete');
    expect(illegal.status).toBe(409);
    expect(await readJson(illegal)).toEqual({
      code: 'ILLEGAL_TRANSITION',
      message: expect.any(String),
      status: 'scheduled',
    });

    const started = await setStatus(club.coach, match.id, 'in_progress');
    expect(started.status).toBe(200);
    expect(await readJson(started)).toMatchObject({ status: 'in_progress' });
    await recordStat(club.coach, match.id, ava.id);
    await recordStat(club.coach, match.id, ava.id);
    await recordStat(club.coachB, match.id, bo.id);
    expect(await readJson(await club.parent.get(`/api/matches/${match.id}`))).toMatchObject({ scoreA: 2, scoreB: 1 });

    const done = await readJson(await setStatus(club.coach, match.id, 'complete'));
    expect(done).toMatchObject({ status: 'complete', scoreA: 2, scoreB: 1, winnerId: club.teamA.id });
    expect(await readJson(await setStatus(club.coach, match.id, 'cancelled'))).toEqual({
      code: 'ILLEGAL_TRANSITION',
      message: expect.any(String),
      status: 'complete',
    });
    const bad = await setStatus(club.coach, match.id, 'scheduled');
    expect(bad.status).toBe(400);
  });

  it('cancels a scheduled match, after which stats are refused with 409', async () => {
    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava);
    expect((await readJson(await setStatus(club.admin, match.id, 'cancelled'))).status).toBe('cancelled');
    const refused = await club.coach.post(`/api/matches/${match.id}/stats`, {
      participantId: ava.id,
      statType: 'goals',
      value: 1,
    });
    expect(await errorOf(refused)).toMatchObject({ http: 409, code: 'ILLEGAL_TRANSITION' });
  });
});

describe('lineups and substitutions', () => {
  it('adds members of either team with a position of the sport, refuses others, removes before kick-off', async () => {
    const match = await scheduleMatch(club);
    const path = `/api/matches/${match.id}/participants`;
    const ava = await addToLineup(club, match.id, club.ava, 'striker');
    expect(ava).toEqual({
      id: expect.any(String),
      userId: club.ava.userId,
      playerId: null,
      userName: 'Riverside Ava',
      teamId: club.teamA.id,
      positionId: 'striker',
      positionName: 'Striker',
      isStarter: true,
      onField: true,
    });
    const bo = await addToLineup(club, match.id, club.bo, null, false);
    expect(bo).toMatchObject({ teamId: club.teamB.id, positionName: null, isStarter: false, onField: false });

    expect((await readJson(await club.coach.post(path, {}))).fieldErrors).toEqual({ userId: ['Player is required'] });
    expect(
      await errorOf(await club.coach.post(path, { userId: club.ben.userId, positionId: 'quarterback' })),
    ).toMatchObject({
      http: 400,
      code: 'UNKNOWN_POSITION',
    });
    expect((await readJson(await club.coach.post(path, { userId: rival.ava.userId }))).fieldErrors).toEqual({
      userId: ['Not a member of either team'],
    });
    expect(await errorOf(await club.coach.post(path, { userId: club.ava.userId }))).toMatchObject({
      http: 409,
      code: 'ALREADY_IN_LINEUP',
    });
    expect((await readJson(await club.parent.get(`/api/matches/${match.id}`))).participantCount).toBe(2);

    expect((await club.coach.delete(`${path}/${bo.id}`)).status).toBe(204);
    expect((await club.coach.delete(`${path}/${bo.id}`)).status).toBe(404);
    expect((await readJson(await club.parent.get(path))).map((p: { id: string }) => p.id)).toEqual([ava.id]);
  });

  it("adds club players from either roster by playerId, records their stats, and refuses another club's", async () => {
    const match = await scheduleMatch(club);
    const path = `/api/matches/${match.id}/participants`;
    const roster = await readJson(
      await club.admin.post(`/api/teams/${club.teamB.id}/players`, { name: 'Rosa Roster' }),
    );
    const rivalRoster = await readJson(
      await rival.admin.post(`/api/teams/${rival.teamA.id}/players`, { name: 'Rita Rival' }),
    );
    const added = await club.coach.post(path, { playerId: roster.player.id, positionId: 'goalkeeper' });
    expect(added.status, await added.clone().text()).toBe(201);
    expect(await readJson(added)).toEqual({
      id: expect.any(String),
      userId: null,
      playerId: roster.player.id,
      userName: 'Rosa Roster',
      teamId: club.teamB.id,
      positionId: 'goalkeeper',
      positionName: 'Goalkeeper',
      isStarter: true,
      onField: true,
    });
    expect(await errorOf(await club.coach.post(path, { playerId: roster.player.id }))).toMatchObject({
      http: 409,
      code: 'ALREADY_IN_LINEUP',
    });
    expect((await readJson(await club.coach.post(path, { playerId: rivalRoster.player.id }))).fieldErrors).toEqual({
      playerId: ['Not a player of either team'],
    });
    expect(
      (await readJson(await club.coach.post(path, { playerId: roster.player.id, teamId: club.teamA.id }))).fieldErrors,
    ).toEqual({ playerId: ['Not a player of that team'] });

    await setStatus(club.coach, match.id, 'in_progress');
    const saved = await club.coach.post(`/api/matches/${match.id}/stats`, {
      playerId: roster.player.id,
      statType: 'saves',
      value: 3,
    });
    expect(saved.status, await saved.clone().text()).toBe(201);
    expect(await readJson(saved)).toMatchObject({ playerId: roster.player.id, userName: 'Rosa Roster', value: 3 });
  });

  it('substitutes during play and keeps the playing-time ledger with the events behind it', async () => {
    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava, 'striker');
    const ben = await addToLineup(club, match.id, club.ben, 'winger', false);
    await setStatus(club.coach, match.id, 'in_progress');
    const notYet = await club.coach.post(`/api/matches/${match.id}/substitutions`, {
      out: ava.id,
      in: ben.id,
      at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(await errorOf(notYet)).toMatchObject({ http: 400, code: 'SUBSTITUTION_TIME' });
    const sub = await club.coach.post(`/api/matches/${match.id}/substitutions`, { out: ava.id, in: ben.id });
    expect(sub.status).toBe(201);
    const lineup = await readJson(sub);
    expect(
      lineup.map((p: { id: string; onField: boolean; positionId: string }) => [p.id, p.onField, p.positionId]),
    ).toEqual([
      [ava.id, false, 'striker'],
      [ben.id, true, 'striker'],
    ]);
    expect(await errorOf(await club.coach.delete(`/api/matches/${match.id}/participants/${ben.id}`))).toMatchObject({
      http: 409,
      code: 'PARTICIPANT_HAS_PLAYED',
    });
    await setStatus(club.coach, match.id, 'complete');
    const time = await readJson(await club.parent.get(`/api/matches/${match.id}/playing-time`));
    const byId = Object.fromEntries(time.players.map((p: { participantId: string }) => [p.participantId, p]));
    expect(byId[ava.id].segments).toEqual([
      expect.objectContaining({
        positionId: 'striker',
        startedBy: { type: 'MatchStarted', revision: expect.any(Number) },
        endedBy: { type: 'Substituted', revision: expect.any(Number) },
      }),
    ]);
    expect(byId[ben.id].segments).toEqual([
      expect.objectContaining({
        startedBy: { type: 'Substituted', revision: expect.any(Number) },
        endedBy: { type: 'MatchCompleted', revision: expect.any(Number) },
      }),
    ]);
    expect(byId[ben.id].byPosition).toEqual([
      { positionId: 'striker', positionName: 'Striker', minutes: expect.any(Number) },
    ]);

    const season = await readJson(await club.admin.get(`/api/seasons/${club.season.id}/playing-time`));
    expect(season.players.map((p: { userId: string }) => p.userId)).toEqual(
      expect.arrayContaining([club.ava.userId, club.ben.userId]),
    );
    // A member of team B sees only team B's players; another club not at all.
    const seenByBo = await readJson(await club.bo.get(`/api/seasons/${club.season.id}/playing-time`));
    const teamA = new Set([club.ava.userId, club.ben.userId]);
    expect(seenByBo.players.some((p: { userId: string | null }) => p.userId !== null && teamA.has(p.userId))).toBe(
      false,
    );
    expect((await rival.admin.get(`/api/seasons/${club.season.id}/playing-time`)).status).toBe(404);
  });
});

describe('statistics with corrections', () => {
  it('validates the stat form: player, type of the sport, value ≥ 0 in steps of 0.01', async () => {
    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava);
    await setStatus(club.coach, match.id, 'in_progress');
    const path = `/api/matches/${match.id}/stats`;
    expect((await readJson(await club.coach.post(path, { value: -1 }))).fieldErrors).toEqual({
      userId: ['Player is required'],
      statType: ['Stat type is required'],
      value: ['Value must be positive'],
    });
    expect(
      (await readJson(await club.coach.post(path, { participantId: ava.id, statType: 'goals', value: 1.005 })))
        .fieldErrors,
    ).toEqual({
      value: ['Use at most two decimals (steps of 0.01)'],
    });
    expect(
      await errorOf(await club.coach.post(path, { participantId: ava.id, statType: 'touchdowns', value: 1 })),
    ).toMatchObject({
      http: 400,
      code: 'UNKNOWN_STAT_TYPE',
    });
    expect(
      (await readJson(await club.coach.post(path, { userId: club.ben.userId, statType: 'goals', value: 1 })))
        .fieldErrors,
    ).toEqual({
      userId: ['This player is not in the lineup'],
    });
    const byUser = await club.coach.post(path, {
      userId: club.ava.userId,
      statType: 'passes',
      value: '12.5',
      context: 'first half',
    });
    expect(byUser.status).toBe(201);
    expect(await readJson(byUser)).toEqual({
      id: expect.any(String),
      participantId: ava.id,
      userId: club.ava.userId,
      playerId: null,
      userName: 'Riverside Ava',
      teamId: club.teamA.id,
      side: 'teamA',
      statType: 'passes',
      value: 12.5,
      context: 'first half',
      recordedAt: expect.any(String),
      amended: false,
    });
  });

  it('two scorers recording at once on one match both land', async () => {
    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava);
    const bo = await addToLineup(club, match.id, club.bo);
    await setStatus(club.coach, match.id, 'in_progress');
    const shots = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? club.coach : club.coachB).post(`/api/matches/${match.id}/stats`, {
          participantId: i % 2 === 0 ? ava.id : bo.id,
          statType: 'goals',
          value: 1,
        }),
      ),
    );
    expect(shots.map((r) => r.status)).toEqual(Array(12).fill(201));
    expect(await readJson(await club.parent.get(`/api/matches/${match.id}`))).toMatchObject({ scoreA: 6, scoreB: 6 });
    expect(await readJson(await club.parent.get(`/api/matches/${match.id}/stats`))).toHaveLength(12);
  });

  it('amends and retracts with a reason; box score, score, rewards and the past box score follow history', async () => {
    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava);
    await setStatus(club.coach, match.id, 'in_progress');
    const xpBefore = (await readJson(await club.ava.get('/api/rewards/me'))).xp;
    const first = await recordStat(club.coach, match.id, ava.id);
    const second = await recordStat(club.coach, match.id, ava.id);
    await recordStat(club.coach, match.id, ava.id, 'assists', 1);
    await server.server.progress.waitFor(await server.eventStore.headPosition(), 10_000);
    expect((await readJson(await club.ava.get('/api/rewards/me'))).xp).toBe(xpBefore + 20 + 20 + 15);
    const beforeCorrection = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));

    const path = `/api/matches/${match.id}/stats`;
    expect((await readJson(await club.coach.put(`${path}/${first.id}`, { value: 2 }))).fieldErrors).toEqual({
      reason: ['Reason is required'],
    });
    const amended = await club.coach.put(`${path}/${first.id}`, { value: 0, reason: 'Offside on review' });
    expect(await readJson(amended)).toMatchObject({ id: first.id, value: 0, amended: true });
    expect((await club.coach.delete(`${path}/${second.id}`)).status).toBe(400);
    expect((await club.coach.delete(`${path}/${second.id}?reason=${encodeURIComponent('Own goal')}`)).status).toBe(204);
    expect((await club.coach.put(`${path}/${second.id}`, { value: 1, reason: 'x' })).status).toBe(404);
    expect((await club.parent.delete(`${path}/${first.id}?reason=nope`)).status).toBe(403);

    const stats = await readJson(await club.parent.get(path));
    expect(stats.map((s: { id: string; value: number }) => [s.id, s.value])).toEqual([
      [first.id, 0],
      [expect.any(String), 1],
    ]);
    const box = await readJson(await club.parent.get(`/api/matches/${match.id}/box-score`));
    expect(box).toMatchObject({ matchId: match.id, at: null, scoreA: 0, scoreB: 0 });
    expect(box.teams[0].players).toEqual([
      { participantId: ava.id, name: 'Riverside Ava', stats: { goals: 0, assists: 1 } },
    ]);
    const past = await readJson(
      await club.parent.get(`/api/matches/${match.id}/box-score?at=${encodeURIComponent(beforeCorrection)}`),
    );
    expect(past).toMatchObject({ at: beforeCorrection, scoreA: 2 });
    expect(past.teams[0].players[0].stats).toEqual({ goals: 2, assists: 1 });
    const longAgo = await club.parent.get(`/api/matches/${match.id}/box-score?at=2001-01-01T00:00:00Z`);
    expect(await errorOf(longAgo)).toMatchObject({ http: 404, code: 'NOT_SCHEDULED_YET' });

    await server.server.progress.waitFor(await server.eventStore.headPosition(), 10_000);
    // The organization's activity says who corrected what, and why.
    const activity = (await readJson(await club.admin.get(`/api/organizations/${club.org.id}/activity?limit=50`))).map(
      (a: { description: string }) => a.description,
    );
    expect(activity).toContain(
      `Riverside Coach corrected Riverside Ava's goals in the match ${club.teamA.name} vs ${club.teamB.name} from 1 to 0: Offside on review`,
    );
    expect(activity).toContain(
      `Riverside Coach retracted Riverside Ava's goals (1) in the match ${club.teamA.name} vs ${club.teamB.name}: Own goal`,
    );
    expect(activity).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Riverside Coach scheduled ${club.teamA.name} vs ${club.teamB.name} in the season Spring for `),
      ),
    );

    const rewards = await readJson(await club.ava.get('/api/rewards/me'));
    expect(rewards.xp).toBe(xpBefore + 15);
    expect(rewards.history.slice(0, 2).map((h: { action: string; xp: number }) => [h.action, h.xp])).toEqual([
      ['goal', -20],
      ['goal', -20],
    ]);
  });

  it('needs a reason to retract a stat: the OpenAPI document says so, and the 400 names it', async () => {
    const doc = await readJson(await fetch(`${server.url}/api/docs/json`));
    const retract = doc.paths['/api/matches/{matchId}/stats/{statId}'].delete;
    expect(retract.parameters).toContainEqual(expect.objectContaining({ in: 'query', name: 'reason', required: true }));

    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava);
    await setStatus(club.coach, match.id, 'in_progress');
    const stat = await recordStat(club.coach, match.id, ava.id);
    const path = `/api/matches/${match.id}/stats/${stat.id}`;
    const refusal = {
      message: 'A reason is required to retract a statistic',
      code: 'VALIDATION',
      fieldErrors: { reason: ['Reason is required'] },
    };
    for (const query of ['', '?reason=', '?reason=%20%20']) {
      const response = await club.coach.delete(`${path}${query}`);
      expect(response.status, query).toBe(400);
      expect(await readJson(response)).toEqual(refusal);
    }
    // A JSON body still carries it, for clients that send one.
    const withBody = (body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'DELETE',
        headers: { cookie: club.coach.cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const blankBody = await withBody({ reason: ' ' });
    expect(blankBody.status).toBe(400);
    expect(await readJson(blankBody)).toEqual(refusal);
    // The path is still checked first, as on every route.
    expect((await club.coach.delete(`/api/matches/%00/stats/${stat.id}?reason=x`)).status).toBe(400);
    expect((await withBody({ reason: 'Entered twice' })).status).toBe(204);
    expect(await readJson(await club.parent.get(`/api/matches/${match.id}/stats`))).toEqual([]);
  });

  it('tells the members of both teams over the socket when a match changes', async () => {
    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava);
    await setStatus(club.coach, match.id, 'in_progress');
    const frames: Array<{ type: string; [k: string]: unknown }> = [];
    const sockets = await Promise.all(
      [club.parent, club.bo, rival.parent].map(
        (client) =>
          new Promise<WebSocket>((resolve, reject) => {
            const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, {
              headers: { cookie: client.cookie },
              origin: server.url,
            });
            socket.on('message', (data) => frames.push({ ...JSON.parse(String(data)), who: client.userId }));
            socket.once('open', () => resolve(socket));
            socket.once('error', reject);
          }),
      ),
    );
    try {
      sockets[0]!.send(JSON.stringify({ type: 'join_teams', teamIds: [club.teamA.id] }));
      sockets[1]!.send(JSON.stringify({ type: 'join_teams', teamIds: [club.teamB.id] }));
      sockets[2]!.send(JSON.stringify({ type: 'join_teams', teamIds: [rival.teamA.id, club.teamA.id] }));
      await until(() => frames.filter((f) => f.type === 'joined').length === 3);
      await recordStat(club.coach, match.id, ava.id);
      await until(() => frames.filter((f) => f.type === 'match_updated').length >= 2);
      const updates = frames.filter((f) => f.type === 'match_updated');
      expect(new Set(updates.map((f) => f.who))).toEqual(new Set([club.parent.userId, club.bo.userId]));
      expect(updates[0]).toMatchObject({ matchId: match.id, teamIds: [club.teamA.id, club.teamB.id] });
    } finally {
      for (const socket of sockets) socket.close();
    }
  });
});

describe('game recap from a match', () => {
  it('writes the score, result, top performers and notable stats, and tells the corrected story after a correction', async () => {
    const match = await scheduleMatch(club);
    const ava = await addToLineup(club, match.id, club.ava);
    const ben = await addToLineup(club, match.id, club.ben, 'winger');
    const bo = await addToLineup(club, match.id, club.bo, 'goalkeeper');
    await setStatus(club.coach, match.id, 'in_progress');
    const goal = await recordStat(club.coach, match.id, ava.id);
    await recordStat(club.coach, match.id, ava.id);
    await recordStat(club.coach, match.id, ben.id, 'assists', 1);
    await recordStat(club.coachB, match.id, bo.id);
    await recordStat(club.coachB, match.id, bo.id, 'saves', 4);
    const recap = (body: Record<string, unknown>) => club.parent.post('/api/ai/game-recap', body);

    const live = await readJson(await recap({ teamId: club.teamA.id, matchId: match.id }));
    expect(live.title).toBe(`${club.teamA.name} vs ${club.teamB.name} recap`);
    expect(live.content.split('\n')[0]).toBe('Score so far: 2 – 1.');

    await setStatus(club.coach, match.id, 'complete');
    const final = await readJson(await recap({ teamId: club.teamA.id, matchId: match.id }));
    expect(final.stats).toEqual({ finalScore: '2 – 1', topScorer: 'Riverside Ava', keyMoments: expect.any(Number) });
    const lines: string[] = final.content.split('\n');
    expect(lines[0]).toBe(`Final score: 2 – 1. ${club.teamA.name} won.`);
    expect(lines).toContain('• Riverside Ava: 2 goals');
    expect(lines).toContain(`• Riverside Bo (${club.teamB.name}): 1 goal, 4 saves`);

    // A goal taken back after the final whistle: the recap asked for now tells the corrected story.
    await club.coach.delete(`/api/matches/${match.id}/stats/${goal.id}?reason=${encodeURIComponent('Own goal')}`);
    const corrected = await readJson(
      await club.bo.post('/api/ai/game-recap', { teamId: club.teamB.id, matchId: match.id }),
    );
    expect(corrected.content.split('\n')[0]).toBe('Final score: 1 – 1. A draw.');
    expect(corrected.stats.finalScore).toBe('1 – 1');

    expect((await recap({ teamId: club.teamB.id, matchId: match.id })).status).toBe(404);
    expect((await rival.parent.post('/api/ai/game-recap', { teamId: rival.teamA.id, matchId: match.id })).status).toBe(
      404,
    );
  });
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
