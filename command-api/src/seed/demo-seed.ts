import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { countUsers, listTeamsOfUser } from '@sideline/projections';
import type { UsersTables } from '@sideline/projections';

export const DEMO_PASSWORD = 'sideline-demo';

export const demoPeople = [
  { key: 'coach', name: 'Casey Morgan', email: 'coach@sideline.demo', role: 'coach' },
  { key: 'parent', name: 'Pat Rivera', email: 'parent@sideline.demo', role: 'parent' },
  { key: 'player', name: 'Jordan Rivera', email: 'player@sideline.demo', role: 'player' },
] as const;

const demoChat: Array<[person: (typeof demoPeople)[number]['key'], text: string]> = [
  ['coach', 'Welcome to the Riverside Hawks! Practice is Tuesday and Thursday at 5:30 pm.'],
  ['parent', 'Thanks Coach! Jordan is really excited for the season.'],
  ['player', "Can't wait! Should we bring our own water bottles?"],
  ['coach', 'Yes please, and shin guards. See everyone Tuesday ⚽'],
];

export interface DemoSeedResult {
  teamName: string;
  teamCode: string;
  people: ReadonlyArray<{ name: string; email: string; role: string }>;
}

/**
 * Seeds a demo team through the real HTTP commands (so all of it is in the event log, exactly as
 * if people had clicked through the app). Runs only against a database without any user.
 */
export async function seedDemo(app: FastifyInstance, db: Kysely<any>): Promise<DemoSeedResult | null> {
  if ((await countUsers(db)) > 0) return null;
  const cookies = new Map<string, string>();
  const call = async (person: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: person ? { cookie: cookies.get(person)! } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (response.statusCode >= 300)
      throw new Error(`Demo seed: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return response;
  };

  for (const person of demoPeople) {
    const response = await call(null, 'POST', '/api/register', {
      name: person.name,
      email: person.email,
      password: DEMO_PASSWORD,
      role: person.role,
    });
    const session = response.cookies.find((c) => c.name.endsWith('sideline_session'))!;
    cookies.set(person.key, `${session.name}=${session.value}`);
  }
  const team = (
    await call('coach', 'POST', '/api/teams', { name: 'Riverside Hawks', sport: 'Soccer', ageGroup: 'U12' })
  ).json() as {
    id: string;
    name: string;
    code: string;
  };
  await call('parent', 'POST', '/api/teams/join', { code: team.code });
  await call('player', 'POST', '/api/teams/join', { code: team.code });
  for (const [person, text] of demoChat) {
    await call(person, 'POST', `/api/teams/${team.id}/messages`, { text });
  }
  // The practice the chat talks about, so This Week and the Events page have something real.
  const practice = (
    await call('coach', 'POST', `/api/teams/${team.id}/events`, {
      title: 'Team practice',
      description: 'Bring water, shin guards and a ball.',
      date: nextWeekday(new Date(), 2, 17, 30).toISOString(),
      location: 'Riverside Park, field 2',
      isRecurring: true,
      recurringType: 'weekly',
      recurringInterval: 1,
      recurringDays: ['tuesday', 'thursday'],
      recurringEndDate: null,
      recurringEndCount: 12,
    })
  ).json() as { id: string; occurrenceDate: string };
  await call('parent', 'POST', `/api/events/${practice.id}/rsvp`, {
    status: 'yes',
    occurrenceDate: practice.occurrenceDate,
  });
  return {
    teamName: team.name,
    teamCode: team.code,
    people: demoPeople.map(({ name, email, role }) => ({ name, email, role })),
  };
}

/** The next given UTC weekday (0 = Sunday) at hh:mm, at least a day away. */
function nextWeekday(from: Date, weekday: number, hours: number, minutes: number): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1, hours, minutes));
  while (date.getUTCDay() !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export function describeDemo(result: DemoSeedResult): string {
  const width = Math.max(...result.people.map((p) => p.email.length));
  return [
    `  Demo team "${result.teamName}" (join code ${result.teamCode}). Sign in with password "${DEMO_PASSWORD}":`,
    ...result.people.map((p) => `    ${p.email.padEnd(width)}  ${p.role.padEnd(6)}  ${p.name}`),
  ].join('\n');
}

/** The demo sign-ins of an earlier first start, so every start can print them. */
export async function findDemo(db: Kysely<any>): Promise<DemoSeedResult | null> {
  const coach = await (db as Kysely<UsersTables>)
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoPeople[0].email)
    .executeTakeFirst();
  if (!coach) return null;
  const [team] = await listTeamsOfUser(db, coach.id);
  return {
    teamName: team?.name ?? 'Riverside Hawks',
    teamCode: team?.code ?? '—',
    people: demoPeople.map(({ name, email, role }) => ({ name, email, role })),
  };
}
