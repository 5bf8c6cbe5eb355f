import type { ReadModels } from '@sideline/projections';
import type { Kysely } from 'kysely';
import { DomainError } from '@sideline/domain';
import { playersLackingConsent } from '@sideline/projections';

/**
 * A public stream shows every rostered player beyond the team: it needs each one's `public` and
 * `livestream` consent. Refused with 409 CONSENT_MISSING naming the players who lack either.
 */
export async function requirePublicStreamConsent(db: Kysely<ReadModels>, teamId: string): Promise<void> {
  const lacking = await playersLackingConsent(db, teamId, ['public', 'livestream']);
  if (lacking.length === 0) return;
  throw new DomainError(
    'conflict',
    'CONSENT_MISSING',
    `A public stream needs public and livestream consent for every player; missing for ${lacking.map((p) => p.name).join(', ')}`,
    { players: lacking },
  );
}
