import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Config } from '@sideline/infra';
import type { AuthTables } from '../identity/auth-tables.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

const SECRET_NAME = 'vapid-keys';
const DEFAULT_SUBJECT = 'mailto:no-reply@sideline.invalid';

/**
 * The key pair pushes are signed with: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured, else
 * one made on first start and kept in the database (with the data in embedded mode, and in its
 * backups; shared by every process of a deployment in split mode). A pair that changes would
 * leave every browser's subscription unusable, so the first one written wins.
 */
export async function vapidDetails(database: Kysely<any>, config: Config): Promise<VapidDetails> {
  const subject =
    config.VAPID_SUBJECT ?? (config.PUBLIC_ORIGIN?.startsWith('https://') ? config.PUBLIC_ORIGIN : DEFAULT_SUBJECT);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const db = database as Kysely<AuthTables>;
  const made = webpush.generateVAPIDKeys();
  await db
    .insertInto('server_secrets')
    .values({ name: SECRET_NAME, value: JSON.stringify(made), created_at: new Date() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  const kept = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { subject, publicKey: kept.publicKey, privateKey: kept.privateKey };
}
