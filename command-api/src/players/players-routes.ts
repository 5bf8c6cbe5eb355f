import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPlayerInputSchema,
  idSchema,
  linkGuardianInputSchema,
  playerAddedResponseSchema,
  playerDecider,
  playerSchema,
  playerStream,
  rosterAtQuerySchema,
  updatePlayerInputSchema,
  type Player,
} from '@sideline/domain';
import {
  findPlayer,
  isOrgAdminOfTeam,
  listPlayers,
  memberRole,
  playersLinkedTo,
  rosterConsents,
} from '@sideline/projections';
import { requireUserId } from '../identity/session-auth.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import { issueInvitation, limitInvitations } from '../invitations/issue-invitation.ts';
import type { RosterContext } from '../invitations/roster-context.ts';
import { requireTeamManager, teamAndManagement } from './team-manager.ts';

const teamParams = z.object({ teamId: idSchema });
const playerParams = z.object({ teamId: idSchema, playerId: idSchema });
const guardianParams = z.object({ teamId: idSchema, playerId: idSchema, userId: idSchema });
const errorBody = z.object({ message: z.string(), code: z.string() });
const playerNotFound = () => new HttpError(404, 'PLAYER_NOT_FOUND', 'Player not found');
const ADD_MESSAGE = "Only the team's managers can add players";

