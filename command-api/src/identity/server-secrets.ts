import type { Kysely } from 'kysely';
import type { AuthTables } from './auth-tables.ts';

/**
 * A secret made on first start and kept in `server_secrets` (with the data in embedded mode and
 * in its backups; shared by every process of a deployment in split mode). Two processes starting
 * at once may both make one: the first written wins and both read it back, so a key never changes
 * under signatures already handed out.
 */
export async function keptServerSecret(db: Kysely<AuthTables>, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: make(), created_at: new Date() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
