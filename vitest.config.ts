import { defineConfig } from 'vitest/config';

// One vitest run covers every package. Server-side suites use real PostgreSQL/NATS when
// reachable (required under SIDELINE_REQUIRE_SERVICES=1) and PGlite / the in-process bus always.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['{domain,infra,projections,realtime,command-api}/{src,test}/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          root: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Component tests type and wait for many renders; on a busy 2-core machine 5 s is too tight.
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['web/e2e/**/*.e2e.test.ts'],
          // Builds the server bundle npm start runs (and the e2e tests start).
          globalSetup: ['web/e2e/support/build-server.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
