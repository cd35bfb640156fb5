import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Tests import packages by name; during tests the names resolve to the TypeScript sources:
 * `@piecework/<dir>` to `packages/<dir>/src/index.ts`, the engine's worker and deferred-thread
 * entry points, and `@piecework/shared/testing` (the flow builders every package's tests use, not
 * published) to `packages/shared/src/testing/index.ts`.
 */
const packagesDir = fileURLToPath(new URL('./packages/', import.meta.url));
const alias = [
  { find: /^@piecework\/shared\/testing$/, replacement: `${packagesDir}shared/src/testing/index.ts` },
  { find: /^@piecework\/engine\/worker$/, replacement: `${packagesDir}engine/src/worker/index.ts` },
  {
    find: /^@piecework\/engine\/deferred-thread$/,
    replacement: `${packagesDir}engine/src/worker/deferred-thread.ts`,
  },
  ...readdirSync(packagesDir).map((dir) => ({
    find: new RegExp(`^@piecework/${dir}$`),
    replacement: `${packagesDir}${dir}/src/index.ts`,
  })),
];

/**
 * The server tests that run a second time on PostgreSQL (`PIECEWORK_TEST_DB=POSTGRES`: every store
 * and test server gets a fresh database on 127.0.0.1:5432, see `server/src/testing/test-store.ts`).
 */
const postgresTests = [
  ...['integration', 'execution', 'modules', 'infrastructure/storage'].map(
    (dir) => `packages/server/src/${dir}/**/*.test.ts`,
  ),
];

/** Tests of what only SQLite has, left out of the PostgreSQL run. */
const sqliteOnlyTests = [
  // One process owns the database file (locking_mode EXCLUSIVE); PostgreSQL serves many processes.
  'packages/server/src/infrastructure/storage/exclusive-store.test.ts',
  // Group commit and BEGIN IMMEDIATE are the SQLite store's write path; PostgreSQL's is postgres-write.ts.
  'packages/server/src/infrastructure/storage/group-commit.test.ts',
  'packages/server/src/infrastructure/storage/write-transaction.test.ts',
  // The scale-out tests start their own PostgreSQL + Redis cluster whatever the run's engine.
  'packages/server/src/integration/scale-out/**',
  'packages/server/src/execution/scale-out/**',
];

/**
 * The tests that run a third time on a scale-out cluster (`PIECEWORK_TEST_DB=CLUSTER`: every test
 * server is an in-process app + 2 workers on a fresh PostgreSQL database and Redis key prefix, see
 * `server/src/testing/in-process-cluster.ts`): runs, webhooks, schedules, run routes, sub-flows,
 * concurrency and crash safety. Tests without a server, and those of the API alone, are left to
 * the other two projects: they test nothing a cluster changes. Single tests of what only holds in
 * one process are skipped there with `testsRunOnCluster()`, each saying why.
 */
const clusterTests = [
  'execution/run-*.test.ts',
  'modules/webhooks/webhook-routes.test.ts',
  'modules/webhooks/webhook-credentials.test.ts',
  'modules/schedules/scheduler.test.ts',
  'modules/schedules/sync-schedule.test.ts',
  'modules/flow-runs/*.test.ts',
  'integration/crash-safety.test.ts',
  'integration/subflows.test.ts',
  'integration/concurrency.test.ts',
  // An MCP flow tool answered by a worker through the app's /mcp, OAuth state in PostgreSQL.
  'integration/mcp-oauth-dance.test.ts',
  // The tables piece on a worker, and record events of a worker's flow starting runs.
  'integration/tables-piece-actions.test.ts',
  'integration/tables-piece-triggers.test.ts',
  'testing/in-process-cluster.test.ts',
  // Agents as workers' jobs, with flow tools whose runs a worker waits on (it hears their answers
  // over Redis). A worker killed mid-agent: integration/scale-out/agent-worker-kill.test.ts.
  'modules/agents/agent-step.test.ts',
  'modules/agents/agent-tools-flow.test.ts',
  // Catalogue pieces a worker runs before its own pieces directory has them: installed there on demand.
  'modules/pieces/piece-catalogue.test.ts',
  // Forms and chat submissions whose runs (and agents) workers execute, answered in the app's stream;
  // the per-IP limit's counters in Redis.
  'modules/human-input/*.test.ts',
  // Not integration/fair-scheduling.test.ts: it measures a latency ratio of one process's engine
  // threads on 2 cores, and a cluster in one test process puts both workers' held threads (4
  // runaway runs) and all three servers' main threads on those cores.
].map((file) => `packages/server/src/${file}`);

/**
 * Tests that measure a latency ratio on the machine's 2 cores: they run after everything else,
 * one file at a time, so that no other test file crowds the cores they measure.
 */
const loadSensitiveTests = [
  'packages/server/src/integration/fair-scheduling.test.ts',
  'packages/engine/src/worker/worker-fairness.test.ts',
];

export default defineConfig({
  resolve: { alias },
  test: {
    setupFiles: ['test/setup/no-console.ts', 'test/setup/password-cost.ts'],
    pool: 'forks',
    // Two test files at once (vitest's default on 2 cores is one), each worker keeping the modules
    // it imported for its next file: importing the server's sources again for every one of ~500
    // files was most of the suite's time. Test files therefore leave no process state behind
    // (environment variables are restored, servers closed).
    maxWorkers: 2,
    isolate: false,
    testTimeout: 20_000,
    // Hooks start and close servers: on a crowded machine that takes longer than vitest's 10 s
    // hook default, and a hook that times out leaves its server running for the worker's next file.
    hookTimeout: 60_000,
    // expect.poll waits up to 10 s (vitest's default is 1 s), as a crowded 2-core run needs.
    expect: { poll: { timeout: 10_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: loadSensitiveTests,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: postgresTests,
          exclude: [...sqliteOnlyTests, ...loadSensitiveTests],
          env: { PIECEWORK_TEST_DB: 'POSTGRES' },
          globalSetup: ['test/setup/postgres-databases.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          include: clusterTests,
          env: { PIECEWORK_TEST_DB: 'CLUSTER' },
          globalSetup: ['test/setup/postgres-databases.ts', 'test/setup/redis-keys.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The web app in Debian's Chromium (playwright-core) against a real server on loopback.
          name: 'ui',
          include: ['packages/ui/e2e/**/*.test.ts'],
          globalSetup: ['packages/ui/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'sqlite-alone',
          include: loadSensitiveTests,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres-alone',
          include: loadSensitiveTests.filter((file) => file.startsWith('packages/server/')),
          env: { PIECEWORK_TEST_DB: 'POSTGRES' },
          globalSetup: ['test/setup/postgres-databases.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
