/**
 * bench/ingest-soak: a long run of asynchronous webhooks (`POST /api/v1/webhooks/:flowId`,
 * answered at once, the run executing later) at a fixed rate, open loop (bench/open-loop-load.ts,
 * its own process: each request is sent when due, whatever the answers take), into
 *  - sqlite: one `piecework start` process on SQLite, and
 *  - cluster: an APP process and two WORKER processes on PostgreSQL and BullMQ/Redis.
 * Each request's body carries a unique id (`{"id": 12345}`); the flow is the webhook trigger and
 * one code step returning that id. After the load it waits for every run to end, stops the
 * servers and checks from the database that no accepted id was lost (each has exactly one run),
 * none ran twice (no id with two runs, no `step_1` output twice) and every run SUCCEEDED; it exits
 * 1 if any check fails or the backlog does not drain in time.
 *
 * Printed per mode: the RSS of every server process (VmRSS, sampled every 10 s, or every tenth of
 * a load shorter than 100 s) at minute 1 (at a tenth of a load shorter than 10 minutes), at the
 * middle and at the end of the load, after the drain, and its growth from minute 1 to the end of
 * the load; requests accepted, rejected (non-2xx) and failed, the achieved send rate, the answer
 * latency p50/p99 (from each request's due time); how long the backlog took to end after the last
 * request was due (the runs API polled every 250 ms); the runs' checks ("unacked": runs of
 * requests that failed client-side, not an error in itself); runs finished per second, the queue
 * lag (run created -> started) and created -> finished, p50/p99/max, and how many runs started
 * after a run created more than 1 s later had (a queue not first in, first out). On SQLite the
 * webhook's own transaction claims the run when a slot is free (started = created), so the lag
 * there reads 0 until the slots are full.
 *
 * Every server is the built `piecework start` command (`npm run build` first). PostgreSQL at
 * PIECEWORK_TEST_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres: a fresh
 * database, dropped after) and Redis at BENCH_REDIS_URL (default redis://127.0.0.1:6379, a key
 * prefix of its own, deleted after) must answer for the cluster.
 *
 * Run: npm run bench:ingest-soak
 * Env: BENCH_SOAK_SECONDS (default 600) of load at BENCH_SOAK_RATE requests/s (default 200);
 * BENCH_SOAK_MODES (default sqlite,cluster); BENCH_SOAK_CONNECTIONS, the generator's connections
 * (default 64); BENCH_SOAK_DRAIN_SECONDS, how long the backlog may take to end (default twice
 * the load, at least 600); BENCH_SOAK_CONCURRENCY, AP_WORKER_CONCURRENCY of every process (default 16);
 * BENCH_SOAK_PROJECT_LIMIT, the project's concurrent-run limit (AP_DEFAULT_CONCURRENT_JOBS_LIMIT,
 * default BENCH_SOAK_CONCURRENCY: the cluster's two workers then have twice the slots the project
 * may use, and set aside the runs over its limit).
 */
import { code } from '../packages/server/src/testing/features/flow-test-kit';
import { callJson, runOpenLoad, signUpBenchUser } from './http-load';
import type { OpenLoopResult } from './open-loop-load';
import { checkRuns, sampleNear, sampleRss, type RssSampler, type RunCheck } from './soak-checks';
import {
  startClusterInstallation,
  startSqliteInstallation,
  type SoakInstallation,
} from './soak-installations';
import { printTable } from './support';
import { publishFlow } from './webhook-flow';

