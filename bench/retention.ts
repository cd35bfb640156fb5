/**
 * bench/retention: how fast the retention sweep deletes expired runs, and what it costs the
 * webhooks answered meanwhile. A server from the sources (SQLite, this process) gets
 * BENCH_RUNS (default 200,000) finished runs 40 days old written straight into its store, each
 * with a 500-character payload, two step records, a job and a run file; then the same sync
 * webhook load (a second process, c=8, a code step and Return Response) runs twice for
 * BENCH_SECONDS: once alone (the baseline) and once while the sweep deletes. It prints the
 * sweep's runs deleted per second, the webhook p50/p99 of both phases and their ratio, and the
 * SQLite file's size before and after the sweep, and how long the project's storage figures take
 * to sum over those runs (one uncached view of the Storage page).
 *
 * Run: npm run bench:retention   (BENCH_RUNS=200000, BENCH_SECONDS=10, BENCH_BATCH=100 runs per
 * write transaction by default)
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createServer } from '../packages/server/src/index';
import { checkpointLog } from '../packages/server/src/infrastructure/storage/sqlite-vacuum';
import { sweepExpiredRuns } from '../packages/server/src/modules/run-retention/sweep-expired-runs';
import { measureProjectStorage } from '../packages/server/src/modules/flow-runs/storage-usage-service';
import { insertBulkRuns } from '../packages/server/src/testing/features/retention-test-kit';
import { code, returnResponse } from '../packages/server/src/testing/features/flow-test-kit';
import { runLoad, signUpBenchUser } from './http-load';
import type { LoadResult } from './load-generator';
import { printTable } from './support';
import { publishFlow } from './webhook-flow';

const runs = Number(process.env['BENCH_RUNS'] ?? 200_000);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const batchSize = Number(process.env['BENCH_BATCH'] ?? 100);
const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-retention-'));
const server = await createServer({
  env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn', AP_WORKER_CONCURRENCY: '8' },
  // The bench sweeps when it chooses; the server's own timer stays out of the way.
  retention: { firstDelayMs: 24 * 60 * 60 * 1000 },
});
const origin = await server.listen({ port: 0, host: '127.0.0.1' });
const { store, settings } = server.context;
const user = await signUpBenchUser(origin);
const flowId = await publishFlow(origin, user, 'Retention bench', [
  code('step_1', 'return { n: Number(inputs.n) + 1 };', { n: "{{trigger['output'].body.n}}" }),
  returnResponse('step_2', { status: 200, body: { n: "{{step_1['output'].n}}" } }),
]);
const flow = await store.db
  .selectFrom('flow')
  .innerJoin('project', 'project.id', 'flow.projectId')
  .select(['flow.publishedVersionId', 'project.platformId'])
  .where('flow.id', '=', flowId)
  .executeTakeFirstOrThrow();
const owner = {
  projectId: user.projectId,
  platformId: flow.platformId,
  flowId,
  flowVersionId: flow.publishedVersionId!,
};

const fillStarted = performance.now();
const created = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000).toISOString();
await insertBulkRuns(store, owner, runs, { created, payloadChars: 500, perWrite: 1000 });
await checkpointLog(store.db);
const fillSeconds = (performance.now() - fillStarted) / 1000;
const sizeBefore = statSync(settings.databaseFile).size;
// What one uncached view of the storage page costs over these runs (the sums the endpoint keeps a minute).
const measureStarted = performance.now();
const usage = await measureProjectStorage(server.context, user.projectId);
const measureMs = performance.now() - measureStarted;

const webhookLoad = (): Promise<LoadResult> =>
  runLoad(
    {
      origin,
      path: `/api/v1/webhooks/${flowId}/sync`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      bodies: [JSON.stringify({ n: 1 })],
      connections: 8,
    },
    seconds,
  );

const baseline = await webhookLoad();

const sweepStarted = performance.now();
let sweepSeconds = 0;
const sweep = sweepExpiredRuns(server.context, { batchSize }).then((result) => {
  sweepSeconds = (performance.now() - sweepStarted) / 1000;
  return result;
});
const during = await webhookLoad();
const loadEndedAt = (performance.now() - sweepStarted) / 1000;
const result = await sweep;
const sizeAfter = statSync(settings.databaseFile).size;

const ms = (value: number) => value.toFixed(1);
console.log(
  `${String(runs)} expired runs written in ${fillSeconds.toFixed(1)} s; sweep: ${String(result.runsDeleted)} runs in ${String(result.batches)} batches of ${String(batchSize)}, ${sweepSeconds.toFixed(1)} s (deletes and vacuum), ${(result.runsDeleted / sweepSeconds).toFixed(0)} runs/s; ${String(result.pagesFreed)} pages given back`,
);
console.log(
  `Storage figures of the project (${String(usage.runs)} runs, ${(usage.bytes / 1e6).toFixed(1)} MB of run data) summed in ${measureMs.toFixed(0)} ms.`,
);
console.log(
  `The load ${loadEndedAt <= sweepSeconds ? 'ran entirely within' : 'outlasted'} the sweep (load ended at ${loadEndedAt.toFixed(1)} s).`,
);
printTable(
  ['webhook load (sync, c=8)', 'runs/s', 'p50 ms', 'p99 ms', 'errors'],
  [
    [
      'alone (baseline)',
      baseline.requestsPerSecond.toFixed(0),
      ms(baseline.p50),
      ms(baseline.p99),
      String(baseline.errors),
    ],
    [
      'during the sweep',
      during.requestsPerSecond.toFixed(0),
      ms(during.p50),
      ms(during.p99),
      String(during.errors),
    ],
    [
      'ratio during / alone',
      (during.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
      (during.p50 / baseline.p50).toFixed(2),
      (during.p99 / baseline.p99).toFixed(2),
      '',
    ],
  ],
);
console.log(
  `SQLite file: ${(sizeBefore / 1e6).toFixed(1)} MB before the sweep, ${(sizeAfter / 1e6).toFixed(1)} MB after (${(sizeAfter / sizeBefore).toFixed(3)} of it)`,
);

await server.close();
rmSync(dataDir, { recursive: true, force: true });
