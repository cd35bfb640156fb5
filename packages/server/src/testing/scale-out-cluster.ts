/**
 * A scale-out installation for tests: one app process (AP_CONTAINER_TYPE=APP) and worker
 * processes (WORKER), each a real `piecework start` child process, on a fresh PostgreSQL database
 * and a Redis key prefix of their own, sharing the secrets an installation shares (session and
 * connection keys). Workers build resume and callback URLs from the app's URL, as behind a load
 * balancer. Close it after the test: it stops every process, drops the database and deletes the
 * prefix's Redis keys.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealthResponse } from '@piecework/shared';
import { Redis } from 'ioredis';
import { createTestPostgresDatabase, type TestPostgresDatabase } from './test-postgres';
import { freePort, startServerProcess, type ServerProcess } from './server-process';

/** Options of {@link startScaleOutCluster}. */
export interface ScaleOutClusterOptions {
  /** Worker processes to start. Default 2. */
  workers?: number;
  /** Variables of every process on top of the cluster's. */
  env?: Record<string, string>;
  /** The Redis the cluster uses. Default `redis://127.0.0.1:6379`. */
  redisUrl?: string;
}

/** A started cluster; see the module comment. */
export interface ScaleOutCluster {
  /** The running app (a killed one stays until replaced with {@link restartApp}). */
  readonly app: ServerProcess;
  /** The running workers (a killed one stays in the list until replaced with {@link restartWorker}). */
  readonly workers: ServerProcess[];
  /** The app's `/api` URL: where clients, webhooks and resume URLs go. */
  readonly apiUrl: string;
  /** The variables every process of the cluster shares (database, Redis, secrets). */
  readonly env: Record<string, string>;
  /** The PostgreSQL database's URL. */
  readonly databaseUrl: string;
  /**
   * Reads the app's health until `until` holds of it (the workers it lists, say), at most
   * `timeoutMs` (default 15 s); answers the last answer read.
   */
  health(until: (health: HealthResponse) => boolean, timeoutMs?: number): Promise<HealthResponse>;
  /** Starts another worker (with `env` on top); answers it once it answers health. */
  startWorker(env?: Record<string, string>): Promise<ServerProcess>;
  /** Replaces worker `index` (killed or not) with a fresh process. */
  restartWorker(index: number): Promise<ServerProcess>;
  /** Replaces the app (killed or not) with a fresh process on the same port; answers it once it answers health. */
  restartApp(): Promise<ServerProcess>;
  close(): Promise<void>;
}

/**
 * The variables every process of one scale-out installation shares: its database and Redis (key
 * prefix), fresh session and connection secrets, and the app's URL (resume and callback links).
 */
export function scaleOutEnv(parts: {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  appUrl: string;
}): Record<string, string> {
  return {
    AP_DB_TYPE: 'POSTGRES',
    AP_POSTGRES_URL: parts.databaseUrl,
    AP_REDIS_URL: parts.redisUrl,
    AP_REDIS_KEY_PREFIX: parts.prefix,
    AP_JWT_SECRET: randomBytes(32).toString('hex'),
    AP_ENCRYPTION_KEY: randomBytes(16).toString('hex'),
    AP_FRONTEND_URL: parts.appUrl,
  };
}

/** Starts an app and its workers; see the module comment. */
export async function startScaleOutCluster(options: ScaleOutClusterOptions = {}): Promise<ScaleOutCluster> {
  const database: TestPostgresDatabase = await createTestPostgresDatabase();
  const dirs: string[] = [];
  const processes: ServerProcess[] = [];
  const redisUrl = options.redisUrl ?? 'redis://127.0.0.1:6379';
  const prefix = `pwtest-${randomBytes(5).toString('hex')}`;
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${String(appPort)}`;
  const env: Record<string, string> = {
    ...scaleOutEnv({ databaseUrl: database.url, redisUrl, prefix, appUrl }),
    ...options.env,
  };
  const start = async (role: 'APP' | 'WORKER', port: number, extra: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), `piecework-${role.toLowerCase()}-`));
    dirs.push(dir);
    const started = await startServerProcess(dir, port, { ...env, AP_CONTAINER_TYPE: role, ...extra });
    processes.push(started);
    return started;
  };
  let app = await start('APP', appPort);
  const workers: ServerProcess[] = [];
  const startWorker = async (extra?: Record<string, string>) => {
    const worker = await start('WORKER', await freePort(), extra);
    workers.push(worker);
    return worker;
  };
  for (let i = 0; i < (options.workers ?? 2); i++) await startWorker();
  return {
    get app() {
      return app;
    },
    workers,
    apiUrl: `${appUrl}/api`,
    env,
    databaseUrl: database.url,
    startWorker,
    async health(until, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const health = (await (await fetch(`${appUrl}/api/v1/health`)).json()) as HealthResponse;
        if (until(health) || Date.now() > deadline) return health;
        await new Promise((done) => setTimeout(done, 100));
      }
    },
    async restartApp() {
      await app.kill('SIGKILL');
      app = await start('APP', appPort);
      return app;
    },
    async restartWorker(index) {
      await workers[index]!.kill('SIGKILL');
      const worker = await start('WORKER', await freePort());
      workers[index] = worker;
      return worker;
    },
    async close() {
      await Promise.all(processes.map((process) => process.kill('SIGTERM')));
      await database.drop();
      await deleteRedisKeys(redisUrl, prefix);
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Deletes every Redis key starting with `prefix`. */
export async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
