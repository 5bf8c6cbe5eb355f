import { createHash } from 'node:crypto';
import type { Migration } from 'kysely';

/**
 * Identifies a migration set for the cached templates: its names and code, so editing a
 * migration in place (common while developing) does not reuse a stale template.
 */
export function migrationSetKey(migrations: Record<string, Migration>, salt = ''): string {
  const hash = createHash('sha256').update(salt);
  for (const name of Object.keys(migrations).sort()) {
    const migration = migrations[name]!;
    hash.update(`\0${name}\0${String(migration.up)}\0${String(migration.down ?? '')}`);
  }
  return hash.digest('hex').slice(0, 16);
}
