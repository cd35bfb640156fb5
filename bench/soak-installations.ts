/**
 * The installations the ingest soak loads, each the built `piecework start` command as processes
 * of its own: one process on SQLite, or an APP and two WORKER processes on PostgreSQL and
 * BullMQ/Redis. Each reads back its runs (the run row with its trigger payload, and the record of
 * its `step_1`) from its database, the same SQL on both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadServerSettings } from '../packages/server/src/infrastructure/config/server-settings';
import { deleteRedisKeys } from '../packages/server/src/testing/scale-out-cluster';
import {
  freePort,
  startServerProcess,
  type ServerProcess,
} from '../packages/server/src/testing/server-process';
import { newClusterParts } from './cluster-parts';

/**
 * A run as stored: its row's columns and its `step_1` record (null: none), one row per record, as
 * {@link SoakInstallation.storedRuns} reads them for `checkRuns`.
 */
export interface StoredRun {
  id: string;
  status: string;
  created: string;
  startTime: string | null;
  finishTime: string | null;
  triggerPayload: string | null;
  record: string | null;
}

/**
 * A running installation under soak: start one with {@link startSqliteInstallation} or
 * {@link startClusterInstallation}.
 */
export interface SoakInstallation {
  origin: string;
  /** Its server processes, named by role. */
  processes: { role: string; pid: number }[];
  /** Redis keys of its prefix now (null: no Redis); after the drain, what the queue keeps. */
  queueKeys(): Promise<number | null>;
  /** Stops its processes (SIGTERM, SIGKILL after 30 s); calling it again does nothing. */
  stop(): Promise<void>;
  /** Every run with its `step_1` records, read from the database; call it after {@link stop}. */
  storedRuns(): Promise<StoredRun[]>;
  /** Deletes its data (directories, database, Redis keys); after {@link stop}. */
  remove(): Promise<void>;
}

const RUNS = `select r."id", r."status", r."created", r."startTime", r."finishTime", r."triggerPayload", s."record"
  from "flowRun" r left join "flowRunStep" s on s."runId" = r."id" and s."stepName" = 'step_1'`;

/** Every process started and not yet stopped: killed if this process exits without stopping them. */
const live = new Set<ServerProcess>();
/** The data of installations not yet removed: removed on SIGINT or SIGTERM (at most 10 s). */
const unremoved = new Set<() => Promise<void>>();
process.once('exit', () => {
  for (const server of live) server.child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    const cleanUp = async () => {
      await Promise.all([...live].map((server) => server.kill('SIGKILL')));
      await Promise.allSettled([...unremoved].map((remove) => remove()));
    };
    const deadline = new Promise((done) => setTimeout(done, 10_000));
    void Promise.race([cleanUp(), deadline]).finally(() => process.exit(130));
  });
}

/** `remove`, registered for a signal until it has run once. */
function removedOnSignal(remove: () => Promise<void>): () => Promise<void> {
  const once = async () => {
    if (!unremoved.delete(once)) return;
    await remove();
  };
  unremoved.add(once);
  return once;
}

async function start(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'piecework-bench-soak-'));
  // The command's default edition (the test helper starts `cloud`).
  const server = await startServerProcess(dir, port, { AP_EDITION: 'ce', ...env }, { built: true });
  live.add(server);
  server.child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return server;
}

async function stopAll(servers: ServerProcess[]): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      const timer = setTimeout(() => void server.kill('SIGKILL'), 30_000);
      await server.kill('SIGTERM');
      clearTimeout(timer);
      live.delete(server);
    }),
  );
}

/**
 * How many runs a process executes at once (AP_WORKER_CONCURRENCY) and a project may have running
 * at once across the installation (AP_DEFAULT_CONCURRENT_JOBS_LIMIT); give it to every start.
 */
export interface RunLimits {
  slots: number;
  projectLimit: number;
}

const limitsEnv = (limits: RunLimits) => ({
  AP_WORKER_CONCURRENCY: String(limits.slots),
  AP_DEFAULT_CONCURRENT_JOBS_LIMIT: String(limits.projectLimit),
});

/** One `piecework start` process on SQLite, with its data in a directory of its own: the embedded default. */
export async function startSqliteInstallation(limits: RunLimits): Promise<SoakInstallation> {
  const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-soak-data-'));
  const env = { AP_CONFIG_PATH: dataDir, ...limitsEnv(limits) };
  const remove = removedOnSignal(async () => {
    rmSync(dataDir, { recursive: true, force: true });
  });
  const server = await start(env, await freePort()).catch(async (error: unknown) => {
    await remove();
    throw error;
  });
  const databaseFile = loadServerSettings(env).databaseFile;
  return {
    origin: server.url,
    processes: [{ role: 'sqlite', pid: server.child.pid! }],
    queueKeys: () => Promise.resolve(null),
    stop: () => stopAll([server]),
    // The server holds its file exclusively: read it once the server has stopped.
    storedRuns() {
      const db = new Database(databaseFile, { readonly: true });
      try {
        return Promise.resolve(db.prepare(RUNS).all() as StoredRun[]);
      } finally {
        db.close();
      }
    },
    remove,
  };
}

/** An APP and `workers` WORKER processes on a fresh PostgreSQL database and Redis key prefix: scale-out. */
export async function startClusterInstallation(
  workers: number,
  limits: RunLimits,
  redisUrl: string,
): Promise<SoakInstallation> {
  const parts = await newClusterParts(redisUrl, 'pwsoak');
  const { database, prefix, appPort } = parts;
  const env = { ...parts.env, ...limitsEnv(limits) };
  const servers: ServerProcess[] = [];
  const roles: string[] = [];
  const removeAll = removedOnSignal(async () => {
    await database.drop();
    await deleteRedisKeys(redisUrl, prefix);
  });
  try {
    servers.push(await start({ ...env, AP_CONTAINER_TYPE: 'APP' }, appPort));
    roles.push('app');
    for (let i = 1; i <= workers; i++) {
      servers.push(await start({ ...env, AP_CONTAINER_TYPE: 'WORKER' }, await freePort()));
      roles.push(`worker ${String(i)}`);
    }
  } catch (error) {
    await stopAll(servers);
    await removeAll();
    throw error;
  }
  return {
    origin: servers[0]!.url,
    processes: servers.map((server, i) => ({ role: roles[i]!, pid: server.child.pid! })),
    queueKeys: () => countRedisKeys(redisUrl, prefix),
    stop: () => stopAll(servers),
    async storedRuns() {
      const reader = new pg.Client({ connectionString: database.url });
      await reader.connect();
      try {
        return (await reader.query<StoredRun>(RUNS)).rows;
      } finally {
        await reader.end();
      }
    },
    remove: removeAll,
  };
}

async function countRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let count = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      count += keys.length;
    } while (cursor !== '0');
    return count;
  } finally {
    redis.disconnect();
  }
}
