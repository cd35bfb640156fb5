/**
 * bench/scale-out: the webhook bench's 10-step flow (sync answer) in both modes, in one run —
 * the embedded default (one `piecework start` process on SQLite) and scale-out (an APP process and
 * two WORKER processes on PostgreSQL and BullMQ/Redis) — c=1 p50/p99 and c=16 runs/s each; then a
 * CPU-heavy flow (one code step computing ~0.2 s) through scale-out with 1, 2 and 4 workers
 * (BENCH_HEAVY_WORKERS; AP_WORKER_CONCURRENCY=1 each: a worker is one unit of capacity), c=8
 * runs/s, each beside what the model of docs/scale-out.md predicts from the 1-worker figure.
 *
 * Every server is the built `piecework start` command (`npm run build` first), its own process.
 * PostgreSQL at PIECEWORK_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres:
 * a fresh database per case, dropped after, committing durably as PostgreSQL does by default)
 * and Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379, a key prefix per case, deleted
 * after) must answer.
 *
 * Before its first measure, each installation serves the same 16-caller load for
 * BENCH_WARMUP_SECONDS (default 8): a fresh process runs its first thousands of requests in
 * V8's unoptimised tiers, and scale-out warms three processes, not one (measured: the same
 * cluster used 15 ms of CPU per run over its first 6 s of load, 9.8 ms over its first 21 s).
 * Both modes get the same warm-up, so the comparison stays fair; the figures are those of a
 * server that has been up for a while, as servers are.
 *
 * Run: npm run bench:scale-out   (BENCH_SECONDS=5 by default per load; BENCH_SERVER_CLI=path/cli.js
 * measures another build of the command; BENCH_HEAVY=0 skips the CPU-heavy flow)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { deleteRedisKeys } from '../packages/server/src/testing/scale-out-cluster';
import { freePort } from '../packages/server/src/testing/server-process';
import { testPostgresAdminUrl } from '../packages/server/src/testing/test-postgres';
import { newClusterParts } from './cluster-parts';
import { runLoad, signUpBenchUser } from './http-load';
import { measureRunCosts, type CostSources } from './run-costs';
import { printTable } from './support';
import { publishCpuHeavyFlow, publishTenStepFlow } from './webhook-flow';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const warmupSeconds = Number(process.env['BENCH_WARMUP_SECONDS'] ?? 8);
const redisUrl = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
/** PostgreSQL's log: with BENCH_STATEMENTS=1 the scale-out database logs every statement there, to count them (CPU figures then include the logging). */
const statementLog =
  process.env['BENCH_STATEMENTS'] === '1'
    ? (process.env['BENCH_PG_LOG'] ?? '/var/log/postgresql/postgresql-15-main.log')
    : undefined;
/** The command measured: this build's, or BENCH_SERVER_CLI (a copy of an earlier build, to compare). */
const cli = process.env['BENCH_SERVER_CLI'] ?? join('packages', 'server', 'dist', 'standalone', 'cli.js');
const json = { 'content-type': 'application/json' };

/** One installation under measure: its URL and how to stop it. */
interface Installation {
  origin: string;
  costs: CostSources;
  stop(): Promise<void>;
}

/** Starts the built command with `env` on `port`; resolves once it answers health. */
async function startProcess(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'piecework-bench-scale-'));
  // BENCH_CPU_PROF=<dir>: each scale-out process writes a V8 CPU profile there when it stops.
  const profile = process.env['BENCH_CPU_PROF'];
  const profiling = profile !== undefined && env['AP_CONTAINER_TYPE'] !== undefined;
  const nodeArgs = profiling ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, cli, 'start'], {
    env: { ...process.env, AP_LOG_LEVEL: 'warn', AP_CONFIG_PATH: dir, ...env, AP_PORT: String(port) },
    stdio: 'ignore',
  });
  child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${String(port)}/api/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('a server did not start in 30 s');
    await new Promise((done) => setTimeout(done, 20));
  }
}

async function stopAll(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }),
  );
}

/** The embedded default: one process on SQLite. */
async function startEmbedded(concurrency: number): Promise<Installation> {
  const port = await freePort();
  const child = await startProcess(
    { AP_WORKER_CONCURRENCY: String(concurrency), AP_DEFAULT_CONCURRENT_JOBS_LIMIT: String(concurrency) },
    port,
  );
  return {
    origin: `http://127.0.0.1:${String(port)}`,
    costs: { processes: [{ name: 'server', pid: child.pid! }] },
    stop: () => stopAll([child]),
  };
}

/** Scale-out: an APP process and `workers` WORKER processes on a fresh database and Redis prefix. */
async function startScaleOut(workers: number, concurrency: number): Promise<Installation> {
  const parts = await newClusterParts(redisUrl, 'pwbench');
  const { database, prefix, appPort } = parts;
  const databaseName = new URL(database.url).pathname.slice(1);
  if (statementLog !== undefined) await logEveryStatement(databaseName);
  const env = {
    ...parts.env,
    AP_WORKER_CONCURRENCY: String(concurrency),
    AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '16',
  };
  const children = [await startProcess({ ...env, AP_CONTAINER_TYPE: 'APP' }, appPort)];
  for (let i = 0; i < workers; i++) {
    children.push(await startProcess({ ...env, AP_CONTAINER_TYPE: 'WORKER' }, await freePort()));
  }
  return {
    origin: `http://127.0.0.1:${String(appPort)}`,
    costs: {
      processes: children.map((child, i) => ({
        name: i === 0 ? 'app' : `worker ${String(i)}`,
        pid: child.pid!,
      })),
      postgres: { adminUrl: testPostgresAdminUrl(), database: databaseName, statementLog },
      redisUrl,
    },
    async stop() {
      await stopAll(children);
      await database.drop();
      await deleteRedisKeys(redisUrl, prefix);
    },
  };
}

