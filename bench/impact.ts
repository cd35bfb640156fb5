/**
 * bench/impact: what the Impact dashboard costs on a project with 1,000,000 production runs over
 * 90 days and 50 flows (SQLite, the real server on loopback).
 * - Fill: the runs are inserted straight into `flowRun` (ids, tenancy, status, start and finish
 *   times, a failed step for the failures) and, batch by batch in the same transaction, added to
 *   the daily counts by `recordRunEnds`, the function the run path calls as runs end.
 * - Then `GET /api/v1/projects/:id/impact` over the last 30 and the whole 90 days, p50/p95 over
 *   BENCH_CALLS calls, beside the baseline measured in the same run: the same range counted
 *   straight from the runs (`count(*) group by` day and status, and flow and status) on the
 *   server's own database handle, so without HTTP, which only favours the baseline.
 *
 * Run: npm run bench:impact   (BENCH_RUNS=1000000, BENCH_CALLS=30 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Insertable } from 'kysely';
import type { FlowRunTable } from '../packages/server/src/infrastructure/storage/database';
import { generateTimeOrderedId, type ImpactReport } from '@piecework/shared';
import { createServer } from '../packages/server/src/index';
import { recordRunEnds, type EndedRun } from '../packages/server/src/modules/impact/record-run-impact';
import { timestampOf } from '../packages/server/src/infrastructure/storage/timestamp';
import { freePort } from '../packages/server/src/testing/server-process';
import { callJson, signUpBenchUser } from './http-load';
import { mulberry32, printTable } from './support';

const runCount = Number(process.env['BENCH_RUNS'] ?? 1_000_000);
const calls = Number(process.env['BENCH_CALLS'] ?? 30);
const FLOWS = 50;
const DAYS = 90;
const BATCH = 2000;
const DAY_MS = 86_400_000;

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-impact-'));
const port = await freePort();
const origin = `http://127.0.0.1:${String(port)}`;
const server = await createServer({
  env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn', AP_FRONTEND_URL: origin },
  webApp: false,
});
await server.listen({ port, host: '127.0.0.1' });
const user = await signUpBenchUser(origin);
const { store } = server.context;
const project = await store.db
  .selectFrom('project')
  .selectAll()
  .where('id', '=', user.projectId)
  .executeTakeFirstOrThrow();

const flows: { id: string; versionId: string }[] = [];
for (let f = 0; f < FLOWS; f++) {
  const flow = await callJson<{ id: string; version: { id: string } }>(
    origin,
    'POST',
    '/v1/flows',
    user.token,
    {
      projectId: user.projectId,
      displayName: `Flow ${String(f + 1)}`,
    },
  );
  await callJson(origin, 'POST', `/v1/flows/${flow.id}`, user.token, {
    type: 'UPDATE_MINUTES_SAVED',
    request: { timeSavedPerRun: (f % 5) + 1 },
  });
  flows.push({ id: flow.id, versionId: flow.version.id });
}

// Runs spread over the 90 days before today; durations log-normal-ish around 1 s; 8% fail at
// one of three steps, 1% time out.
const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
const firstDay = today - (DAYS - 1) * DAY_MS;
const random = mulberry32(7);
const fillStart = performance.now();
for (let done = 0; done < runCount; done += BATCH) {
  const rows: Insertable<FlowRunTable>[] = [];
  const ended: EndedRun[] = [];
  for (let i = done; i < Math.min(done + BATCH, runCount); i++) {
    const flow = flows[i % FLOWS]!;
    const finish = firstDay + Math.floor(random() * DAYS * DAY_MS);
    const duration = Math.round(Math.exp(Math.log(1000) + (random() - 0.5) * 4));
    const roll = random();
    const status = roll < 0.08 ? 'FAILED' : roll < 0.09 ? 'TIMEOUT' : 'SUCCEEDED';
    const step = status === 'FAILED' ? `step_${String(1 + (i % 3))}` : null;
    const failedStep = step === null ? null : { name: step, displayName: `Step ${step}` };
    const startTime = timestampOf(finish - duration);
    const finishTime = timestampOf(finish);
    rows.push({
      id: generateTimeOrderedId(),
      projectId: project.id,
      platformId: project.platformId,
      flowId: flow.id,
      flowVersionId: flow.versionId,
      flowDisplayName: 'Flow',
      environment: 'PRODUCTION',
      status,
      failedStep: failedStep === null ? null : JSON.stringify(failedStep),
      startTime,
      finishTime,
      created: startTime,
      updated: finishTime,
    });
    ended.push({
      flowId: flow.id,
      projectId: project.id,
      platformId: project.platformId,
      environment: 'PRODUCTION',
      status,
      startTime,
      finishTime,
      failedStep,
    });
  }
  await store.write(async (trx) => {
    await trx.insertInto('flowRun').values(rows).execute();
    await recordRunEnds(trx, ended);
  });
}
const fillSeconds = (performance.now() - fillStart) / 1000;
const aggregateRows = await store.db
  .selectFrom('impactRunDay')
  .select((eb) => eb.fn.countAll<number>().as('rows'))
  .executeTakeFirstOrThrow();

/** The baseline: the range's runs counted straight from `flowRun`. */
async function directScan(from: string, to: string): Promise<void> {
  const after = `${from}T00:00:00.000000Z`;
  const before = `${to}T23:59:59.999999Z`;
  const scoped = store.db
    .selectFrom('flowRun')
    .where('projectId', '=', project.id)
    .where('environment', '=', 'PRODUCTION')
    .where('finishTime', '>=', after)
    .where('finishTime', '<=', before);
  await Promise.all([
    scoped
      .select([
        sql<string>`substr(${sql.ref('finishTime')}, 1, 10)`.as('day'),
        'status',
        (eb) => eb.fn.countAll().as('runs'),
      ])
      .groupBy([sql`substr(${sql.ref('finishTime')}, 1, 10)`, 'status'])
      .execute(),
    scoped
      .select(['flowId', 'status', (eb) => eb.fn.countAll().as('runs')])
      .groupBy(['flowId', 'status'])
      .execute(),
  ]);
}