/** Team rosters: players (not accounts), their guardians and their own account. */
export const playersRoutes: FastifyPluginAsyncZod<RosterContext> = async (app, ctx) => {
  const { db, handle, clock } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  // A team you are not in is 404 before anything about the payload is said.
  app.addHook('preValidation', async (request) => {
    const { teamId } = request.params as { teamId?: unknown };
    if (typeof teamId === 'string') await requireTeamMember(db, teamId, requireUserId(request));
  });

  const current = async (teamId: string, playerId: string): Promise<Player> => {
    const player = await findPlayer(db, teamId, playerId);
    if (!player) throw playerNotFound();
    return player;
  };

  app.get(
    '/api/teams/:teamId/players',
    {
      schema: {
        tags: ['players'],
        summary:
          "The team's players with guardians, account and parent-link status, and their consents for those who may read them (the team's managers and organization's admins; a guardian or player their own); `at` (ISO): as they were then, consents as they stood",
        params: teamParams,
        querystring: rosterAtQuerySchema,
        response: { 200: z.array(playerSchema) },
      },
    },
    async (request) => {
      const { at } = request.query;
      const { teamId } = request.params;
      const moment = at ? new Date(at) : undefined;
      const userId = requireUserId(request);
      const [players, { canManage }, isOrgAdmin, linked] = await Promise.all([
        listPlayers(db, teamId, moment ? { at: moment } : {}),
        teamAndManagement(db, teamId, userId),
        isOrgAdminOfTeam(db, teamId, userId),
        playersLinkedTo(db, teamId, userId),
      ]);
      // Consents are shown to those who may read them (as GET .../consents): the team's managers
      // and the organization's admins for everyone, a guardian or a player for their own.
      const visible = players.filter((p) => canManage || isOrgAdmin || linked.has(p.id)).map((p) => p.id);
      const consents = await rosterConsents(db, teamId, visible, moment);
      return players.map((p) => {
        const own = consents.get(p.id);
        return own ? { ...p, consents: own } : p;
      });
    },
  );

  app.post(
    '/api/teams/:teamId/players',
    {
      schema: {
        tags: ['players'],
        summary: 'Add a player (managers); a parent email sends the parent an invitation',
        params: teamParams,
        body: addPlayerInputSchema,
        response: { 201: playerAddedResponseSchema, 403: errorBody },
      },
    },
    async (request, reply) => {
      const by = requireUserId(request);
      const { teamId } = request.params;
      const team = await requireTeamManager(db, teamId, by, ADD_MESSAGE);
      const { name, jerseyNumber, parentEmail, parentName, adult } = request.body;
      if (parentEmail) await limitInvitations(ctx, by);
      const playerId = randomUUID();
      const now = clock();
      await handle(
        playerDecider,
        playerStream(playerId),
        { type: 'AddPlayer', data: { playerId, teamId, name, jerseyNumber, by } },
        { actorId: by, now },
      );
      if (adult) {
        await handle(
          playerDecider,
          playerStream(playerId),
          { type: 'SetPlayerAdult', data: { playerId, teamId, adult, by } },
          { actorId: by, now },
        );
      }
      const issued =
        parentEmail && parentName
          ? await issueInvitation(ctx, request, team, by, {
              inviteType: 'parent',
              playerId,
              playerName: name,
              inviteeName: parentName,
              inviteeEmail: parentEmail,
            })
          : null;
      return reply.status(201).send({
        player: await current(teamId, playerId),
        invitation: issued?.invitation ?? null,
        emailSent: issued?.emailSent ?? null,
      });
    },
  );

  app.patch(
    '/api/teams/:teamId/players/:playerId',
    {
      schema: {
        tags: ['players'],
        summary:
          'Change a roster entry (managers): `adult` marks the player as an adult, whose own account then answers their consents',
        params: playerParams,
        body: updatePlayerInputSchema,
        response: { 200: playerSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, playerId } = request.params;
      await requireTeamManager(db, teamId, by, "Only the team's managers can change the roster");
      await handle(
        playerDecider,
        playerStream(playerId),
        { type: 'SetPlayerAdult', data: { playerId, teamId, adult: request.body.adult, by } },
        { actorId: by, now: clock() },
      );
      return current(teamId, playerId);
    },
  );

  app.post(
    '/api/teams/:teamId/players/:playerId/guardians',
    {
      schema: {
        tags: ['players'],
        summary: "Link a member of the team as the player's guardian (managers)",
        params: playerParams,
        body: linkGuardianInputSchema,
        response: { 200: playerSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, playerId } = request.params;
      const { userId } = request.body;
      const { canManage } = await teamAndManagement(db, teamId, by);
      if (!canManage) throw new HttpError(403, 'TEAM_MANAGERS_ONLY', "Only the team's managers can link guardians");
      if (!(await memberRole(db, teamId, userId))) {
        throw new HttpError(404, 'MEMBER_NOT_FOUND', 'This person is not in the team', {
          userId: ['This person is not in the team'],
        });
      }
      await handle(
        playerDecider,
        playerStream(playerId),
        { type: 'LinkGuardian', data: { playerId, teamId, userId, by, byCanManage: canManage, invitationId: null } },
        { actorId: by, now: clock() },
      );
      return current(teamId, playerId);
    },
  );

  app.delete(
    '/api/teams/:teamId/players/:playerId/guardians/:userId',
    {
      schema: {
        tags: ['players'],
        summary: 'Unlink a guardian (managers, or the guardian themself)',
        params: guardianParams,
        response: { 200: playerSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, playerId, userId } = request.params;
      const { canManage } = await teamAndManagement(db, teamId, by);
      await handle(
        playerDecider,
        playerStream(playerId),
        { type: 'UnlinkGuardian', data: { playerId, teamId, userId, by, byCanManage: canManage } },
        { actorId: by, now: clock() },
      );
      return current(teamId, playerId);
    },
  );

  app.delete(
    '/api/teams/:teamId/players/:playerId/account',
    {
      schema: {
        tags: ['players'],
        summary: "Unlink the player's own account (managers, or that account)",
        params: playerParams,
        response: { 200: playerSchema, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, playerId } = request.params;
      const { canManage } = await teamAndManagement(db, teamId, by);
      await handle(
        playerDecider,
        playerStream(playerId),
        { type: 'UnlinkPlayerAccount', data: { playerId, teamId, by, byCanManage: canManage } },
        { actorId: by, now: clock() },
      );
      return current(teamId, playerId);
    },
  );
};
