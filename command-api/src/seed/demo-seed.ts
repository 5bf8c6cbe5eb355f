import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { countUsers, listTeamsOfUser, type ReadModels } from '@sideline/projections';

export const DEMO_PASSWORD = 'sideline-demo';

export const demoPeople = [
  { key: 'coach', name: 'Casey Morgan', email: 'coach@sideline.demo', role: 'coach' },
  { key: 'parent', name: 'Pat Rivera', email: 'parent@sideline.demo', role: 'parent' },
  { key: 'player', name: 'Jordan Rivera', email: 'player@sideline.demo', role: 'player' },
] as const;

/** The club's admin: registers as a coach, shown as org_admin once the organization exists. */
export const demoClubAdmin = {
  name: 'Alex Kim',
  email: 'admin@sideline.demo',
  role: 'org_admin',
  registersAs: 'coach',
} as const;

export const DEMO_CLUB_NAME = 'Riverside Youth Soccer Club';
/** The children of the demo parent on the club's first team, linked through accepted invitations. */
const demoClubChildren = [
  { name: 'Jordan Rivera', jerseyNumber: '7' },
  { name: 'Sam Rivera', jerseyNumber: '11' },
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
  clubName: string | null;
  people: ReadonlyArray<{ name: string; email: string; role: string }>;
}

/**
 * Seeds a demo team through the real HTTP commands (so all of it is in the event log, exactly as
 * if people had clicked through the app). Runs only against a database without any user.
 * `origin` is where the server will answer (`http://localhost:3000`): the demo's invitation email
 * links there, as one sent from a browser would (without it: `http://localhost:80`).
 */
export async function seedDemo(
  app: FastifyInstance,
  db: Kysely<ReadModels>,
  options: { origin?: string } = {},
): Promise<DemoSeedResult | null> {
  if ((await countUsers(db)) > 0) return null;
  const cookies = new Map<string, string>();
  const host = options.origin === undefined ? {} : { host: new URL(options.origin).host };
  const call = async (
    person: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: unknown,
  ) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...host, ...(person ? { cookie: cookies.get(person)! } : {}) },
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
  const jordan = await seedHawksRoster(call, team.id);
  await seedHawksWeek(call, team.id, practice.id, jordan);
  await seedDemoMatches(call, team.id);
  await seedDemoClub(call, cookies);
  return {
    teamName: team.name,
    teamCode: team.code,
    clubName: DEMO_CLUB_NAME,
    people: demoSignIns(),
  };
}

type SeedCall = (
  person: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: unknown,
) => Promise<{ json(): unknown; cookies: Array<{ name: string; value: string }> }>;

/**
 * The demo team's matches against clubs that are not on Sideline (it is an independent team, so
 * without a season): one played today, won 2–1 with Jordan's two goals, and the next one on
 * Saturday, so Home, the team page and Games have a result and a fixture to show.
 */
async function seedDemoMatches(call: SeedCall, teamId: string): Promise<void> {
  const schedule = async (opponentName: string, startTime: Date, location: string) =>
    (
      await call('coach', 'POST', '/api/matches', {
        sportId: 'soccer',
        teamAId: teamId,
        opponentName,
        startTime: startTime.toISOString(),
        location,
      })
    ).json() as { id: string };
  const played = await schedule('Eastside FC', new Date(), 'Riverside Park, field 1');
  const jordan = (
    await call('coach', 'POST', `/api/matches/${played.id}/participants`, {
      userId: await userIdOf(call, 'player'),
      positionId: 'striker',
    })
  ).json() as { id: string };
  await call('coach', 'PUT', `/api/matches/${played.id}`, { status: 'in_progress' });
  const goal = { participantId: jordan.id, statType: 'goals', value: 1 };
  await call('coach', 'POST', `/api/matches/${played.id}/stats`, goal);
  await call('coach', 'POST', `/api/matches/${played.id}/stats`, { side: 'opponent', statType: 'goals', value: 1 });
  await call('coach', 'POST', `/api/matches/${played.id}/stats`, goal);
  await call('coach', 'PUT', `/api/matches/${played.id}`, { status: 'complete' });
  await schedule('Northside United', nextWeekday(new Date(), 6, 10, 0), 'Northside Rec Ground');
}

