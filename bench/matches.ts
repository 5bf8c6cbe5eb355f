import { randomUUID } from 'node:crypto';
import {
  matchDecider,
  matchStream,
  userDecider,
  userStream,
  type MatchCommand,
  type MatchEvent,
  type MatchState,
} from '@sideline/domain';
import {
  createInProcessBus,
  createLogger,
  createPostgresEventStore,
  loadConfig,
  START,
  type Database,
  type NewEvent,
  type Position,
} from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { matchesProjector, ProjectionProgress, ProjectionRunner } from '@sideline/projections';
import { buildApp } from '../command-api/src/app.ts';
import { createPasswordHasher } from '../command-api/src/identity/passwords.ts';
import { allMigrations } from '../command-api/src/migrations.ts';
import { createSidelineServer } from '../command-api/src/server.ts';
import { issueApiToken } from '../command-api/src/tokens/api-tokens.ts';

/** RecordStat requests per run (each run on a fresh match). */
const STATS = Number(process.env.MATCH_BENCH_STATS ?? 400);
/** Events in the replayed match. */
const REPLAY_EVENTS = Number(process.env.MATCH_BENCH_REPLAY_EVENTS ?? 100_000);
/** Replay and raw catch-up alternate, so drift on a shared machine hits both; the median counts. */
const ROUNDS = 3;

const logger = createLogger({ level: 'silent' });
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Row {
  target: string;
  metric: string;
  value: string;
  note: string;
}

/**
 * RecordStat over HTTP on one match (POST /api/matches/{id}/stats, which answers after the read
 * models have the stat), by 1 and by 8 scorers at once.
 */
async function recordStatRates(database: Database, label: string, rows: Row[]): Promise<void> {
  const eventStore = createPostgresEventStore(database);
  const bus = createInProcessBus();
  const server = await createSidelineServer({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    eventStore,
    bus,
    logger,
    passwords: createPasswordHasher(10),
    webDist: null,
  });
  const url = (await server.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  try {
    // People are registered through the command (the HTTP route is rate-limited per IP by design).
    const person = async (role: 'coach' | 'player') => {
      const userId = randomUUID();
      await server.handle(
        userDecider,
        userStream(userId),
        { type: 'RegisterUser', data: { userId, name: `Bench ${role}`, email: `${userId}@bench.test`, role } },
        { actorId: userId },
      );
      return { userId, cookie: `sideline_session=${await server.sessions.create(userId, {})}` };
    };
    const send = async (who: { cookie: string }, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { cookie: who.cookie, origin: url, 'content-type': 'application/json' },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body ?? {}) }),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as any;
    };
    const [admin, home, away] = await Promise.all([person('coach'), person('player'), person('player')]);
    const org = await send(admin, 'POST', '/api/organizations', { name: 'Bench Club' });
    const day = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const season = await send(admin, 'POST', `/api/organizations/${org.id}/seasons`, {
      name: 'Bench',
      sport: 'Soccer',
      startDate: day(-1),
      endDate: day(60),
    });
    const teamA = await send(admin, 'POST', `/api/organizations/${org.id}/teams`, { seasonId: season.id, name: 'A' });
    const teamB = await send(admin, 'POST', `/api/organizations/${org.id}/teams`, { seasonId: season.id, name: 'B' });
    await send(home, 'POST', '/api/teams/join', { code: teamA.code });
    await send(away, 'POST', '/api/teams/join', { code: teamB.code });

    for (const scorers of [1, 8]) {
      const match = await send(admin, 'POST', '/api/matches', {
        seasonId: season.id,
        sportId: 'soccer',
        teamAId: teamA.id,
        teamBId: teamB.id,
        startTime: new Date(Date.now() + 3_600_000).toISOString(),
      });
      const a = await send(admin, 'POST', `/api/matches/${match.id}/participants`, { userId: home.userId });
      const b = await send(admin, 'POST', `/api/matches/${match.id}/participants`, { userId: away.userId });
      await send(admin, 'PUT', `/api/matches/${match.id}`, { status: 'in_progress' });
      let issued = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: scorers }, async (_, s) => {
          while (issued < STATS) {
            const n = issued++;
            await send(admin, 'POST', `/api/matches/${match.id}/stats`, {
              participantId: (n + s) % 2 === 0 ? a.id : b.id,
              statType: n % 5 === 0 ? 'goals' : 'passes',
              value: 1,
            });
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const landed = (await send(admin, 'GET', `/api/matches/${match.id}/stats`)).length as number;
      if (landed !== STATS) throw new Error(`${landed} of ${STATS} stats landed`);
      rows.push({
        target: label,
        metric: `RecordStat/s, ${scorers} scorer${scorers > 1 ? 's' : ''} on one match`,
        value: fmt(STATS / seconds),
        note: `${STATS} requests, all landed; p50 ≈ ${((seconds * 1000 * scorers) / STATS).toFixed(1)} ms`,
      });
    }
  } finally {
    await server.close();
    await eventStore.close();
    await bus.close();
  }
}

