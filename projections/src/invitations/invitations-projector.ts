import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope } from '@sideline/infra';
import type { InvitationAccepted, InvitationIssued, InvitationResent, InvitationRevoked } from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import type { InvitationsTables } from './invitations-read-model.ts';

export const invitationsProjector: Projector<InvitationsTables> = {
  name: 'invitations',
  handles: ['InvitationIssued', 'InvitationResent', 'InvitationRevoked', 'InvitationAccepted'],
  tables: ['invitations'],
  async apply(trx, events) {
    const db: Kysely<InvitationsTables> = trx;
    for (const e of events) {
      const at = new Date(e.metadata.occurredAt);
      switch (e.type) {
        case 'InvitationIssued': {
          const d = e.data as InvitationIssued['data'];
          await db
            .insertInto('invitations')
            .values({
              id: d.invitationId,
              team_id: d.teamId,
              player_id: d.playerId,
              invite_type: d.inviteType,
              invitee_name: d.inviteeName,
              invitee_email: d.inviteeEmail,
              age_group: d.ageGroup,
              specialization: d.specialization,
              invited_by: d.by,
              created_at: at,
              token_version: d.tokenVersion,
              expires_at: new Date(d.expiresAt),
              used_at: null,
              used_by: null,
              revoked_at: null,
            })
            .execute();
          break;
        }
        case 'InvitationResent': {
          const d = e.data as InvitationResent['data'];
          await db
            .updateTable('invitations')
            .set({ token_version: d.tokenVersion, expires_at: new Date(d.expiresAt) })
            .where('id', '=', d.invitationId)
            .execute();
          break;
        }
        case 'InvitationRevoked': {
          const d = e.data as InvitationRevoked['data'];
          await db.updateTable('invitations').set({ revoked_at: at }).where('id', '=', d.invitationId).execute();
          break;
        }
        case 'InvitationAccepted': {
          const d = e.data as InvitationAccepted['data'];
          await db
            .updateTable('invitations')
            .set({ used_at: at, used_by: d.userId })
            .where('id', '=', d.invitationId)
            .execute();
          break;
        }
      }
    }
  },
  afterCommit(events) {
    const teams = new Set(events.map((e) => (e.data as { teamId: string }).teamId));
    return [...teams].map((teamId) => ({
      subject: teamSubject(teamId, 'invitations'),
      data: toEnvelope({ type: 'team_invitations_changed', teamId }),
    }));
  },
};
