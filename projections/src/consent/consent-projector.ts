import type { Kysely } from 'kysely';
import { teamSubject, toEnvelope } from '@sideline/infra';
import type {
  ConsentAnswered,
  ConsentWordingChanged,
  MediaDeleted,
  MediaUploaded,
  UnknownConsentPolicySet,
} from '@sideline/domain';
import type { Projector } from '../runner/projector.ts';
import { changesFromEventData } from '../runner/read-model-changes.ts';
import type { ConsentTables } from './consent-read-model.ts';

type DB = Kysely<ConsentTables>;

async function orgSettings(db: DB, orgId: string, at: Date, set: { text?: string; version?: number; policy?: string }) {
  await db
    .insertInto('org_consent_settings')
    .values({
      org_id: orgId,
      text: set.text ?? null,
      version: set.version ?? 1,
      unknown_team_only: set.policy ?? 'askFirst',
      updated_at: at,
    })
    .onConflict((oc) =>
      oc.column('org_id').doUpdateSet({
        ...(set.text !== undefined ? { text: set.text, version: set.version! } : {}),
        ...(set.policy !== undefined ? { unknown_team_only: set.policy } : {}),
        updated_at: at,
      }),
    )
    .execute();
}

export const consentProjector: Projector<ConsentTables> = {
  name: 'consent',
  handles: ['ConsentAnswered', 'ConsentWordingChanged', 'UnknownConsentPolicySet', 'MediaUploaded', 'MediaDeleted'],
  tables: ['consent_history', 'consent_current', 'org_consent_settings', 'media_players'],
  async apply(trx, events) {
    const db = trx as unknown as DB;
    for (const e of events) {
      switch (e.type) {
        case 'ConsentAnswered': {
          const d = e.data as ConsentAnswered['data'];
          const at = new Date(d.at);
          await db
            .insertInto('consent_history')
            .values({
              id: e.id,
              player_id: d.playerId,
              team_id: d.teamId,
              consent: d.consent,
              state: d.state,
              by_id: d.by,
              as_role: d.as,
              text_version: d.textVersion,
              address: d.address,
              browser: d.browser,
              at,
            })
            .onConflict((oc) => oc.column('id').doNothing())
            .execute();
          const current = {
            team_id: d.teamId,
            state: d.state,
            by_id: d.by,
            text_version: d.textVersion,
            at,
          };
          await db
            .insertInto('consent_current')
            .values({ player_id: d.playerId, consent: d.consent, ...current })
            .onConflict((oc) => oc.columns(['player_id', 'consent']).doUpdateSet(current))
            .execute();
          break;
        }
        case 'ConsentWordingChanged': {
          const d = e.data as ConsentWordingChanged['data'];
          await orgSettings(db, d.orgId, new Date(e.metadata.occurredAt), { text: d.text, version: d.version });
          break;
        }
        case 'UnknownConsentPolicySet': {
          const d = e.data as UnknownConsentPolicySet['data'];
          await orgSettings(db, d.orgId, new Date(e.metadata.occurredAt), { policy: d.unknownTeamOnly });
          break;
        }
        case 'MediaUploaded': {
          const d = e.data as MediaUploaded['data'];
          if (!d.players?.length) break;
          await db
            .insertInto('media_players')
            .values(d.players.map((playerId) => ({ media_id: d.mediaId, player_id: playerId, team_id: d.teamId })))
            .onConflict((oc) => oc.columns(['media_id', 'player_id']).doNothing())
            .execute();
          break;
        }
        case 'MediaDeleted': {
          const d = e.data as MediaDeleted['data'];
          await db.deleteFrom('media_players').where('media_id', '=', d.mediaId).execute();
          break;
        }
      }
    }
  },
  changes: (events) => changesFromEventData(events),
  afterCommit(events) {
    // A photo consent given or withdrawn shows or hides media at once: the team's lists refetch.
    const teams = new Set(
      events
        .filter((e) => e.type === 'ConsentAnswered')
        .map((e) => e.data as ConsentAnswered['data'])
        .filter((d) => d.consent === 'photos')
        .map((d) => d.teamId),
    );
    const answered = new Set(
      events.filter((e) => e.type === 'ConsentAnswered').map((e) => (e.data as ConsentAnswered['data']).teamId),
    );
    return [
      ...[...teams].map((teamId) => ({
        subject: teamSubject(teamId, 'media'),
        data: toEnvelope({ type: 'media_changed', teamId }),
      })),
      // The roster's consent badges.
      ...[...answered].map((teamId) => ({
        subject: teamSubject(teamId, 'players'),
        data: toEnvelope({ type: 'team_players_changed', teamId }),
      })),
    ];
  },
};
