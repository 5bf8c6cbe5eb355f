import type { ReadModels } from '@sideline/projections';
import type { Kysely } from 'kysely';
import { DomainError } from '@sideline/domain';
import { playersWithoutPhotoConsent } from '@sideline/projections';
import { HttpError } from '../shared/http-errors.ts';

/**
 * An upload may name only players of the team whose photo consent counts as given: an unknown id
 * is a 400 on `players`, a player without consent a 409 CONSENT_MISSING listing them (id, name).
 */
export async function requirePhotoConsent(
  db: Kysely<ReadModels>,
  teamId: string,
  players: readonly string[],
): Promise<void> {
  const { missing, unknownIds } = await playersWithoutPhotoConsent(db, teamId, players);
  if (unknownIds.length > 0) {
    const message = 'Name only players of this team';
    throw new HttpError(400, 'VALIDATION', 'Please check the highlighted fields', { players: [message] });
  }
  if (missing.length > 0) {
    throw new DomainError(
      'conflict',
      'CONSENT_MISSING',
      `No photo consent for ${missing.map((p) => p.name).join(', ')}: leave them out of this upload or ask their guardians`,
      { players: missing },
    );
  }
}
