import type { FastifyRequest } from 'fastify';
import { teamScope, userScope } from '@sideline/projections';
import type { CachedReadRule } from './read-cache.ts';

const teamOf = (request: FastifyRequest) => teamScope((request.params as { teamId: string }).teamId);

/** A team's answer, the same for each of its members (the route's hooks check membership). */
export const teamRead: CachedReadRule = { perUser: false, scopes: (request) => [teamOf(request)] };

/** A team's answer with something of the signed-in member's in it (their likes, …). */
export const teamReadPerUser: CachedReadRule = { perUser: true, scopes: (request) => [teamOf(request)] };

/** The signed-in user's own rows. */
export const ownRead = (extra?: Pick<CachedReadRule, 'expiresAt'>): CachedReadRule => ({
  perUser: true,
  scopes: (request) => [userScope(request.userId!)],
  ...extra,
});

/** The signed-in user's teams: their memberships, and each listed team's own row (member count, …). */
export const ownTeamsRead: CachedReadRule = {
  perUser: true,
  scopes: (request, teams) => [
    userScope(request.userId!),
    ...(teams as ReadonlyArray<{ id: string }>).map((team) => teamScope(team.id)),
  ],
};

const DAY_MS = 86_400_000;

/** The next UTC midnight after `at`: a streak shown as current may lapse then. */
export const nextUtcMidnight = (at: number) => Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
