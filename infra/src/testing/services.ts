import pg from 'pg';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The server tests use: DATABASE_URL, or the local default. */
export function testServerUrl(): string {
  return process.env.DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

/**
 * SIDELINE_TEST_SERVICES=none (`npm run test:fast`): suites use PGlite and the in-process bus only,
 * never reaching for PostgreSQL or NATS even when they run; their variants for those skip.
 */
export function servicesOff(): boolean {
  return process.env.SIDELINE_TEST_SERVICES === 'none';
}

/**
 * SIDELINE_REQUIRE_SERVICES=1 (CI): a service that cannot be reached fails instead of skipping.
 * SIDELINE_TEST_SERVICES=none overrides it: services are then left out on purpose.
 */
export function requireServices(): boolean {
  return process.env.SIDELINE_REQUIRE_SERVICES === '1' && !servicesOff();
}

let available: Promise<boolean> | undefined;

/** Whether the test PostgreSQL server answers (checked once per process). */
export function postgresAvailable(): Promise<boolean> {
  if (servicesOff()) return Promise.resolve(false);
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
      servicesOff()
        ? 'SIDELINE_TEST_SERVICES=none: skipping the PostgreSQL test variants, running PGlite only'
        : `PostgreSQL unreachable at ${redact(testServerUrl())}: skipping its test variants, running PGlite only`,
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
