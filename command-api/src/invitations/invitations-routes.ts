import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptInviteResponseSchema,
  idSchema,
  invitationDecider,
  invitationIssuedResponseSchema,
  invitationSchema,
  invitationStream,
  invitationTokenProblem,
  inviteInputSchema,
  inviteLookupSchema,
  inviteTokenSchema,
  playerDecider,
  playerStream,
  safeText,
  type InviteLookup,
} from '@sideline/domain';
import { findInvitation, findPlayer, listInvitations } from '@sideline/projections';
import { randomUUID } from 'node:crypto';
import { requireUserId } from '../identity/session-auth.ts';
import { HttpError } from '../shared/http-errors.ts';
import { requireTeamMember } from '../teams/team-access.ts';
import { requireTeamManager } from '../players/team-manager.ts';
import { acceptInvite } from './accept-invite.ts';
import { issueInvitationToken, resolveInvitationToken } from './invitation-tokens.ts';
import {
  emailInvitation,
  invitationUrl,
  issueInvitation,
  issuedInvitation,
  limitInvitations,
} from './issue-invitation.ts';
import type { RosterContext } from './roster-context.ts';

const teamParams = z.object({ teamId: idSchema });
const invitationParams = z.object({ teamId: idSchema, invitationId: idSchema });
// A malformed link is the same 404 as an unknown one; only text that is not text is a 400.
const tokenParams = z.object({ token: safeText });
const errorBody = z.object({ message: z.string(), code: z.string() });
const INVITE_MESSAGE = "Only the team's managers can invite people";

const unknownToken = () => new HttpError(404, 'INVITATION_NOT_FOUND', 'This invitation link is not valid');

/** Team-scoped invitation calls: signed in, a member of the team (else 404), a manager (else 403). */
const teamInvitationRoutes: FastifyPluginAsyncZod<RosterContext> = async (app, ctx) => {
  const { db, handle, clock } = ctx;
  app.addHook('onRequest', async (request) => {
    requireUserId(request);
  });
  app.addHook('preValidation', async (request) => {
    const { teamId } = request.params as { teamId?: unknown };
    if (typeof teamId === 'string') await requireTeamMember(db, teamId, requireUserId(request));
  });

  app.post(
    '/api/teams/:teamId/invite',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Invite a player (a new roster player, linked when they accept) or a coach by email (managers)',
        description: 'The response carries the invitation link once; lists never show it.',
        params: teamParams,
        body: inviteInputSchema,
        response: { 201: invitationIssuedResponseSchema, 403: errorBody },
      },
    },
    async (request, reply) => {
      const by = requireUserId(request);
      const { teamId } = request.params;
      const team = await requireTeamManager(db, teamId, by, INVITE_MESSAGE);
      await limitInvitations(ctx, by);
      const body = request.body;
      if (body.inviteType === 'coach') {
        const issued = await issueInvitation(ctx, request, team, by, {
          inviteType: 'coach',
          playerId: null,
          playerName: null,
          inviteeName: body.name,
          inviteeEmail: body.email,
          specialization: body.specialization,
        });
        return reply.status(201).send({ ...issued, player: null });
      }
      const playerId = randomUUID();
      await handle(
        playerDecider,
        playerStream(playerId),
        {
          type: 'AddPlayer',
          data: { playerId, teamId, name: body.name, jerseyNumber: body.jerseyNumber, by },
        },
        { actorId: by, now: clock() },
      );
      const issued = await issueInvitation(ctx, request, team, by, {
        inviteType: 'player',
        playerId,
        playerName: body.name,
        inviteeName: body.name,
        inviteeEmail: body.email,
        ageGroup: body.ageGroup,
      });
      return reply.status(201).send({ ...issued, player: await findPlayer(db, teamId, playerId) });
    },
  );

  app.get(
    '/api/teams/:teamId/invitations',
    {
      schema: {
        tags: ['invitations'],
        summary: "The team's invitations, newest first, with their status (managers; never a token)",
        params: teamParams,
        response: { 200: z.array(invitationSchema), 403: errorBody },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      await requireTeamManager(db, teamId, requireUserId(request), "Only the team's managers can see invitations");
      return listInvitations(db, teamId, clock());
    },
  );

  app.delete(
    '/api/teams/:teamId/invitations/:invitationId',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Revoke an invitation: its link stops working (managers)',
        params: invitationParams,
        response: { 200: invitationSchema, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, invitationId } = request.params;
      await requireTeamManager(db, teamId, by, INVITE_MESSAGE);
      await handle(
        invitationDecider,
        invitationStream(invitationId),
        { type: 'RevokeInvitation', data: { invitationId, teamId, by } },
        { actorId: by, now: clock() },
      );
      const record = await findInvitation(db, invitationId, clock());
      if (!record) throw new HttpError(404, 'INVITATION_NOT_FOUND', 'Invitation not found');
      return record.invitation;
    },
  );

  app.post(
    '/api/teams/:teamId/invitations/:invitationId/resend',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Send an invitation again with a fresh link and 7 more days; the old link stops working (managers)',
        params: invitationParams,
        response: { 200: invitationIssuedResponseSchema, 403: errorBody, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const by = requireUserId(request);
      const { teamId, invitationId } = request.params;
      const team = await requireTeamManager(db, teamId, by, INVITE_MESSAGE);
      await limitInvitations(ctx, by);
      const now = clock();
      const { events } = await handle(
        invitationDecider,
        invitationStream(invitationId),
        { type: 'ResendInvitation', data: { invitationId, teamId, by, now: now.toISOString() } },
        { actorId: by, now },
      );
      const resent = events.find((e) => e.type === 'InvitationResent');
      if (!resent) throw new HttpError(409, 'CONFLICT', 'The invitation could not be sent again');
      const token = await issueInvitationToken(db, invitationId, resent.data.tokenVersion, now);
      const invitation = await issuedInvitation(ctx, invitationId, invitationUrl(ctx, request, token));
      const emailSent = await emailInvitation(ctx, { to: invitation, teamName: team.name, inviterId: by });
      const player = invitation.playerId ? await findPlayer(db, teamId, invitation.playerId) : null;
      return { invitation, player, emailSent };
    },
  );
};