/** A long match's events, decided by the real decider: a lineup, then stats with a few corrections. */
function longMatch(matchId: string, total: number): MatchEvent[] {
  const at = (i: number) => new Date(Date.UTC(2026, 4, 2, 10) + i).toISOString();
  const sent = (i: number) => ({ matchId, by: 'bench', at: at(i) });
  let state: MatchState = matchDecider.initialState;
  const events: MatchEvent[] = [];
  const run = (command: MatchCommand) => {
    for (const e of matchDecider.decide(command, state)) {
      state = matchDecider.evolve(state, e);
      events.push(e);
    }
  };
  run({
    type: 'ScheduleMatch',
    data: {
      ...sent(0),
      seasonId: 'bench-season',
      orgId: 'bench-org',
      sportId: 'basketball',
      teamAId: 'bench-a',
      teamBId: 'bench-b',
      startTime: at(0),
      location: null,
      format: null,
    },
  });
  const players = Array.from({ length: 10 }, (_, i) => `p${i}`);
  for (const [i, participantId] of players.entries()) {
    run({
      type: 'AddParticipant',
      data: {
        ...sent(i),
        participantId,
        userId: `u${i}`,
        playerId: null,
        name: `Player ${i}`,
        teamId: i < 5 ? 'bench-a' : 'bench-b',
        positionId: 'center',
        isStarter: true,
      },
    });
  }
  run({ type: 'StartMatch', data: sent(20) });
  for (let i = 0; events.length < total; i++) {
    const statId = `s${i}`;
    run({
      type: 'RecordStat',
      data: { ...sent(100 + i), statId, participantId: players[i % 10]!, statType: 'points', value: 2, context: null },
    });
    if (i % 20 === 19)
      run({ type: 'AmendStat', data: { ...sent(100 + i), statId, value: 3, context: null, reason: 'and one' } });
    if (i % 50 === 49) run({ type: 'RetractStat', data: { ...sent(100 + i), statId: `s${i - 1}`, reason: 'travel' } });
  }
  return events.slice(0, total);
}

/**
 * NDJSON replay of a long match over HTTP (with an API token) beside the event store's raw
 * catch-up (subscribeToAll from the start into a no-op consumer) on the same database.
 */
async function replayRates(database: Database, label: string, rows: Row[]): Promise<void> {
  const eventStore = createPostgresEventStore(database);
  const bus = createInProcessBus();
  const matchId = randomUUID();
  const events = longMatch(matchId, REPLAY_EVENTS);
  const metadata = {
    actorId: 'bench',
    correlationId: 'bench',
    causationId: null,
    occurredAt: new Date().toISOString(),
  };
  const append = async (from: number, to: number): Promise<Position> => {
    let last: Position = START;
    for (let i = from; i < to; i += 1000) {
      const batch = events
        .slice(i, Math.min(i + 1000, to))
        .map((e): NewEvent => ({ type: e.type, data: e.data, metadata }));
      last = (
        await eventStore.appendToStream(matchStream(matchId), batch, {
          expectedRevision: i === 0 ? 'no_stream' : i - 1,
        })
      ).position;
    }
    return last;
  };
  // The replay route reads the match's row (who may see it): project the schedule, lineup and
  // start into the matches read model, then append the stats without projecting them.
  const opening = events.findIndex((e) => e.type === 'MatchStarted') + 1;
  const started = await append(0, opening);
  const runner = new ProjectionRunner({ database, eventStore, bus, logger, projectors: [matchesProjector] });
  await runner.start();
  await runner.waitUntil(started, 60_000);
  await runner.stop();
  await append(opening, events.length);
  const { token } = await issueApiToken(database.db, {
    name: 'bench',
    orgId: 'bench-org',
    createdBy: 'bench',
    now: new Date(),
  });
  const { app } = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent' }),
    database,
    eventStore,
    bus,
    progress: new ProjectionProgress(bus, []),
    logger,
    webDist: null,
  });
  const url = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  const statEvents = events.filter((e) => e.type.startsWith('Stat')).length;
  try {
    const replay = async () => {
      const started = performance.now();
      const response = await fetch(`${url}/api/matches/${matchId}/stats/stream`, {
        headers: { authorization: `Bearer ${token}` },
      });
      let lines = 0;
      for await (const chunk of response.body!) {
        const bytes = chunk as Uint8Array;
        for (let at = bytes.indexOf(10); at >= 0; at = bytes.indexOf(10, at + 1)) lines++;
      }
      if (lines !== statEvents) throw new Error(`replayed ${lines} of ${statEvents} stat events`);
      return lines / ((performance.now() - started) / 1000);
    };
    const catchUp = async () => {
      const started = performance.now();
      const subscription = eventStore.subscribeToAll({ fromPosition: START });
      let seen = 0;
      for await (const _ of subscription) if (++seen >= events.length) break;
      await subscription.close();
      return seen / ((performance.now() - started) / 1000);
    };
    const replays: number[] = [];
    const raws: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      raws.push(await catchUp());
      replays.push(await replay());
    }
    const ratio = median(replays) / median(raws);
    rows.push({
      target: label,
      metric: `NDJSON replay events/s, ${fmt(events.length)}-event match`,
      value: fmt(median(replays)),
      note: `raw catch-up ${fmt(median(raws))} events/s; ratio ${ratio.toFixed(2)} (goal ≥ 0.5: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
    });
  } finally {
    await app.close();
    await eventStore.close();
    await bus.close();
  }
}

/** `npm run bench -- matches`: RecordStat throughput and NDJSON replay against raw catch-up. */
export async function benchMatches(): Promise<void> {
  const rows: Row[] = [];
  const targets: Array<['pglite' | 'postgres', string]> = [['pglite', 'PGlite (embedded)']];
  if (await postgresAvailable()) targets.push(['postgres', 'PostgreSQL']);
  else rows.push({ target: 'PostgreSQL', metric: 'skipped', value: '', note: 'unreachable' });
  for (const [kind, label] of targets) {
    for (const measure of [recordStatRates, replayRates]) {
      const database = await createTestDatabase(allMigrations, kind);
      try {
        await measure(database, label, rows);
      } finally {
        await database.close();
      }
    }
  }
  console.log('| target | metric | value | note |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.target} | ${r.metric} | ${r.value} | ${r.note} |`);
}
