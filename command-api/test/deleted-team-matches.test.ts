import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActivityPageSchema,
  adminMatchSchema,
  adminStatsSchema,
  boxScoreSchema,
  matchBoardSchema,
  matchSchema,
  matchStream,
  matchTimelineSchema,
  participantSchema,
  statSchema,
  teamStream,
  teamDecider,
  type Match,
} from '@sideline/domain';
import { createLogger, loadConfig } from '@sideline/infra';
import { testDatabaseKinds } from '@sideline/infra/testing';
import { createPasswordHasher } from '../src/identity/passwords.ts';
import { cancelMatchesOfDeletedTeam } from '../src/matches/deleted-team-matches.ts';
import { createSidelineServer } from '../src/server.ts';
import { readJson, type ApiClient } from './http-client.ts';
import { addToLineup, createClub, recordStat, scheduleMatch, setStatus, type Club } from './match-fixture.ts';
import { startTestServer, type TestServer } from './test-server.ts';

async function until<T>(check: () => Promise<T | null | false>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function ok<T = any>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return readJson(response) as Promise<T>;
}

/**
 * Deleting a team cancels its matches still to be played, keeps a completed result against a team
 * that still exists in that team's history (the deleted team named as it was, without its
 * players, like an opponent not on Sideline), and takes a match of deleted teams only (or of the
 * deleted team against an opponent not on Sideline) out of every read.
 */