/** The signed-in id of a demo person. */
async function userIdOf(call: SeedCall, person: string): Promise<string> {
  return ((await call(person, 'GET', '/api/user')).json() as { id: string }).id;
}

/**
 * The club: its admin starts an organization with a season running now and two teams; the demo
 * parent's two children join the first team through invitations the parent really accepts (so
 * Jordan plays on two teams), the first team's Saturday games have the parent's answers for both,
 * and one invitation on the second team stays pending.
 */
async function seedDemoClub(call: SeedCall, cookies: Map<string, string>): Promise<void> {
  const registered = await call(null, 'POST', '/api/register', {
    name: demoClubAdmin.name,
    email: demoClubAdmin.email,
    password: DEMO_PASSWORD,
    role: demoClubAdmin.registersAs,
  });
  const session = registered.cookies.find((c) => c.name.endsWith('sideline_session'))!;
  cookies.set('admin', `${session.name}=${session.value}`);
  const org = (await call('admin', 'POST', '/api/organizations', {
    name: DEMO_CLUB_NAME,
    description: 'Recreational and travel soccer for ages 6 to 14.',
    defaultSport: 'Soccer',
  }).then((r) => r.json())) as { id: string };
  const today = new Date();
  const season = (await call('admin', 'POST', `/api/organizations/${org.id}/seasons`, {
    name: `Season ${today.getUTCFullYear()}`,
    sportId: 'soccer',
    startDate: calendarDay(today, -30),
    endDate: calendarDay(today, 150),
    isActive: true,
  }).then((r) => r.json())) as { id: string };
  const teams: Array<{ id: string }> = [];
  for (const [name, ageGroup] of [
    ['Riverside Lions', 'U10'],
    ['Riverside Falcons', 'U14'],
  ] as const) {
    const created = await call('admin', 'POST', `/api/organizations/${org.id}/teams`, {
      seasonId: season.id,
      name,
      ageGroup,
    });
    teams.push(created.json() as { id: string });
  }
  for (const child of demoClubChildren) {
    const added = (await call('admin', 'POST', `/api/teams/${teams[0]!.id}/players`, {
      ...child,
      parentEmail: demoPeople[1].email,
      parentName: demoPeople[1].name,
    }).then((r) => r.json())) as { invitation: { url: string } };
    const token = new URL(added.invitation.url).searchParams.get('token')!;
    await call('parent', 'POST', `/api/invite/${encodeURIComponent(token)}/accept`);
  }
  await seedLionsGames(call, teams[0]!.id);
  await call('admin', 'POST', `/api/teams/${teams[1]!.id}/players`, {
    name: 'Mia Chen',
    jerseyNumber: '4',
    parentEmail: 'lee.chen@example.com',
    parentName: 'Lee Chen',
  });
  // A fixture of the season between the club's two teams.
  await call('admin', 'POST', '/api/matches', {
    seasonId: season.id,
    sportId: 'soccer',
    teamAId: teams[0]!.id,
    teamBId: teams[1]!.id,
    startTime: nextWeekday(today, 0, 9, 30).toISOString(),
    location: 'Riverside Park, field 2',
  });
}

/**
 * Jordan plays for the Hawks too: the player's own account is linked to his roster entry by the
 * invitation he accepts, and the parent is his guardian there as on the club's team.
 */
async function seedHawksRoster(call: SeedCall, teamId: string): Promise<string> {
  const invited = (await call('coach', 'POST', `/api/teams/${teamId}/invite`, {
    inviteType: 'player',
    name: demoPeople[2].name,
    email: demoPeople[2].email,
    jerseyNumber: '7',
  }).then((r) => r.json())) as { invitation: { url: string; playerId: string } };
  const token = new URL(invited.invitation.url).searchParams.get('token')!;
  await call('player', 'POST', `/api/invite/${encodeURIComponent(token)}/accept`);
  const parentId = ((await call('parent', 'GET', '/api/user').then((r) => r.json())) as { id: string }).id;
  await call('coach', 'POST', `/api/teams/${teamId}/players/${invited.invitation.playerId}/guardians`, {
    userId: parentId,
  });
  return invited.invitation.playerId;
}

/**
 * The Hawks' practice week as it changes: the parent answers for Jordan, then the coach moves the
 * second practice by an hour (so that answer was given before the change) and cancels the fourth.
 */
