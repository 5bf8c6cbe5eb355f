import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { cpus } from 'node:os';
import {
  calendarDecider,
  calendarStream,
  pushDecider,
  teamDecider,
  teamStream,
  userDecider,
  userStream,
} from '@sideline/domain';
import { createInProcessBus } from '@sideline/infra';
import { createTestDatabase, postgresAvailable } from '@sideline/infra/testing';
import { allMigrations } from '../command-api/src/migrations.ts';
import { type SidelineServer } from '../command-api/src/server.ts';
import { startLocalPushService } from '../command-api/test/push-service.ts';
import { startBenchServer } from './bench-server.ts';

/**
 * `npm run bench -- notify`: the notices' two goals, on the real server (PostgreSQL when
 * reachable, else PGlite) and the local RFC 8030 push service the tests use (it verifies each
 * VAPID signature and decrypts each payload):
 * - an event change for a team of 30 families with 2 devices each: all 60 pushes handed to the
 *   push service within 2 s of the change's request (p99 per push);
 * - 1,000 teams' reminders due in the same minute: all out within 60 s of their window opening,
 *   the scheduler's own polling (every 30 s, as in production) included.
 */
const FAMILIES = 30;
const DEVICES = 2;
const TEAMS = Number(process.env.NOTIFY_BENCH_TEAMS ?? 1_000);
const HOUR = 3600_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${Math.round(n).toLocaleString('en-US')} ms`;

async function waitFor(what: string, done: () => boolean, timeoutMs: number, progress?: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${progress ? ` (${progress()})` : ''}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function commands(server: SidelineServer) {
  const as = (actorId: string) => ({ actorId });
  return {
    async person(name: string): Promise<string> {
      const userId = randomUUID();
      await server.handle(
        userDecider,
        userStream(userId),
        { type: 'RegisterUser', data: { userId, name, email: `${userId}@bench.test`, role: 'parent' } },
        as(userId),
        { waitFor: null },
      );
      return userId;
    },
    async coach(name: string): Promise<string> {
      const userId = randomUUID();
      await server.handle(
        userDecider,
        userStream(userId),
        { type: 'RegisterUser', data: { userId, name, email: `${userId}@bench.test`, role: 'coach' } },
        as(userId),
        { waitFor: null },
      );
      return userId;
    },
    async team(name: string, coachId: string): Promise<string> {
      const teamId = randomUUID();
      const code = randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
      await server.handle(
        teamDecider,
        teamStream(teamId),
        {
          type: 'CreateTeam',
          data: { teamId, name, sport: 'Soccer', ageGroup: null, code, creatorId: coachId, creatorRole: 'coach' },
        },
        as(coachId),
        { waitFor: null },
      );
      return teamId;
    },
    async join(teamId: string, userId: string) {
      await server.handle(
        teamDecider,
        teamStream(teamId),
        { type: 'JoinTeam', data: { teamId, userId, via: 'code', accountRole: 'parent' } },
        as(userId),
        { waitFor: null },
      );
    },
    async device(userId: string, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
      await server.handle(
        pushDecider,
        userStream(userId),
        { type: 'AddPushSubscription', data: { userId, ...subscription } },
        as(userId),
        { waitFor: null },
      );
    },
    async event(teamId: string, coachId: string, startsAt: Date, title: string): Promise<string> {
      const eventId = randomUUID();
      await server.handle(
        calendarDecider,
        calendarStream(eventId),
        {
          type: 'ScheduleEvent',
          data: {
            eventId,
            teamId,
            title,
            description: '',
            location: 'Field 1',
            startsAt: startsAt.toISOString(),
            recurrence: null,
            timeZone: 'UTC',
            createdBy: coachId,
          },
        },
        as(coachId),
        { waitFor: null },
      );
      return eventId;
    },
  };
}

/** The projections have caught up and the notices of the set-up are sent (or dropped). */
async function caughtUp(server: SidelineServer, db: Kysely<any>) {
  await waitFor('the projections', () => (server.runner?.lag() ?? []).every((l) => l.events === 0), 600_000);
  for (;;) {
    const pending = await db.selectFrom('notice_outbox').select('seq').where('done_at', 'is', null).limit(1).execute();
    if (pending.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function benchNotify(): Promise<void> {
  const onPostgres = await postgresAvailable();
  const database = await createTestDatabase(allMigrations, onPostgres ? 'postgres' : 'pglite');
  const push = await startLocalPushService();
  const bus = createInProcessBus();
  let offsetMs = 0;
  const {
    server,
    url,
    close: closeServer,
  } = await startBenchServer(
    database,
    bus,
    { RTMP_ENABLED: '0', PUSH_ENDPOINT_ALLOWLIST: push.origin },
    { clock: () => new Date(Date.now() + offsetMs) },
  );
  push.expectVapidKey(((await (await fetch(`${url}/api/push/public-key`)).json()) as { publicKey: string }).publicKey);
  const run = commands(server);
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}, ${onPostgres ? 'PostgreSQL' : 'PGlite'}`,
  );

  // ---- 1. One event change, 30 families × 2 devices ----
  const coachId = await run.coach('Bench Coach');
  const teamId = await run.team('Riverside Hawks', coachId);
  for (let i = 0; i < FAMILIES; i++) {
    const parent = await run.person(`Parent ${i + 1}`);
    await run.join(teamId, parent);
    for (let d = 0; d < DEVICES; d++) await run.device(parent, push.subscribe().toJSON());
  }
  const startsAt = new Date(Date.now() + 10 * 24 * HOUR);
  startsAt.setUTCSeconds(0, 0);
  const eventId = await run.event(teamId, coachId, startsAt, 'Practice');
  await caughtUp(server, database.db);
  await waitFor('the first notice', () => push.received.length >= FAMILIES * DEVICES, 30_000);
  const cookie = `sideline_session=${await server.sessions.create(coachId, {})}`;
  const before = push.received.length;
  const sent = performance.now();
  const sentAt = Date.now();
  const changed = await fetch(`${url}/api/teams/${teamId}/events/${eventId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', cookie, origin: url },
    body: JSON.stringify({
      scope: 'occurrence',
      occurrenceDate: startsAt.toISOString(),
      location: 'Field 2',
      reason: 'Field 1 is flooded',
    }),
  });
  if (changed.status !== 200) throw new Error(`the change was refused: ${changed.status} ${await changed.text()}`);
  await waitFor('60 pushes', () => push.received.length >= before + FAMILIES * DEVICES, 30_000);
  const all = performance.now() - sent;
  const each = push.received
    .slice(before)
    .map((r) => r.receivedAt.getTime() - sentAt)
    .sort((a, b) => a - b);
  const wrong = push.received.slice(before).filter((r) => !String(r.payload.title).startsWith('Changed: Practice'));
  if (wrong.length > 0) throw new Error(`unexpected pushes: ${wrong.map((r) => r.payload.title).join(', ')}`);
  console.log(`\n### An event change, ${FAMILIES} families × ${DEVICES} devices (goal: all within 2 s)\n`);
  console.log(`| pushes | all handed over | p50 per push | p99 per push | goal met |`);
  console.log(`|---|---|---|---|---|`);
  console.log(
    `| ${each.length} | ${ms(all)} | ${ms(percentile(each, 50))} | ${ms(percentile(each, 99))} | ${all <= 2_000 ? 'yes' : 'no'} |`,
  );

  // ---- 2. 1,000 teams' reminders due in the same minute ----
  const dueAt = new Date(Date.now() + 72 * HOUR);
  dueAt.setUTCSeconds(0, 0);
  const setUp = performance.now();
  const parents: string[] = [];
  const work = Array.from({ length: TEAMS }, (_, i) => i);
  const seed = async () => {
    for (let i = work.shift(); i !== undefined; i = work.shift()) {
      const coach = await run.coach(`Coach ${i}`);
      const team = await run.team(`Team ${i}`, coach);
      const parent = await run.person(`Parent of team ${i}`);
      await run.join(team, parent);
      await run.device(parent, push.subscribe().toJSON());
      // Spread over one minute: 47 h 0–59 s before they start when the clock is moved.
      await run.event(team, coach, new Date(dueAt.getTime() + (i % 60) * 1000), `Game ${i}`);
      parents.push(parent);
    }
  };
  await Promise.all(Array.from({ length: 8 }, seed));
  await caughtUp(server, database.db);
  console.log(`\n(set-up of ${TEAMS} teams: ${ms(performance.now() - setUp)})`);

  const reminded = () => push.received.filter((r) => String(r.payload.tag).startsWith('remind-')).length;
  // The clock moves to one minute before the last of them is 48 h away: every one is due now.
  offsetMs = dueAt.getTime() + 59_000 - 48 * HOUR - Date.now() + 1_000;
  const opened = performance.now();
  await waitFor(`${TEAMS} reminders`, () => reminded() >= TEAMS, 180_000);
  const took = performance.now() - opened;
  await new Promise((r) => setTimeout(r, 2_000));
  const extra = reminded() - TEAMS;
  console.log(`\n### ${TEAMS.toLocaleString('en-US')} teams' reminders due in the same minute (goal: within 60 s)\n`);
  console.log(`| reminders | all handed over | duplicates | goal met |`);
  console.log(`|---|---|---|---|`);
  console.log(
    `| ${reminded()} | ${ms(took)} (scheduler polls every 30 s) | ${extra} | ${took <= 60_000 && extra === 0 ? 'yes' : 'no'} |`,
  );

  await closeServer();
  await bus.close();
  await database.close();
  await push.close();
}
