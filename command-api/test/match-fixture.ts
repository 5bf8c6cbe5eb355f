import { expect } from 'vitest';
import { readJson, signUp, type ApiClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);

/** One club as the matches tests need it, built through the real API. */
export interface Club {
  admin: ApiClient;
  /** Made coach of team A by the admin (a coach account joins by code as 'other'). */
  coach: ApiClient;
  /** Made coach of team B. */
  coachB: ApiClient;
  parent: ApiClient;
  /** Players of team A and team B. */
  ava: ApiClient;
  ben: ApiClient;
  bo: ApiClient;
  org: { id: string };
  season: { id: string };
  teamA: { id: string; code: string; name: string };
  teamB: { id: string; code: string; name: string };
}

async function joinAs(admin: ApiClient, member: ApiClient, team: { id: string; code: string }, coach = false) {
  expect((await member.post('/api/teams/join', { code: team.code })).status).toBe(200);
  if (coach) {
    const made = await admin.put(`/api/teams/${team.id}/members/${member.userId}/role`, { assignedRole: 'coach' });
    expect(made.status).toBe(200);
  }
}

let address = 0;

/**
 * A signed-up account, each from its own client address: two clubs need more accounts than one
 * address may register in 15 minutes (start the server with TRUST_PROXY=1).
 */
export function member(server: TestServer, role: 'parent' | 'coach' | 'player', name: string): Promise<ApiClient> {
  address++;
  return signUp(server.url, role, name, { forwardedFor: `10.0.${Math.floor(address / 250)}.${(address % 250) + 1}` });
}

/** An organization with a Soccer season, two of its teams, their coaches, a parent and players. */
export async function createClub(server: TestServer, name: string, sport = 'Soccer'): Promise<Club> {
  const [admin, coach, coachB, parent, ava, ben, bo] = await Promise.all([
    member(server, 'coach', `${name} Admin`),
    member(server, 'coach', `${name} Coach`),
    member(server, 'coach', `${name} Coach B`),
    member(server, 'parent', `${name} Parent`),
    member(server, 'player', `${name} Ava`),
    member(server, 'player', `${name} Ben`),
    member(server, 'player', `${name} Bo`),
  ]);
  const org = await readJson(await admin.post('/api/organizations', { name }));
  const season = await readJson(
    await admin.post(`/api/organizations/${org.id}/seasons`, {
      name: 'Spring',
      sport,
      startDate: day(-30),
      endDate: day(90),
    }),
  );
  const newTeam = async (teamName: string) => {
    const response = await admin.post(`/api/organizations/${org.id}/teams`, { seasonId: season.id, name: teamName });
    expect(response.status, await response.clone().text()).toBe(201);
    return readJson(response);
  };
  const teamA = await newTeam(`${name} Hawks`);
  const teamB = await newTeam(`${name} Owls`);
  await joinAs(admin, coach, teamA, true);
  await joinAs(admin, coachB, teamB, true);
  for (const member of [parent, ava, ben]) await joinAs(admin, member, teamA);
  await joinAs(admin, bo, teamB);
  return { admin, coach, coachB, parent, ava, ben, bo, org, season, teamA, teamB };
}

/** A match of the club's two teams, scheduled by its coach an hour from now. */
export async function scheduleMatch(club: Club, by: ApiClient = club.coach, extra: Record<string, unknown> = {}) {
  const response = await by.post('/api/matches', {
    seasonId: club.season.id,
    sportId: 'soccer',
    teamAId: club.teamA.id,
    teamBId: club.teamB.id,
    startTime: new Date(Date.now() + 3_600_000).toISOString(),
    location: 'Riverside Field 1',
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return readJson(response) as Promise<{ id: string; [field: string]: any }>;
}

export async function addToLineup(
  club: Club,
  matchId: string,
  player: ApiClient,
  positionId: string | null = 'striker',
  isStarter = true,
) {
  const response = await club.coach.post(`/api/matches/${matchId}/participants`, {
    userId: player.userId,
    positionId,
    isStarter,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return readJson(response) as Promise<{ id: string; [field: string]: any }>;
}

export async function recordStat(
  by: ApiClient,
  matchId: string,
  participantId: string,
  statType = 'goals',
  value = 1,
): Promise<{ id: string; [field: string]: any }> {
  const response = await by.post(`/api/matches/${matchId}/stats`, { participantId, statType, value });
  expect(response.status, await response.clone().text()).toBe(201);
  return readJson(response);
}

export async function setStatus(by: ApiClient, matchId: string, status: string): Promise<Response> {
  return by.put(`/api/matches/${matchId}`, { status });
}