describe.each(await testDatabaseKinds())("a deleted team's matches (%s)", (kind) => {
  let server: TestServer;
  let club: Club;
  /** Hawks (team A) vs Owls (team B): to be played, being played, played. */
  let upcoming: { id: string };
  let live: { id: string };
  let played: { id: string };
  /** Owls against an opponent not on Sideline: to be played, played. */
  let owlsUpcoming: { id: string };
  let owlsPlayed: { id: string };
  /** Owls vs Cats, a third team of the club, deleted too. */
  let bothGone: { id: string };
  let cats: { id: string; code: string; name: string };
  let token: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, env: { TRUST_PROXY: '1' } });
    club = await createClub(server, 'Riverside');
    cats = await ok(
      await club.admin.post(`/api/organizations/${club.org.id}/teams`, {
        seasonId: club.season.id,
        name: 'Riverside Cats',
      }),
      201,
    );
    token = (await ok(await club.admin.post('/api/tokens', { name: 'BI', organizationId: club.org.id }), 201)).token;

    upcoming = await scheduleMatch(club);
    live = await scheduleMatch(club);
    expect((await setStatus(club.coach, live.id, 'in_progress')).status).toBe(200);

    played = await scheduleMatch(club);
    const ava = await addToLineup(club, played.id, club.ava);
    const bo = await addToLineup(club, played.id, club.bo);
    expect((await setStatus(club.coach, played.id, 'in_progress')).status).toBe(200);
    await recordStat(club.coach, played.id, ava.id);
    await recordStat(club.coach, played.id, ava.id);
    await recordStat(club.coach, played.id, bo.id);
    expect((await setStatus(club.coach, played.id, 'complete')).status).toBe(200);

    const againstOpponent = { teamAId: club.teamB.id, teamBId: undefined, opponentName: 'Eastside FC' };
    owlsUpcoming = await scheduleMatch(club, club.coachB, againstOpponent);
    owlsPlayed = await scheduleMatch(club, club.coachB, againstOpponent);
    expect((await setStatus(club.coachB, owlsPlayed.id, 'in_progress')).status).toBe(200);
    expect((await setStatus(club.coachB, owlsPlayed.id, 'complete')).status).toBe(200);

    bothGone = await scheduleMatch(club, club.admin, { teamAId: club.teamB.id, teamBId: cats.id });
    expect((await setStatus(club.admin, bothGone.id, 'in_progress')).status).toBe(200);
    expect((await setStatus(club.admin, bothGone.id, 'complete')).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const statsOf = async () => adminStatsSchema.parse(await ok(await club.admin.get('/api/admin/stats')));
  const adminMatches = async () => adminMatchSchema.array().parse(await ok(await club.admin.get('/api/admin/matches')));
  const matchesOf = async (client: ApiClient) => matchSchema.array().parse(await ok(await client.get('/api/matches')));
  const ids = (matches: ReadonlyArray<{ id: string }>) => matches.map((m) => m.id).sort();

  it('cancels the matches still to be played, keeps a result against a team that remains, and hides the rest', async () => {
    const before = await statsOf();
    expect(before.liveNow).toBe(1);
    expect(before.upcomingMatches.map((m) => m.id)).toEqual(expect.arrayContaining([upcoming.id, owlsUpcoming.id]));

    expect((await club.admin.delete(`/api/admin/teams/${club.teamB.id}`)).status).toBe(204);

    // The Hawks' families see the Owls' matches still to be played called off.
    const hawks = await matchesOf(club.parent);
    const byId = new Map(hawks.map((m) => [m.id, m]));
    expect(ids(hawks)).toEqual(ids([upcoming, live, played]));
    expect(byId.get(upcoming.id)!.status).toBe('cancelled');
    expect(byId.get(live.id)!.status).toBe('cancelled');
    // The result stays, the Owls named as they were.
    expect(byId.get(played.id)).toMatchObject({
      status: 'complete',
      scoreA: 2,
      scoreB: 1,
      teamA: { id: club.teamA.id, name: club.teamA.name },
      teamB: { id: club.teamB.id, name: club.teamB.name },
    });
    for (const path of ['/api/me/matches', `/api/teams/${club.teamA.id}/matches`]) {
      const board = matchBoardSchema.parse(await ok(await club.parent.get(path)));
      expect(board.live).toEqual([]);
      expect(board.upcoming).toEqual([]);
      expect(board.recent.map((m) => m.id)).toEqual([played.id]);
    }

    // The organization's lists and counts: nothing of the Owls is still to be played or live.
    const after = await statsOf();
    expect(after.liveNow).toBe(0);
    expect(after.liveMatches).toEqual([]);
    expect(after.upcomingMatches).toEqual([]);
    expect(after.totalMatches).toBe(before.totalMatches - 2);
    const admin = await adminMatches();
    expect(ids(admin)).toEqual(ids([upcoming, live, played, bothGone]));
    expect(admin.find((m) => m.id === upcoming.id)!.status).toBe('cancelled');
    expect(admin.find((m) => m.id === played.id)).toMatchObject({ status: 'completed', teamB: club.teamB.name });
    expect(ids(await matchesOf(club.admin))).toEqual(ids([upcoming, live, played, bothGone]));

    // The Owls' former members have no match of theirs left, and the team's page is gone.
    expect(await matchesOf(club.coachB)).toEqual([]);
    expect(await matchesOf(club.bo)).toEqual([]);
    expect((await club.admin.get(`/api/teams/${club.teamB.id}/matches`)).status).toBe(404);
    expect((await club.bo.get(`/api/matches/${played.id}`)).status).toBe(404);

    // The Owls against an opponent not on Sideline: gone from every read, for the admins too.
    for (const match of [owlsUpcoming, owlsPlayed]) {
      for (const path of ['', '/stats', '/timeline', '/participants', '/box-score', '/playing-time', '/stats/stream']) {
        expect((await club.admin.get(`/api/matches/${match.id}${path}`)).status, path).toBe(404);
      }
      for (const path of ['/box-score', '/stats/stream']) {
        const response = await fetch(`${server.url}/api/matches/${match.id}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status, path).toBe(404);
      }
      expect((await club.admin.delete(`/api/admin/matches/${match.id}`)).status).toBe(404);
    }
    // Its match still to be played was cancelled all the same (the audit says why).
    const audit = adminActivityPageSchema.parse(
      await ok(await club.admin.get(`/api/admin/activity?type=MatchCancelled`)),
    );
    const lines = audit.items.map((a) => a.description);
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(line).toContain(`because ${'Riverside Admin'} deleted the team ${club.teamB.name}`);
  });

  it("reads the result like one against an opponent not on Sideline: its score and totals, not the deleted team's players", async () => {
    const path = `/api/matches/${played.id}`;
    const box = boxScoreSchema.parse(await ok(await club.parent.get(`${path}/box-score`)));
    const [hawks, owls] = box.teams;
    expect(hawks).toMatchObject({ teamId: club.teamA.id, score: 2, totals: { goals: 2 } });
    expect(hawks!.players.map((p) => p.name)).toEqual([expect.stringContaining('Ava')]);
    expect(owls).toMatchObject({ teamId: club.teamB.id, name: club.teamB.name, score: 1, totals: { goals: 1 } });
    expect(owls!.players).toEqual([]);
    // As it stood at a moment, too (folded from the match's history).
    const at = encodeURIComponent(new Date().toISOString());
    const then = boxScoreSchema.parse(await ok(await club.parent.get(`${path}/box-score?at=${at}`)));
    expect(then.teams[1]!.players).toEqual([]);
    expect(then.teams[0]!.players).toHaveLength(1);

    const lineup = participantSchema.array().parse(await ok(await club.parent.get(`${path}/participants`)));
    expect(lineup.map((p) => p.teamId)).toEqual([club.teamA.id]);

    const stats = statSchema.array().parse(await ok(await club.parent.get(`${path}/stats`)));
    const owlsGoal = stats.find((s) => s.teamId === club.teamB.id)!;
    expect(owlsGoal).toMatchObject({
      side: 'teamB',
      participantId: null,
      userId: null,
      playerId: null,
      userName: club.teamB.name,
    });
    expect(stats.filter((s) => s.teamId === club.teamA.id).map((s) => s.userName)).toEqual([
      expect.stringContaining('Ava'),
      expect.stringContaining('Ava'),
    ]);

    const timeline = matchTimelineSchema.parse(await ok(await club.parent.get(`${path}/timeline`)));
    const owlsEntry = timeline.entries.find((e) => e.side === 'teamB')!;
    expect(owlsEntry).toMatchObject({ participantId: null, playerName: null, sideName: club.teamB.name });
    expect(timeline.entries.filter((e) => e.side === 'teamA').every((e) => e.playerName !== null)).toBe(true);

    const minutes = await ok(await club.parent.get(`${path}/playing-time`));
    expect(minutes.players.map((p: { teamId: string }) => p.teamId)).toEqual([club.teamA.id]);

    // The season's leaderboards keep the Hawks' players only.
    const totals = await ok(await club.admin.get(`/api/seasons/${club.season.id}/stat-totals`));
    expect(totals.totals.map((t: { teamId: string }) => t.teamId)).toEqual([club.teamA.id]);
  });

  it('takes a match of deleted teams only out of every read once its last team is deleted', async () => {
    expect((await club.admin.get(`/api/matches/${bothGone.id}`)).status).toBe(200);
    expect((await club.admin.delete(`/api/admin/teams/${cats.id}`)).status).toBe(204);
    expect((await club.admin.get(`/api/matches/${bothGone.id}`)).status).toBe(404);
    expect(ids(await adminMatches())).toEqual(ids([upcoming, live, played]));
    expect(ids(await matchesOf(club.admin))).toEqual(ids([upcoming, live, played]));
    const seasons = await ok(await club.admin.get('/api/admin/seasons'));
    expect(seasons.find((s: { id: string }) => s.id === club.season.id).matchCount).toBe(3);
  });
});

/**
 * A deletion whose process stopped before its matches were cancelled is finished by the next
 * API process to start (as after a crash, or in another process of a split deployment).
 */
describe.each(await testDatabaseKinds())('a deletion cut short (%s)', (kind) => {
  it('has its matches cancelled by the next process to start', async () => {
    const first = await startTestServer({ kind, env: { TRUST_PROXY: '1' } });
    let firstOpen = true;
    try {
      const club = await createClub(first, 'Hilltop');
      const match = await scheduleMatch(club);
      // The team's deletion alone, as a process that stopped right after it would leave it.
      await first.server.handle(
        teamDecider,
        teamStream(club.teamB.id),
        { type: 'DeleteTeam', data: { teamId: club.teamB.id, by: club.admin.userId, byIsOrgAdmin: true } },
        { actorId: club.admin.userId },
      );
      const statusOf = async (url: string) =>
        (
          (await readJson(
            await fetch(`${url}/api/matches/${match.id}`, { headers: { cookie: club.parent.cookie } }),
          )) as Match
        ).status;
      expect(await statusOf(first.url)).toBe('scheduled');

      firstOpen = false;
      await first.server.close();
      const second = await createSidelineServer({
        config: loadConfig({ LOG_LEVEL: 'silent', RTMP_ENABLED: '0', TRUST_PROXY: '1' }),
        database: first.database,
        eventStore: first.eventStore,
        bus: first.bus,
        logger: createLogger({ level: 'silent' }),
        passwords: createPasswordHasher(12),
        webDist: null,
      });
      try {
        const url = (await second.app.listen({ host: '127.0.0.1', port: 0 })).replace('[::1]', '127.0.0.1');
        await until(async () => (await statusOf(url)) === 'cancelled', 10_000);
      } finally {
        await second.close();
      }
    } finally {
      if (firstOpen) await first.server.close();
      await first.eventStore.close();
      await first.bus.close();
      await first.database.close();
    }
  }, 120_000);
});

/**
 * Two API processes of one deployment (a shared PostgreSQL) react to the same deletion at once, as
 * when one finishes it at start-up while the other runs it: each match is cancelled once.
 */
describe.each((await testDatabaseKinds()).filter((kind) => kind === 'postgres'))(
  'two processes cancelling the same deletion (%s)',
  (kind) => {
    it('cancel each match once', async () => {
      const first = await startTestServer({ kind, env: { TRUST_PROXY: '1' } });
      try {
        const club = await createClub(first, 'Lakeside');
        const matches = [await scheduleMatch(club), await scheduleMatch(club), await scheduleMatch(club)];
        expect((await setStatus(club.coach, matches[2]!.id, 'in_progress')).status).toBe(200);
        await first.server.handle(
          teamDecider,
          teamStream(club.teamB.id),
          { type: 'DeleteTeam', data: { teamId: club.teamB.id, by: club.admin.userId, byIsOrgAdmin: true } },
          { actorId: club.admin.userId },
        );
        const second = await startTestServer({
          database: first.database,
          env: {
            TRUST_PROXY: '1',
            SIDELINE_ROLE: 'api',
            NATS_URL: 'nats://127.0.0.1:4222',
            DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
          },
        });
        try {
          const logger = createLogger({ level: 'silent' });
          await Promise.all(
            [first, second, first, second].map((s) =>
              cancelMatchesOfDeletedTeam(
                { db: s.database.db, eventStore: s.eventStore, handle: s.server.handle, logger },
                club.teamB.id,
                false,
              ),
            ),
          );
        } finally {
          await second.close();
        }
        for (const match of matches) {
          const events = await first.eventStore.readStream(matchStream(match.id));
          expect(events.filter((e) => e.type === 'MatchCancelled').map((e) => e.data)).toEqual([
            expect.objectContaining({ reason: 'team_deleted', deletedTeamId: club.teamB.id, by: club.admin.userId }),
          ]);
        }
        const statuses = await until(async () => {
          const list = matchSchema.array().parse(await ok(await club.parent.get('/api/matches')));
          return list.every((m) => m.status === 'cancelled') ? list.map((m) => m.status) : null;
        }, 10_000);
        expect(statuses).toHaveLength(3);
      } finally {
        await first.close();
      }
    }, 120_000);
  },
);