const seconds = Number(process.env['BENCH_SOAK_SECONDS'] ?? 600);
const rate = Number(process.env['BENCH_SOAK_RATE'] ?? 200);
const modes = (process.env['BENCH_SOAK_MODES'] ?? 'sqlite,cluster').split(',').map((mode) => mode.trim());
const connections = Number(process.env['BENCH_SOAK_CONNECTIONS'] ?? 64);
const drainSeconds = Number(process.env['BENCH_SOAK_DRAIN_SECONDS'] ?? Math.max(600, 2 * seconds));
const slots = Number(process.env['BENCH_SOAK_CONCURRENCY'] ?? 16);
const limits = { slots, projectLimit: Number(process.env['BENCH_SOAK_PROJECT_LIMIT'] ?? slots) };
const redisUrl = process.env['BENCH_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
/** RSS sampling: every 10 s, or every tenth of a shorter load; minute 1, or a tenth of a shorter load. */
const rssEveryMs = Math.min(10_000, seconds * 100);
const rssFirstAt = Math.min(60, seconds / 10);

const starts: Record<string, () => Promise<SoakInstallation>> = {
  sqlite: () => startSqliteInstallation(limits),
  cluster: () => startClusterInstallation(2, limits, redisUrl),
};
for (const mode of modes) if (!(mode in starts)) throw new Error(`BENCH_SOAK_MODES: unknown mode ${mode}`);

type BenchUser = Awaited<ReturnType<typeof signUpBenchUser>>;

/**
 * Waits until the runs API lists no run of the project QUEUED, RUNNING or PAUSED; answers the ms
 * from `since` (epoch ms) until then, or null at the deadline.
 */
async function drained(origin: string, user: BenchUser, since: number): Promise<number | null> {
  const deadline = since + drainSeconds * 1000;
  const unfinished = `/v1/flow-runs?projectId=${user.projectId}&status=QUEUED&status=RUNNING&status=PAUSED&limit=1`;
  for (;;) {
    const page = await callJson<{ data: unknown[] }>(origin, 'GET', unfinished, user.token);
    if (page.data.length === 0) return Date.now() - since;
    if (Date.now() > deadline) return null;
    await new Promise((done) => setTimeout(done, 250));
  }
}

/** What one soak measured. */
interface SoakResult {
  load: OpenLoopResult;
  /** ms from the last request due to no run unfinished; null: not within BENCH_SOAK_DRAIN_SECONDS. */
  drainMs: number | null;
  rss: RssSampler['samples'];
  /** The RSS sample taken as the load ended. */
  loadEnd: RssSampler['samples'][number];
  /** Redis keys of the cluster's prefix after the drain (null: no Redis). */
  queueKeys: number | null;
  check: RunCheck;
}

/** Loads `installation` with RSS sampled, waits for the backlog, stops it and reads back its runs. */
async function soak(installation: SoakInstallation): Promise<SoakResult> {
  const user = await signUpBenchUser(installation.origin);
  const flowId = await publishFlow(installation.origin, user, 'Ingest soak', [
    code('step_1', 'return { id: Number(inputs.id) };', { id: "{{trigger['output'].body.id}}" }),
  ]);
  const rss = sampleRss(
    installation.processes.map((server) => server.pid),
    rssEveryMs,
  );
  const load = await runOpenLoad({
    origin: installation.origin,
    path: `/api/v1/webhooks/${flowId}`,
    rate,
    seconds,
    connections,
    drainSeconds: 30,
  });
  rss.sample();
  const loadEnd = rss.samples.at(-1)!;
  const drainMs = await drained(installation.origin, user, load.sendEndedAt);
  rss.sample();
  rss.stop();
  const queueKeys = await installation.queueKeys();
  await installation.stop();
  const check = checkRuns(load.accepted, await installation.storedRuns());
  return { load, drainMs, rss: rss.samples, loadEnd, queueKeys, check };
}

const mb = (value: number) => value.toFixed(0);
const ms = (value: number) => value.toFixed(0);

/** Prints one soak's tables: RSS per process, the load, the run checks, the queue. */
function printSoak(mode: string, installation: SoakInstallation, result: SoakResult): void {
  const { load, drainMs, rss, loadEnd, queueKeys, check } = result;
  const first = sampleNear(rss, rssFirstAt);
  const middle = sampleNear(rss, seconds / 2);
  const drainedSample = rss.at(-1)!;
  process.stdout.write(
    `\n${mode}: RSS MB at ${first.at.toFixed(0)} s, ${middle.at.toFixed(0)} s, ${loadEnd.at.toFixed(0)} s (load end), after the drain\n`,
  );
  printTable(
    ['process', 'first', 'middle', 'load end', 'drained', 'growth first -> end'],
    installation.processes.map((server, i) => {
      const growth = loadEnd.mb[i]! - first.mb[i]!;
      return [
        server.role,
        mb(first.mb[i]!),
        mb(middle.mb[i]!),
        mb(loadEnd.mb[i]!),
        mb(drainedSample.mb[i]!),
        `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} (${((growth / first.mb[i]!) * 100).toFixed(1)}%)`,
      ];
    }),
  );
  printTable(
    ['mode', 'sent', 'accepted', 'rejected', 'errors', 'send/s', 'p50 ms', 'p99 ms', 'max ms', 'drain s'],
    [
      [
        mode,
        String(load.sent),
        String(load.accepted.length),
        String(load.rejected),
        String(load.errors),
        load.sendRate.toFixed(1),
        load.p50.toFixed(2),
        load.p99.toFixed(2),
        load.max.toFixed(0),
        drainMs === null ? `> ${String(drainSeconds)}` : (drainMs / 1000).toFixed(1),
      ],
    ],
  );
  const statuses = [...check.statuses].map(([status, count]) => `${status} ${String(count)}`).join(', ');
  const statusText = statuses === '' ? 'none' : statuses;
  printTable(
    ['runs', 'lost', 'ran twice', 'dup outputs', 'wrong outputs', 'unacked runs', 'statuses'],
    [
      [
        String(check.runs),
        String(check.lost),
        String(check.ranTwice),
        String(check.duplicateOutputs),
        String(check.wrongOutputs),
        String(check.unacknowledged),
        statusText,
      ],
    ],
  );
  printTable(
    [
      'runs/s finished',
      'lag p50 ms',
      'lag p99 ms',
      'lag max ms',
      'e2e p50 ms',
      'e2e p99 ms',
      'e2e max ms',
      'started out of order',
    ],
    [
      [
        check.finishedPerSecond.toFixed(1),
        ms(check.lag.p50),
        ms(check.lag.p99),
        ms(check.lag.max),
        ms(check.endToEnd.p50),
        ms(check.endToEnd.p99),
        ms(check.endToEnd.max),
        String(check.startedOutOfOrder),
      ],
    ],
  );
  if (queueKeys !== null)
    process.stdout.write(`Redis keys of the prefix after the drain: ${String(queueKeys)}\n`);
}

/** Whether a soak passed: drained in time, nothing lost or run twice, every run SUCCEEDED with its id. */
function passed({ drainMs, check }: SoakResult): boolean {
  return (
    drainMs !== null &&
    check.lost === 0 &&
    check.ranTwice === 0 &&
    check.duplicateOutputs === 0 &&
    check.wrongOutputs === 0 &&
    (check.statuses.get('SUCCEEDED') ?? 0) === check.runs
  );
}

process.stdout.write(
  `async webhook -> code step, open loop at ${String(rate)}/s for ${String(seconds)} s, ${String(connections)} connections; ${String(limits.slots)} run slots per process, project limit ${String(limits.projectLimit)}; built piecework command\n`,
);
let failed = false;
for (const mode of modes) {
  const installation = await starts[mode]!();
  let result: SoakResult;
  try {
    result = await soak(installation);
  } finally {
    await installation.stop();
    await installation.remove();
  }
  printSoak(mode, installation, result);
  const ok = passed(result);
  process.stdout.write(`${mode}: ${ok ? 'PASS' : 'FAIL'}\n`);
  if (!ok) failed = true;
}
if (failed) process.exitCode = 1;
