import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { Config } from '@sideline/infra';
import { keptServerSecret } from '../identity/server-secrets.ts';
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
export async function vapidDetails(database: Kysely<AuthTables>, config: Config): Promise<VapidDetails> {
  const subject =
    config.VAPID_SUBJECT ?? (config.PUBLIC_ORIGIN?.startsWith('https://') ? config.PUBLIC_ORIGIN : DEFAULT_SUBJECT);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { subject, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }
  const secret = await keptServerSecret(database, SECRET_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()));
  const kept = JSON.parse(secret) as { publicKey: string; privateKey: string };
  return { subject, publicKey: kept.publicKey, privateKey: kept.privateKey };
}
