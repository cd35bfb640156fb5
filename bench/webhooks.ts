/**
 * bench/webhooks: webhook -> 10-step flow -> sync response, on the real server (SQLite, durable
 * queue, engine in worker threads, every step persisted as it finishes), runs/s and p50/p99 at
 * c=1 and c=16, each beside the floor of the same work measured in the same run
 * (`bench/floor-server.ts`: node:http -> 9 calls into one warm QuickJS context -> one SQLite
 * transaction, no Piecework code) and as a ratio to it; then the time from process start to
 * the first answered webhook, median of 7 starts (the built command's code caches are warm by
 * then: the server measured before wrote them). The load comes from a second process
 * (bench/load-generator.ts).
 *
 * The server measured is the built `piecework start` command (the standalone bundle users run),
 * as a process of its own, when `npm run build` has made it; otherwise the server from its
 * TypeScript sources, in this process, through tsx (slower: its engine threads load through tsx's
 * loader). The table says which. "Server CPU" is that server process's CPU time (every thread)
 * per run, read from /proc for the built one; "main thread" the part of it spent on the thread
 * that answers HTTP and writes the database (the built server only).
 *
 * Run: npm run bench:webhooks   (BENCH_SECONDS=5 by default per case; BENCH_FROM_SOURCES=1 to
 * measure the sources even when a build exists; BENCH_SERVER_FLAGS='--cpu-prof' passes Node flags
 * to the built server measured, e.g. to profile it under load; BENCH_SERVER_CLI=path/cli.js measures
 * another build of the command, e.g. a copy of an earlier one, side by side)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { loadServerSettings } from '../packages/server/src/infrastructure/config/server-settings';
import { createServer } from '../packages/server/src/index';
import { runLoad, signUpBenchUser } from './http-load';
import type { LoadSpec } from './load-generator';
import { printTable, processCpuMs } from './support';
import { startFloorServer } from './floor';
import { publishTenStepFlow } from './webhook-flow';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);

const load = (spec: Omit<LoadSpec, 'seconds' | 'warmupSeconds'>) => runLoad(spec, seconds);

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-webhooks-'));
const env = {
  AP_CONFIG_PATH: dataDir,
  AP_LOG_LEVEL: 'warn',
  AP_WORKER_CONCURRENCY: '16',
  AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '16',
};
const built = process.env['BENCH_SERVER_CLI'] ?? join('packages', 'server', 'dist', 'standalone', 'cli.js');
const measureBuilt = existsSync(built) && process.env['BENCH_FROM_SOURCES'] !== '1';
const cli = measureBuilt ? [built, 'start'] : ['--import', 'tsx', 'packages/server/src/cli/main.ts', 'start'];

/** The built CLI as a process on `port`, once it answers. */
async function startBuiltServer(port: number): Promise<ChildProcess> {
  const flags = (process.env['BENCH_SERVER_FLAGS'] ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...cli], {
    env: { ...process.env, ...env, AP_PORT: String(port) },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${String(port)}/api/v1/health`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 20));
  }
}

const port = 20_000 + Math.floor(Math.random() * 20_000);
const child = measureBuilt ? await startBuiltServer(port) : undefined;
const server = child ? undefined : await createServer({ env });
const origin = server
  ? await server.listen({ port: 0, host: '127.0.0.1' })
  : `http://127.0.0.1:${String(port)}`;
const cpuMsNow = () =>
  child ? processCpuMs(child.pid!) : (process.cpuUsage().user + process.cpuUsage().system) / 1000;
/** The main thread's CPU ms so far (the built server only: /proc has it per thread). */
const mainCpuMsNow = () => (child ? processCpuMs(child.pid!, true) : Number.NaN);
const user = await signUpBenchUser(origin);
const flow = { id: await publishTenStepFlow(origin, user) };
const check = await fetch(`${origin}/api/v1/webhooks/${flow.id}/sync`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{"n":0}',
});
process.stdout.write(`check: ${String(check.status)} ${await check.text()}\n`);

const floor = await startFloorServer(dataDir);

const rows: string[][] = [];
/** Sync webhooks answered (the check above, then every load, warm-ups included). */
let answered = check.status === 200 ? 1 : 0;
const body = ['{"n":0}'];
const json = { 'content-type': 'application/json' };
for (const connections of [1, 16]) {
  const cpuBefore = cpuMsNow();
  const mainBefore = mainCpuMsNow();
  const ours = await load({
    origin,
    path: `/api/v1/webhooks/${flow.id}/sync`,
    method: 'POST',
    headers: json,
    bodies: body,
    connections,
  });
  answered += ours.answered;
  // The server process's CPU (every thread) per run, warm-up included: every run answered.
  const runs = ours.answered;
  const cpuMsPerRun = (cpuMsNow() - cpuBefore) / runs;
  const mainMsPerRun = (mainCpuMsNow() - mainBefore) / runs;
  const floorLoad = await load({
    origin: floor.origin,
    path: '/webhook',
    method: 'POST',
    headers: json,
    bodies: body,
    connections,
  });
  rows.push([
    String(connections),
    ours.requestsPerSecond.toFixed(0),
    (ours.requestsPerSecond / floorLoad.requestsPerSecond).toFixed(2),
    ours.p50.toFixed(2),
    (ours.p50 / floorLoad.p50).toFixed(1),
    ours.p99.toFixed(2),
    cpuMsPerRun.toFixed(2),
    Number.isNaN(mainMsPerRun) ? '-' : mainMsPerRun.toFixed(2),
    floorLoad.requestsPerSecond.toFixed(0),
    floorLoad.p50.toFixed(2),
    floorLoad.p99.toFixed(2),
    String(ours.errors),
  ]);
}
await floor.stop();
await server?.close();
if (child) {
  child.kill('SIGTERM');
  await new Promise((done) => child.once('exit', done));
}
const recorded = recordedRuns();

process.stdout.write(
  `webhook -> 10-step flow (9 code steps + Return Response) -> sync answer; ${String(seconds)} s per case; server: ${measureBuilt ? 'the built piecework command, its own process' : 'TypeScript sources via tsx, in this process'}\n`,
);
printTable(
  [
    'c',
    'runs/s',
    'x floor',
    'p50 ms',
    'p50 / floor',
    'p99 ms',
    'server CPU ms/run',
    'main thread ms/run',
    'floor runs/s',
    'floor p50',
    'floor p99',
    'errors',
  ],
  rows,
);
process.stdout.write(
  `goals: c=1 p50 <= 1.1 x floor p50 + 0.5 ms (${(1.1 * Number(rows[0]![9]) + 0.5).toFixed(2)} ms here); c=16 runs/s >= 0.5 x floor\n`,
);

// Throughput counts answers, and an answer leaves before its run's end is written: once the
// server has stopped, every answered run must be recorded SUCCEEDED, and nothing else.
const succeeded = recorded.get('SUCCEEDED') ?? 0;
const others = [...recorded].filter(([status]) => status !== 'SUCCEEDED');
process.stdout.write(
  `runs recorded once the server stopped: ${String(succeeded)} SUCCEEDED for ${String(answered)} answered; other statuses: ${others.length === 0 ? 'none' : others.map(([status, count]) => `${status} ${String(count)}`).join(', ')}\n`,
);
if (succeeded !== answered || others.length > 0) {
  process.stdout.write('MISMATCH: answered runs and recorded runs differ\n');
  process.exitCode = 1;
}

/** Runs in the stopped server's database, counted by status. */
function recordedRuns(): Map<string, number> {
  const db = new Database(loadServerSettings(env).databaseFile, { readonly: true });
  try {
    const counts = db.prepare('select status, count(*) as count from flowRun group by status').all() as {
      status: string;
      count: number;
    }[];
    return new Map(counts.map(({ status, count }) => [status, count]));
  } finally {
    db.close();
  }
}

/** A fresh process of the command: ms from its spawn to its first answered sync webhook. */
async function timeToFirstAnswer(): Promise<number> {
  const started = performance.now();
  const fresh = spawn(process.execPath, cli, {
    env: { ...process.env, ...env, AP_PORT: String(port) },
    stdio: 'ignore',
  });
  let firstAnswer = 0;
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${String(port)}/api/v1/webhooks/${flow.id}/sync`, {
        method: 'POST',
        headers: json,
        body: '{"n":0}',
      });
      if (answer.status === 200) {
        firstAnswer = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 2));
  }
  fresh.kill('SIGTERM');
  await new Promise((done) => fresh.once('exit', done));
  return firstAnswer;
}

const sorted: number[] = [];
for (let i = 0; i < 7; i++) sorted.push(await timeToFirstAnswer());
sorted.sort((a, b) => a - b);
process.stdout.write(
  `process start -> first answered sync webhook: median ${sorted[3]!.toFixed(0)} ms of 7 starts (${sorted[0]!.toFixed(0)}-${sorted[6]!.toFixed(0)}; ${measureBuilt ? 'built CLI' : 'CLI from sources via tsx'})\n`,
);
rmSync(dataDir, { recursive: true, force: true });
