import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { calendarDecider, calendarStream, userDecider, userStream, type Recurrence } from '@sideline/domain';
import { createInProcessBus, createNatsBus, natsAvailable, type Bus, type Database } from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { allMigrations } from '../command-api/src/migrations.ts';
import { startBenchServer } from './bench-server.ts';

const TEAMS = 100;
const EVENTS = Number(process.env.EVENTS_BENCH_EVENTS ?? 10_000);
const MEMBERS_PER_TEAM = 5;
const CONCURRENCY = 16;
const SECONDS = Number(process.env.EVENTS_BENCH_SECONDS ?? 10);
const DAY = 86_400_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function run(label: string, database: Database, bus: Bus): Promise<string> {
  const { server, url, eventStore, close: closeServer } = await startBenchServer(database, bus);

  const newMember = async (role: 'coach' | 'parent') => {
    const userId = randomUUID();
    await server.handle(
      userDecider,
      userStream(userId),
      {
        type: 'RegisterUser',
        data: { userId, name: `Bench ${role} ${userId.slice(0, 4)}`, email: `${userId}@bench.test`, role },
      },
      { actorId: userId },
    );
    return { userId, cookie: `sideline_session=${await server.sessions.create(userId, {})}` };
  };
  const headers = (cookie: string) => ({ cookie, origin: url, 'content-type': 'application/json' });

  const setupStarted = performance.now();
  const teams: Array<{ id: string; coach: { userId: string; cookie: string }; members: string[] }> = [];
  for (let t = 0; t < TEAMS; t++) {
    const coach = await newMember('coach');
    const response = await fetch(`${url}/api/teams`, {
      method: 'POST',
      headers: headers(coach.cookie),
      body: JSON.stringify({ name: `Team ${t}`, sport: 'Soccer' }),
    });
    const team = (await response.json()) as { id: string; code: string };
    const members = [coach.userId];
    for (let i = 1; i < MEMBERS_PER_TEAM; i++) {
      const member = await newMember('parent');
      await fetch(`${url}/api/teams/join`, {
        method: 'POST',
        headers: headers(member.cookie),
        body: JSON.stringify({ code: team.code }),
      });
      members.push(member.userId);
    }
    teams.push({ id: team.id, coach, members });
  }

  // 10,000 events straight into the store (as the command would append them), spread over the
  // teams and over ±180 days: 70 % one-offs, 30 % weekly series of 10; upcoming one-offs get
  // RSVPs from the team's members so pages carry names.
  const now = Date.now();
  const meta = (actorId: string) => ({
    actorId,
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  });
  const weekly: Recurrence = {
    type: 'weekly',
    interval: 1,
    days: ['tuesday', 'thursday'],
    endDate: null,
    endCount: 10,
  };
  let next = 0;
  const appendOne = async (i: number) => {
    const team = teams[i % TEAMS]!;
    const eventId = randomUUID();
    const startsAt = new Date(Math.floor((now + ((i * 7919) % 360) * DAY - 180 * DAY) / 60_000) * 60_000);
    const recurring = i % 10 < 3;
    const events = [
      {
        type: 'EventScheduled',
        data: {
          eventId,
          teamId: team.id,
          title: `Event ${i}`,
          description: 'Bench event',
          location: 'Field 1',
          startsAt: startsAt.toISOString(),
          recurrence: recurring ? weekly : null,
          createdBy: team.coach.userId,
        },
        metadata: meta(team.coach.userId),
      },
      ...(!recurring && startsAt.getTime() > now
        ? team.members.slice(1, 4).map((userId, k) => ({
            type: 'RsvpRecorded',
            data: {
              eventId,
              teamId: team.id,
              occurrenceDate: startsAt.toISOString(),
              userId,
              status: (['yes', 'maybe', 'no'] as const)[k]!,
            },
            metadata: meta(userId),
          }))
        : []),
    ];
    await eventStore.appendToStream(calendarStream(eventId), events, { expectedRevision: 'no_stream' });
  };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < EVENTS - 1; i = next++) await appendOne(i);
    }),
  );
  // The last one through the command handler: it returns once the read models include everything before it.
  const last = teams[0]!;
  const { position } = await server.handle(
    calendarDecider,
    calendarStream(randomUUID()),
    {
      type: 'ScheduleEvent',
      data: {
        eventId: randomUUID(),
        teamId: last.id,
        title: 'Last',
        description: '',
        location: '',
        startsAt: new Date(now + DAY).toISOString(),
        recurrence: null,
        timeZone: 'UTC',
        createdBy: last.coach.userId,
      },
    },
    { actorId: last.coach.userId },
  );
  // The handler's read-your-writes bound is 3 s; the catch-up over 10,000 events takes longer.
  if (!(await server.progress.waitFor(position!, 600_000))) throw new Error('projections did not catch up');
  // Fresh bulk-loaded tables get statistics, as autovacuum would give them soon after.
  await sql`ANALYZE calendar_events, calendar_rsvps, users, team_members, sessions`.execute(database.db);
  const setupSeconds = (performance.now() - setupStarted) / 1000;
  // Warm-up, then CONCURRENCY closed-loop clients for SECONDS, each request for another team.
  const load = async (path: string) => {
    const get = async (t: number) => {
      const team = teams[t % TEAMS]!;
      const response = await fetch(`${url}${path.replace(':teamId', team.id)}`, {
        headers: { cookie: team.coach.cookie },
      });
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      return ((await response.json()) as unknown[]).length;
    };
    for (let t = 0; t < 50; t++) await get(t);
    const latencies: number[] = [];
    let items = 0;
    let counter = 0;
    const started = performance.now();
    const end = started + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const at = performance.now();
          const count = await get(counter++);
          latencies.push(performance.now() - at);
          items += count;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      rps: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      items: items / latencies.length,
    };
  };
  const upcoming = await load('/api/teams/:teamId/events/upcoming');
  // The same app's cheapest signed-in read, as a baseline for this machine and moment.
  const baseline = await load('/api/teams');
  await closeServer();
  return `| ${label} | ${EVENTS} | ${CONCURRENCY} | ${upcoming.rps.toFixed(0)} | ${upcoming.p50.toFixed(1)} | ${upcoming.p99.toFixed(1)} | ${upcoming.items.toFixed(1)} | ${baseline.rps.toFixed(0)} / ${baseline.p99.toFixed(1)} | ${setupSeconds.toFixed(0)} s |`;
}

/** GET /api/teams/{id}/events/upcoming with 10,000 events in the store over 100 teams (embedded, then PostgreSQL + NATS). */
export async function benchEvents(): Promise<void> {
  const rows: string[] = [];
  {
    const database = await createTestDatabase(allMigrations, 'pglite');
    const bus = createInProcessBus();
    try {
      rows.push(await run('embedded (PGlite, in-process bus)', database, bus));
    } finally {
      await bus.close();
      await database.close();
    }
  }
  if ((await postgresAvailable()) && (await natsAvailable())) {
    const database = await createTestDatabase(allMigrations, 'postgres');
    const bus = await createNatsBus({
      servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      name: 'sideline-bench',
    });
    try {
      rows.push(await run('services (PostgreSQL, NATS)', database, bus));
    } finally {
      await bus.close();
      await database.close();
    }
  } else {
    rows.push('| services (PostgreSQL, NATS) | skipped: PostgreSQL or NATS unreachable | | | | | | | |');
  }
  console.log(
    '| mode | events | clients | upcoming req/s | p50 ms | p99 ms | items/page | GET /api/teams req/s / p99 ms | setup |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
