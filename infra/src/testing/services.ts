import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The server tests use: DATABASE_URL, or the local default. */
export function testServerUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

/** SIDELINE_REQUIRE_SERVICES=1 (CI): a service that cannot be reached fails instead of skipping. */
export function requireServices(): boolean {
  return process.env.SIDELINE_REQUIRE_SERVICES === '1';
}

let available: Promise<boolean> | undefined;

/** Whether the test PostgreSQL server answers (checked once per process). */
export function postgresAvailable(): Promise<boolean> {
  available ??= (async () => {
    const client = new pg.Client({ connectionString: testServerUrl(), connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return available;
}

export type TestDatabaseKind = 'pglite' | 'postgres';

/**
 * The kinds a parametrised suite should run over: PGlite always, PostgreSQL when reachable.
 * Throws when services are required and PostgreSQL is unreachable.
 */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  if (await postgresAvailable()) return ['pglite', 'postgres'];
  if (requireServices()) {
    throw new Error(
      `PostgreSQL is required (SIDELINE_REQUIRE_SERVICES=1) but unreachable at ${redact(testServerUrl())}`,
    );
  }
  if (!warned) {
    warned = true;
    console.warn(
      `PostgreSQL unreachable at ${redact(testServerUrl())}: skipping its test variants, running PGlite only`,
    );
  }
  return ['pglite'];
}

let warned = false;

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<unparseable url>';
  }
}
