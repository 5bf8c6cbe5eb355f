import type { HouseholdAnswer, Match, MyUpcomingItem, Team, User } from '@sideline/domain';
import { makeTeam, unchangedOccurrence } from '../../../test/fixtures.ts';
import { mockFetch, sampleUser, type MockResponse, type RecordedCall } from '../../../test/utils.tsx';

export const parent: User = { ...sampleUser, id: 'u-9', name: 'Pat Rivera', role: 'parent', accountRole: 'parent' };
export const hawks = makeTeam({ id: 'team-1', name: 'Riverside Hawks', myAssignedRole: 'parent' });
export const lions = makeTeam({ id: 'team-2', name: 'Riverside Lions', code: null, myAssignedRole: 'parent' });

export const inHours = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000).toISOString();

export function child(name: string, playerId: string, status: HouseholdAnswer['status'] = null): HouseholdAnswer {
  return {
    relation: 'child',
    playerId,
    userId: null,
    name,
    status,
    answeredBy: null,
    answeredAt: null,
    answeredBeforeChange: false,
  };
}

export function upcomingItem(overrides: Partial<MyUpcomingItem> = {}): MyUpcomingItem {
  const id = overrides.id ?? 'ev-1';
  const date = overrides.date ?? inHours(26);
  const team = overrides.team ?? { id: lions.id, name: lions.name };
  return {
    id,
    teamId: team.id,
    title: 'Saturday game',
    description: '',
    date,
    location: 'Riverside Park, field 1',
    isRecurring: false,
    recurringType: null,
    recurringInterval: null,
    recurringDays: null,
    recurringEndDate: null,
    recurringEndCount: null,
    seriesId: id,
    occurrenceDate: date,
    timeZone: 'UTC',
    rsvps: [],
    ...unchangedOccurrence,
    team,
    household: [],
    ...overrides,
  };
}

export function makeMatch(overrides: Partial<Match> = {}): Match {
  return {
    id: 'm1',
    seasonId: null,
    seasonName: null,
    sportId: 'soccer',
    sportName: 'Soccer',
    status: 'in_progress',
    startTime: new Date(Date.now() - 34 * 60_000).toISOString(),
    location: 'Riverside Park, field 1',
    format: null,
    teamA: { id: lions.id, name: 'Riverside Lions' },
    teamB: { id: null, name: 'Eastside FC' },
    opponentName: 'Eastside FC',
    scoreA: 2,
    scoreB: 1,
    winnerId: null,
    winnerSide: null,
    startedAt: new Date(Date.now() - 34 * 60_000).toISOString(),
    endedAt: null,
    minute: 34,
    participantCount: 0,
    canManage: false,
    livestream: null,
    ...overrides,
  };
}

type Served<T> = T | ((call: RecordedCall) => MockResponse);

/** Home's reads: the user, the teams, GET /api/me/upcoming, /api/me/matches and each team's messages. */
export function homeFetch({
  user = parent,
  teams = [hawks, lions] as Team[],
  upcoming = [] as Served<MyUpcomingItem[]>,
  board = { live: [], upcoming: [], recent: [] } as Served<{ live: Match[]; upcoming: Match[]; recent: Match[] }>,
  messages = {} as Record<string, unknown[]>,
  extra = {} as Parameters<typeof mockFetch>[0],
} = {}) {
  const serve = (value: unknown) =>
    typeof value === 'function'
      ? (value as (call: RecordedCall) => MockResponse)
      : ({ status: 200, body: value } as MockResponse);
  const handlers: Parameters<typeof mockFetch>[0] = {
    'GET /api/user': { status: 200, body: user },
    'GET /api/teams': { status: 200, body: teams },
    'GET /api/me/upcoming': serve(upcoming),
    'GET /api/me/matches': serve(board),
    ...extra,
  };
  for (const team of teams) {
    handlers[`GET /api/teams/${team.id}/messages`] = { status: 200, body: messages[team.id] ?? [] };
  }
  return mockFetch(handlers);
}