/** Makes PostgreSQL log every statement of `database` from its next connection on. */
async function logEveryStatement(database: string): Promise<void> {
  const client = new pg.Client({ connectionString: testPostgresAdminUrl() });
  await client.connect();
  try {
    await client.query(`alter database "${database}" set log_statement = 'all'`);
  } finally {
    await client.end();
  }
}

/** Runs/s and latency of sync webhooks of `flowId` with `connections` at once, for `loadSeconds` after `warmup` s. */
function measure(origin: string, flowId: string, connections: number, loadSeconds = seconds, warmup = 1) {
  return runLoad(
    {
      origin,
      path: `/api/v1/webhooks/${flowId}/sync`,
      method: 'POST',
      headers: json,
      bodies: ['{"n":0}'],
      connections,
    },
    loadSeconds,
    warmup,
  );
}

const modeRows: string[][] = [];
const costColumns: { mode: string; rows: [string, number][] }[] = [];
for (const [mode, start] of [
  ['SQLite, one process', () => startEmbedded(16)],
  ['PostgreSQL + BullMQ, app + 2 workers', () => startScaleOut(2, 16)],
] as const) {
  const installation = await start();
  try {
    const user = await signUpBenchUser(installation.origin);
    const flowId = await publishTenStepFlow(installation.origin, user);
    await measure(installation.origin, flowId, 16, warmupSeconds, 0);
    const one = await measure(installation.origin, flowId, 1);
    const sixteen = await measure(installation.origin, flowId, 16);
    const costs = await measureRunCosts(
      installation.costs,
      async () => (await measure(installation.origin, flowId, 16, seconds, 0)).requests,
    );
    costColumns.push({ mode, rows: costs.rows });
    modeRows.push([
      mode,
      one.p50.toFixed(2),
      one.p99.toFixed(2),
      sixteen.requestsPerSecond.toFixed(0),
      sixteen.p99.toFixed(2),
      String(one.errors + sixteen.errors),
    ]);
  } finally {
    await installation.stop();
  }
}
process.stdout.write(
  `webhook -> 10-step flow -> sync answer; ${String(seconds)} s per load after ${String(warmupSeconds)} s of warm-up; built piecework command\n`,
);
printTable(['mode', 'c=1 p50 ms', 'c=1 p99 ms', 'c=16 runs/s', 'c=16 p99 ms', 'errors'], modeRows);
process.stdout.write(
  `scale-out / SQLite at c=16: ${(Number(modeRows[1]![3]) / Number(modeRows[0]![3])).toFixed(2)}x\n`,
);
process.stdout.write(`\nper run at c=16 (a further ${String(seconds)} s of load)\n`);
const costNames = [
  ...new Set([...costColumns].reverse().flatMap((column) => column.rows.map(([name]) => name))),
];
printTable(
  ['figure', ...costColumns.map((column) => column.mode)],
  costNames.map((name) => [
    name,
    ...costColumns.map((column) => column.rows.find(([what]) => what === name)?.[1].toFixed(2) ?? '-'),
  ]),
);

if (process.env['BENCH_HEAVY'] === '0') process.exit(0);

const heavyRows: string[][] = [];
const heavyWorkers = (process.env['BENCH_HEAVY_WORKERS'] ?? '1,2,4').split(',').map(Number);
const cores = availableParallelism();
let oneWorker: number | undefined;
for (const workers of heavyWorkers) {
  const installation = await startScaleOut(workers, 1);
  try {
    const user = await signUpBenchUser(installation.origin);
    const flowId = await publishCpuHeavyFlow(installation.origin, user, 2_000_000);
    const result = await measure(installation.origin, flowId, 8);
    if (workers === 1) oneWorker = result.requestsPerSecond;
    // The model of docs/scale-out.md: CPU-bound runs scale with workers up to the cores they share.
    const predicted = oneWorker === undefined ? undefined : oneWorker * Math.min(workers, cores);
    heavyRows.push([
      String(workers),
      result.requestsPerSecond.toFixed(1),
      predicted === undefined ? '-' : predicted.toFixed(1),
      oneWorker === undefined ? '-' : `${(result.requestsPerSecond / oneWorker).toFixed(2)}x`,
      result.p50.toFixed(1),
      String(result.errors),
    ]);
  } finally {
    await installation.stop();
  }
}
process.stdout.write(
  `\nCPU-heavy flow (one ~0.2 s code step), scale-out, AP_WORKER_CONCURRENCY=1 per worker, c=8; ${String(cores)} cores\n`,
);
printTable(
  ['workers', 'runs/s', 'model: 1 worker x min(workers, cores)', 'vs 1 worker', 'p50 ms', 'errors'],
  heavyRows,
);
