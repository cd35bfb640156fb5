/**
 * A test server that is a whole scale-out installation inside the test process, for the vitest
 * project `cluster` (`PIECEWORK_TEST_DB=CLUSTER`): an APP server (API and timers, executes
 * nothing) and two WORKER servers (execute the runs), each built with `createServer` on a data
 * directory of its own (the workers' inside the app's: `worker-1`, `worker-2`, removed with it),
 * sharing one fresh PostgreSQL database, a fresh Redis key prefix and the installation's secrets,
 * the workers building resume and callback URLs from the app's URL. The app is the test server
 * tests see: its `context` reads and writes the shared database, and its `logs` collect the lines
 * of all three, each tagged `testProcess` (`app`, `worker-1`, `worker-2`). Unlike
 * `scale-out-cluster.ts` (child processes, to kill), it is cheap enough to run whole test files on.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PieceworkServer } from '../create-server';
import { capturingLogger } from './captured-logs';
import { listenTestServer } from './listen-test-server';
import { deleteRedisKeys, scaleOutEnv } from './scale-out-cluster';
import { freePort } from './server-process';
import { TEST_EDITION_ENV } from './test-edition';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './test-postgres';
import type { TestServer, TestServerOptions } from './test-server';

/** Worker servers of each cluster. */
const WORKERS = 2;

/** What outlives a restart of a cluster on the same data directory: its data, queues and secrets. */
interface Installation {
  readonly database: TestPostgresDatabase;
  readonly redisPrefix: string;
  /** The variables every server of the installation shares (see `scaleOutEnv`). */
  readonly env: Record<string, string>;
  /** The app's port: a restart listens there again, so stored URLs stay right. */
  readonly port: number;
}

/**
 * The installation of each data directory a test named (`options.dataDir`), so that a restarted
 * cluster finds its database, jobs and secrets again; the suite's global teardown drops their
 * databases and Redis keys. A fresh data directory's installation goes when its cluster closes.
 */
const installationsOfDataDirs = new Map<string, Installation>();

/** The Redis test clusters use: `PIECEWORK_TEST_REDIS_URL`, else `redis://127.0.0.1:6379`. */
export function testRedisUrl(): string {
  return process.env['PIECEWORK_TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
}

/**
 * A fresh Redis key prefix: `PIECEWORK_TEST_REDIS_PREFIX` (set by the cluster project's global
 * setup, whose teardown deletes every key left with it), else `pwtest-`, then random hex.
 */
export function newTestRedisPrefix(): string {
  return `${process.env['PIECEWORK_TEST_REDIS_PREFIX'] ?? 'pwtest-'}${randomBytes(5).toString('hex')}`;
}

async function newInstallation(port: number | undefined): Promise<Installation> {
  const database = await createTestPostgresDatabase();
  const redisPrefix = newTestRedisPrefix();
  const appPort = port ?? (await freePort());
  const env = scaleOutEnv({
    databaseUrl: database.url,
    redisUrl: testRedisUrl(),
    prefix: redisPrefix,
    appUrl: `http://127.0.0.1:${String(appPort)}`,
  });
  return { database, redisPrefix, env, port: appPort };
}

/**
 * Starts an app and two workers with `env` on top of the installation's variables, each given
 * `options` (the `runs` options reach the workers, which execute), and answers the app as the test
 * server; its `close()` stops all three. See the module comment; tests call `startTestServer`,
 * which calls this in the `cluster` project.
 */
export async function startInProcessCluster(
  env: Record<string, string>,
  options: TestServerOptions,
): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'piecework-cluster-'));
  let installation = installationsOfDataDirs.get(dataDir);
  if (installation === undefined) {
    installation = await newInstallation(options.port);
    if (options.dataDir !== undefined) installationsOfDataDirs.set(dataDir, installation);
  }
  const port = options.port ?? installation.port;
  const logs: Record<string, unknown>[] = [];
  const sampleRateInfo = Number(env['AP_LOG_SAMPLE_RATE_INFO'] ?? '100');
  const servers: PieceworkServer[] = [];
  const start = async (role: 'APP' | 'WORKER', name: string, dir: string, listenOn: number) => {
    const serverEnv = {
      ...TEST_EDITION_ENV,
      AP_LOG_LEVEL: 'info',
      ...installation.env,
      AP_FRONTEND_URL: `http://127.0.0.1:${String(port)}`,
      ...env,
      AP_CONFIG_PATH: dir,
      AP_CONTAINER_TYPE: role,
    };
    const logger = capturingLogger(logs, sampleRateInfo, { testProcess: name });
    const started = await listenTestServer(serverEnv, options, logger, listenOn);
    servers.push(started.server);
    return started;
  };
  const remove = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await installation.database.drop();
    await deleteRedisKeys(testRedisUrl(), installation.redisPrefix);
  };
  try {
    // The app first: a worker takes jobs once the app has recorded its release.
    const app = await start('APP', 'app', dataDir, port);
    await Promise.all(
      Array.from({ length: WORKERS }, (_, index) =>
        start('WORKER', `worker-${String(index + 1)}`, join(dataDir, `worker-${String(index + 1)}`), 0),
      ),
    );
    return {
      url: app.url,
      apiUrl: `${app.url}/api`,
      server: app.server,
      dataDir,
      logs,
      async close() {
        await Promise.all(servers.map((server) => server.close()));
        if (options.dataDir === undefined) await remove();
      },
    };
  } catch (error) {
    await Promise.allSettled(servers.map((server) => server.close()));
    if (options.dataDir === undefined) await remove();
    throw error;
  }
}
