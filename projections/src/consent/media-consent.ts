import type { ReadModels } from '../read-models.ts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isOrgAdminOfTeam } from '../orgs/orgs-queries.ts';
import { teamConsentSettings } from './consent-queries.ts';

/** How a viewer sees a team's media as its players' photo consents stand. */
export interface MediaConsentView {
  /** The organization counts an unanswered photo consent as given. */
  unknownGranted: boolean;
  /** The organization's admins see hidden items (marked); so does each item's uploader. */
  seesHidden: boolean;
}

export async function mediaConsentView(
  db: Kysely<ReadModels>,
  teamId: string,
  viewerId: string,
): Promise<MediaConsentView> {
  const [settings, isAdmin] = await Promise.all([
    teamConsentSettings(db, teamId),
    isOrgAdminOfTeam(db, teamId, viewerId),
  ]);
  return { unknownGranted: settings.unknownTeamOnly === 'granted', seesHidden: isAdmin };
}

/**
 * Whether the `media` row names a player whose photo consent does not count as given now: read
 * at query time from the current answers, so a withdrawal hides the item the moment it is
 * projected, and consent given again shows it.
 */
export function hiddenByConsentSql(view: MediaConsentView): RawBuilder<boolean> {
  const unknown = view.unknownGranted ? 'given' : 'withheld';
  return sql<boolean>`EXISTS (
    SELECT 1 FROM media_players mp
      LEFT JOIN consent_current cc ON cc.player_id = mp.player_id AND cc.consent = 'photos'
    WHERE mp.media_id = media.id AND COALESCE(cc.state, ${unknown}) <> 'given')`;
}

/** Whether the item is hidden from `viewerId` by a photo consent (its uploader and the organization's admins still see it). */
export async function mediaHiddenFrom(
  db: Kysely<ReadModels>,
  media: { id: string; teamId: string; uploaderId: string },
  viewerId: string,
): Promise<boolean> {
  if (media.uploaderId === viewerId) return false;
  const view = await mediaConsentView(db, media.teamId, viewerId);
  if (view.seesHidden) return false;
  const row = await sql<{
    hidden: boolean;
  }>`SELECT ${hiddenByConsentSql(view)} AS hidden FROM media WHERE media.id = ${media.id}`.execute(db);
  return Boolean(row.rows[0]?.hidden);
}

/** Whether the item names any player: its visibility can change whenever their guardians answer. */
export async function mediaNamesPlayers(db: Kysely<ReadModels>, mediaId: string): Promise<boolean> {
  const row = await db
    .selectFrom('media_players')
    .select('player_id')
    .where('media_id', '=', mediaId)
    .executeTakeFirst();
  return row !== undefined;
}
