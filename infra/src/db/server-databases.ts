import pg from 'pg';

/** The same server URL pointing at another database. */
export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Runs `fn` on a short-lived client connected to `url` (admin statements outside any pool). */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * `CREATE DATABASE name [TEMPLATE template]` on the server `serverUrl` points at (connecting to
 * that URL's database to issue it). Returns the new database's URL.
 */
export async function createServerDatabase(
  serverUrl: string,
  name: string,
  options: { template?: string } = {},
): Promise<string> {
  const template = options.template ? ` TEMPLATE ${pg.escapeIdentifier(options.template)}` : '';
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${template}`));
  return databaseUrlFor(serverUrl, name);
}

/** Drops the database even when clients are still connected to it. */
export async function dropServerDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`),
  );
}
