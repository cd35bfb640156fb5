/**
 * A real server for integration tests: its own temporary data directory (SQLite file, secrets)
 * and, with `PIECEWORK_TEST_DB=POSTGRES`, its own fresh PostgreSQL database, listening on a free
 * loopback port, logs captured in memory at AP_LOG_LEVEL (never on the console), answers checked against their
 * schemas, AP_EDITION `cloud` unless the test sets it (`test-edition.ts`). With `PIECEWORK_TEST_DB=CLUSTER` it is an app + 2 workers (`in-process-cluster.ts`).
 * Close it after the test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '@piecework/shared';
import type { PieceworkServer } from '../create-server';
import type { HttpTimeoutOptions } from '../infrastructure/http/http-timeouts';
import type { GoogleEndpoints } from '../modules/federated-authn/google-provider';
import type { GithubEndpoints } from '../modules/federated-authn/github-provider';
import type { EventDeliveryOptions } from '../modules/event-destinations/delivery-policy';
import type { RunRuntimeOptions } from '../execution/create-run-runtime';
import { capturingLogger } from './captured-logs';
import { startInProcessCluster } from './in-process-cluster';
import { listenTestServer } from './listen-test-server';
import { TEST_EDITION_ENV } from './test-edition';
import { createTestServerDatabase, testsRunOnCluster, type TestServerDatabase } from './test-store';

/**
 * The database of each data directory a test named (`options.dataDir`), so that a restarted test
 * server finds its data again; the suite's global teardown drops these. A fresh data directory's
 * database is dropped when its server closes.
 */
const databasesOfDataDirs = new Map<string, TestServerDatabase>();

/** The database of a test server on `dataDir` (given by the test), made on first use. */
async function databaseOf(dataDir: string | undefined): Promise<TestServerDatabase> {
  if (dataDir === undefined) return createTestServerDatabase();
  let database = databasesOfDataDirs.get(dataDir);
  if (database === undefined) {
    database = await createTestServerDatabase();
    databasesOfDataDirs.set(dataDir, database);
  }
  return database;
}

/** A started test server. */
export interface TestServer {
  /** Base URL, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** `url` + `/api`: where the REST routes are. */
  readonly apiUrl: string;
  /** The server (in the `cluster` project: the app, whose context reads the shared database). */
  readonly server: PieceworkServer;
  readonly dataDir: string;
  /** Every log line written so far, parsed (in the `cluster` project: of the app and workers, tagged `testProcess`). */
  readonly logs: Record<string, unknown>[];
  close(): Promise<void>;
}

/** What tests that only call the API over HTTP need of a server (a test server, or a scale-out cluster's app). */
export type ApiServer = Pick<TestServer, 'apiUrl'>;

/** Options of {@link startTestServer}. */
export interface TestServerOptions {
  /**
   * Start on this existing data directory (a restart of an earlier test server); it is left in
   * place on close, for the test to remove. Default: a fresh temporary directory, removed on close.
   */
  dataDir?: string;
  /** Options of the run machinery (shorter timings, fewer worker threads...). Default none. */
  runs?: RunRuntimeOptions;
  /** HTTP timeouts (shorter ones to test slow clients). Default the server's. */
  http?: HttpTimeoutOptions;
  /**
   * Listen on this loopback port (with AP_FRONTEND_URL naming it, for flows that call the server
   * back: sub-flows, resume URLs). Default a free port the system picks.
   */
  port?: number;
  /** Longest wait between two looks at due schedules and polls, in ms. Default the server's (1000). */
  timerIntervalMs?: number;
  /** Google sign-in's endpoints (a stand-in provider on loopback). Default Google's. */
  googleEndpoints?: GoogleEndpoints;
  /** GitHub sign-in's endpoints (a stand-in GitHub on loopback). Default GitHub's. */
  githubEndpoints?: GithubEndpoints;
  /** Accept plain-http OpenID Connect issuers (a stand-in provider on loopback). Default false. */
  oidcAllowHttpIssuers?: boolean;
  /**
   * Serve the built web app: `true` the one `@piecework/ui` resolves to, a folder path that build
   * (the browser tests pass their own, so a worktree serves what it built); default API only.
   */
  webApp?: boolean | string;
  /** Delivery to event destinations (a shorter backoff, fewer attempts). Default the server's. */
  eventDeliveries?: EventDeliveryOptions;
  /** A catalogue file whose pieces the server lists (`true`: the shipped snapshot). Default none. */
  catalogueSnapshot?: string | true;
  /** The server's wall clock in microseconds (a test moves it forward). Default the system's. */
  wallClockMicros?: () => number;
}

/**
 * Starts a server with `env` on top of test defaults (fresh data dir, port 0, the database engine
 * of `PIECEWORK_TEST_DB`; an `AP_DB_TYPE` in `env` overrides the engine, and makes it one server
 * in the `cluster` project too).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  if (testsRunOnCluster() && env['AP_DB_TYPE'] === undefined) return startInProcessCluster(env, options);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'piecework-server-'));
  const logs: Record<string, unknown>[] = [];
  const database = env['AP_DB_TYPE'] === undefined ? await databaseOf(options.dataDir) : undefined;
  const fullEnv: Record<string, string> = {
    ...TEST_EDITION_ENV,
    AP_CONFIG_PATH: dataDir,
    AP_LOG_LEVEL: 'info',
    ...database?.env,
    ...env,
  };
  const logger = capturingLogger(
    logs,
    Number(fullEnv['AP_LOG_SAMPLE_RATE_INFO'] ?? '100'),
    undefined,
    parseConfig(fullEnv).logLevel,
  );
  const { server, url } = await listenTestServer(fullEnv, options, logger, options.port ?? 0);
  return {
    url,
    apiUrl: `${url}/api`,
    server,
    dataDir,
    logs,
    async close() {
      await server.close();
      if (options.dataDir === undefined) {
        rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
  };
}