/**
 * The project's report over `from`..`to`, on a connection of its own: a kept-alive one would sit
 * idle through a slow scan past the server's keep-alive timeout and be found closed.
 */
function impactReport(from: string, to: string): Promise<ImpactReport> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${origin}/api/v1/projects/${project.id}/impact?from=${from}&to=${to}`,
      { agent: false, headers: { authorization: `Bearer ${user.token}` } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode === 200) resolve(JSON.parse(text) as ImpactReport);
          else reject(new Error(`impact: ${String(response.statusCode)} ${text}`));
        });
      },
    );
    request.on('error', reject);
  });
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(fraction * sorted.length)) - 1]!;
}

const rows: string[][] = [];
for (const days of [30, 90]) {
  const from = new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const to = new Date(today).toISOString().slice(0, 10);
  const endpoint: number[] = [];
  const scan: number[] = [];
  let report: ImpactReport | undefined;
  // Warm both once, then interleave call by call.
  await impactReport(from, to);
  await directScan(from, to);
  for (let call = 0; call < calls; call++) {
    let started = performance.now();
    report = await impactReport(from, to);
    endpoint.push(performance.now() - started);
    started = performance.now();
    await directScan(from, to);
    scan.push(performance.now() - started);
  }
  const ms = (value: number) => value.toFixed(1);
  rows.push([
    `${String(days)} days (${String(report!.totals.runs)} runs)`,
    ms(percentile(endpoint, 0.5)),
    ms(percentile(endpoint, 0.95)),
    ms(percentile(scan, 0.5)),
    ms(percentile(scan, 0.95)),
    `${(percentile(scan, 0.5) / percentile(endpoint, 0.5)).toFixed(1)}x`,
  ]);
}

process.stdout.write(
  `bench/impact: ${String(runCount)} runs, ${String(FLOWS)} flows, ${String(DAYS)} days; filled in ${fillSeconds.toFixed(1)} s ` +
    `(runs and daily counts; ${String(aggregateRows.rows)} count rows)\n`,
);
printTable(
  [
    'range',
    'endpoint p50 ms',
    'endpoint p95 ms',
    'direct scan p50 ms',
    'direct scan p95 ms',
    'scan / endpoint',
  ],
  rows,
);
await server.close();
rmSync(dataDir, { recursive: true, force: true });
