import { isApiError } from '../../../lib/api-client.ts';

/**
 * An upload refused with 409 CONSENT_MISSING lists the players without photo consent: the person
 * reads their names, not the server's sentence. Null for any other error.
 */
export function consentMissingMessage(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'CONSENT_MISSING') return null;
  const players = (error.body as { players?: unknown } | undefined)?.players;
  const names = Array.isArray(players)
    ? players.flatMap((p) =>
        typeof (p as { name?: unknown })?.name === 'string' ? [(p as { name: string }).name] : [],
      )
    : [];
  if (names.length === 0) return null;
  return `No photo consent for: ${names.join(', ')}. Leave them out of this upload or ask their guardians.`;
}
