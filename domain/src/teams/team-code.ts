import { TEAM_CODE_LENGTH } from './schemas.ts';

// No 0/O or 1/I: codes are read aloud and typed from a phone.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random join code; `randomBytes` is injected (the domain has no I/O or randomness of its own). */
export function generateTeamCode(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(TEAM_CODE_LENGTH);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}