async function seedHawksWeek(call: SeedCall, teamId: string, practiceId: string, jordan: string): Promise<void> {
  const occurrences = (await call('parent', 'GET', `/api/teams/${teamId}/events`).then((r) => r.json())) as Array<{
    id: string;
    occurrenceDate: string;
  }>;
  const [first, second, , fourth] = occurrences.filter((o) => o.id === practiceId).map((o) => o.occurrenceDate);
  for (const occurrenceDate of [first, second]) {
    await call('parent', 'POST', `/api/events/${practiceId}/rsvp`, { status: 'yes', occurrenceDate, playerId: jordan });
  }
  await call('coach', 'PATCH', `/api/teams/${teamId}/events/${practiceId}`, {
    scope: 'occurrence',
    occurrenceDate: second,
    startsAt: new Date(Date.parse(second!) + 3_600_000).toISOString(),
    reason: 'Field 2 is booked until 6:30',
  });
  await call('coach', 'POST', `/api/teams/${teamId}/events/${practiceId}/occurrences/${fourth}/cancel`, {
    reason: 'School holiday',
  });
}

/** The Lions' Saturday games, with the parent's answers for both children on the first one. */
async function seedLionsGames(call: SeedCall, teamId: string): Promise<void> {
  const game = (await call('admin', 'POST', `/api/teams/${teamId}/events`, {
    title: 'Saturday game',
    description: 'Arrive 30 minutes early in the home kit.',
    date: nextWeekday(new Date(), 6, 10, 0).toISOString(),
    location: 'Riverside Park, field 1',
    isRecurring: true,
    recurringType: 'weekly',
    recurringInterval: 1,
    recurringDays: ['saturday'],
    recurringEndDate: null,
    recurringEndCount: 10,
  }).then((r) => r.json())) as { id: string; occurrenceDate: string };
  const players = (await call('parent', 'GET', `/api/teams/${teamId}/players`).then((r) => r.json())) as Array<{
    id: string;
    name: string;
  }>;
  for (const player of players) {
    await call('parent', 'POST', `/api/events/${game.id}/rsvp`, {
      status: player.name.startsWith('Jordan') ? 'yes' : 'maybe',
      occurrenceDate: game.occurrenceDate,
      playerId: player.id,
    });
  }
}

/** A calendar day (YYYY-MM-DD) some days from the given moment, in UTC. */
function calendarDay(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

const demoSignIns = () => [
  ...demoPeople.map(({ name, email, role }) => ({ name, email, role: role as string })),
  { name: demoClubAdmin.name, email: demoClubAdmin.email, role: demoClubAdmin.role as string },
];

/** The next given UTC weekday (0 = Sunday) at hh:mm, at least a day away. */
function nextWeekday(from: Date, weekday: number, hours: number, minutes: number): Date {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + 1, hours, minutes));
  while (date.getUTCDay() !== weekday) date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

export function describeDemo(result: DemoSeedResult): string {
  const width = Math.max(...result.people.map((p) => p.email.length));
  return [
    `  Demo team "${result.teamName}" (join code ${result.teamCode})${result.clubName ? ` and club "${result.clubName}"` : ''}.`,
    `  Sign in with password "${DEMO_PASSWORD}":`,
    ...result.people.map((p) => `    ${p.email.padEnd(width)}  ${p.role.padEnd(9)}  ${p.name}`),
  ].join('\n');
}

/** The demo sign-ins of an earlier first start, so every start can print them. */
export async function findDemo(db: Kysely<ReadModels>): Promise<DemoSeedResult | null> {
  const coach = await db.selectFrom('users').select('id').where('email', '=', demoPeople[0].email).executeTakeFirst();
  if (!coach) return null;
  const [team] = await listTeamsOfUser(db, coach.id);
  // A demo seeded before the club existed has no admin sign-in to print.
  const admin = await db.selectFrom('users').select('id').where('email', '=', demoClubAdmin.email).executeTakeFirst();
  const people = demoSignIns();
  return {
    teamName: team?.name ?? 'Riverside Hawks',
    teamCode: team?.code ?? '—',
    clubName: admin ? DEMO_CLUB_NAME : null,
    people: admin ? people : people.filter((p) => p.email !== demoClubAdmin.email),
  };
}
