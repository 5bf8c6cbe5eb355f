import { configDefaults, defineConfig } from 'vitest/config';

// One vitest run covers every package. Server-side suites use real PostgreSQL/NATS when
// reachable (required under SIDELINE_REQUIRE_SERVICES=1) and PGlite / the in-process bus always.
//
// SIDELINE_TEST_SERVICES=none (`npm run test:fast`, projects server and web) runs on PGlite and
// the in-process bus only (infra/src/testing/services.ts) and leaves out the files below: each
// needs an external program or service throughout. A new test file that does, or that is slow
// (spawns the built server, a load test), is named `*.slow.test.ts`, or listed here with why.
const fastRunLeavesOut = [
  '**/*.slow.test.ts',
  // RTMP ingest and HLS: a real ffmpeg publishes to the server.
  'command-api/test/**/livestream*.test.ts',
  // Video uploads: ffmpeg makes the test videos, ffprobe/ffmpeg clean and probe them.
  'command-api/test/**/video-metadata.test.ts',
  'command-api/test/**/media-hub-api.test.ts',
  // A real Prometheus scrapes /metrics.
  'command-api/test/**/metrics-prometheus.test.ts',
  // EventStoreDB in a container (testcontainers) or at EVENTSTORE_URL.
  'infra/src/event-store/eventstoredb-event-store.test.ts',
  // A load test: hundreds of sign-ins, each hashing a password (a minute of CPU here).
  'command-api/test/**/sign-in-throttle.test.ts',
  // Only about NATS or PostgreSQL (a restart, two processes): every test would skip.
  'infra/src/bus/nats-reconnect.test.ts',
  'realtime/test/bus-outage.test.ts',
  'realtime/test/cross-process.test.ts',
  'projections/test/projection-leadership.test.ts',
  'command-api/test/**/chat-socket-outage.test.ts',
  'command-api/test/**/shared-nats.test.ts',
  'command-api/test/**/session-cache.test.ts',
];
const fastRun = process.env.SIDELINE_TEST_SERVICES === 'none';

// The fast run shares a worker's loaded modules between its files (half the CPU: PGlite, Fastify
// and the screens load once). These files need a process of their own: V8 flags set at start.
const ownProcess = ['infra/src/db/embedded-v8-flags.test.ts'];
const serverTests = ['{domain,infra,projections,realtime,command-api}/{src,test}/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: serverTests,
          ...(fastRun
            ? { exclude: [...configDefaults.exclude, ...fastRunLeavesOut, ...ownProcess], isolate: false }
            : {}),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(fastRun
        ? [
            {
              extends: true,
              test: {
                name: 'server-own-process',
                environment: 'node',
                include: ownProcess,
                testTimeout: 30_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'web',
          root: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // The fast run loads the screens once per worker instead of once per file (a third of
          // the time here); src/test/setup.ts resets the state modules keep after each test.
          ...(fastRun ? { isolate: false } : {}),
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
          // A browser test that fails runs once more: on two loaded cores a page now and then
          // misses its moment. Its first failure still prints what the pages saw and the server's
          // last lines (web/e2e/support/fixture.ts), so a flake is read and fixed, not hidden.
          retry: 1,
        },
      },
    ],
  },
});