/** The link's own calls: looking an invitation up is public (the token is the secret); accepting needs a sign-in. */
const inviteTokenRoutes: FastifyPluginAsyncZod<RosterContext> = async (app, ctx) => {
  const { db, clock } = ctx;

  const resolve = async (token: string) => {
    if (!inviteTokenSchema.safeParse(token).success) throw unknownToken();
    const resolved = await resolveInvitationToken(db, token);
    if (!resolved) throw unknownToken();
    return resolved;
  };

  app.get(
    '/api/invite/:token',
    {
      schema: {
        tags: ['invitations'],
        summary: 'What an invitation link is for (public); 410 when used, revoked, replaced or expired',
        params: tokenParams,
        response: { 200: inviteLookupSchema, 404: errorBody, 410: errorBody },
      },
    },
    async (request): Promise<InviteLookup> => {
      const { invitationId, tokenVersion } = await resolve(request.params.token);
      const now = clock();
      const record = await findInvitation(db, invitationId, now);
      if (!record) throw unknownToken();
      const { invitation } = record;
      const problem = invitationTokenProblem(
        {
          acceptedBy: record.usedBy,
          revoked: invitation.revokedAt !== null,
          tokenVersion: record.tokenVersion,
          expiresAt: invitation.expiresAt,
        },
        tokenVersion,
        now,
      );
      if (problem) throw problem;
      return {
        id: invitation.id,
        inviteType: invitation.inviteType,
        parentEmail: invitation.inviteeEmail,
        parentName: invitation.inviteeName,
        team: { id: invitation.teamId, name: record.teamName, sport: record.teamSport },
        player:
          invitation.playerId && invitation.playerName
            ? { id: invitation.playerId, name: invitation.playerName }
            : null,
        expiresAt: invitation.expiresAt,
      };
    },
  );

  app.post(
    '/api/invite/:token/accept',
    {
      schema: {
        tags: ['invitations'],
        summary:
          'Accept an invitation: join the team in the invited role, linked to the player (signed in). ' +
          'Only an account with the invited email may accept it (403 INVITATION_FOR_ANOTHER_EMAIL otherwise)',
        params: tokenParams,
        response: { 200: acceptInviteResponseSchema, 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody },
      },
      onRequest: async (request) => {
        requireUserId(request);
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const { invitationId, tokenVersion } = await resolve(request.params.token);
      return acceptInvite(ctx, invitationId, tokenVersion, userId);
    },
  );
};

export const invitationsRoutes: FastifyPluginAsyncZod<RosterContext> = async (app, ctx) => {
  await app.register(teamInvitationRoutes, ctx);
  await app.register(inviteTokenRoutes, ctx);
};
