/**
 * bench/tables: what tables cost, against the real server on loopback (SQLite).
 * - CSV import: 100,000 rows (a TEXT, a NUMBER and a DATE column; dates in assorted UTC offsets)
 *   posted as `text/csv` to `POST /api/v1/tables/:id/import`: seconds and rows/s.
 * - `GET /api/v1/records` over those 100,000 rows, limit 10: p50/p95 without a filter (baseline),
 *   with a narrow date range (`gte` + `lt`, about 1% of the rows), a wide one (`gte`, about half)
 *   and a number range, interleaved call by call; then the SQLite query plan of each filtered
 *   list, to show the (fieldId, instant) and (fieldId, number) indexes at work.
 *
 * Run: npm run bench:tables   (BENCH_ROWS=100000, BENCH_CALLS=200 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CompiledQuery } from 'kysely';
import qs from 'qs';
import type { Field, RecordFilter, Table } from '@piecework/shared';
import { createServer } from '../packages/server/src/index';
import { checkRecordFilters } from '../packages/server/src/modules/tables/record-filters';
import { filteredRecords } from '../packages/server/src/modules/tables/record-repository';
import { freePort } from '../packages/server/src/testing/server-process';
import { callJson, signUpBenchUser } from './http-load';
import { mulberry32, printTable } from './support';

const rowCount = Number(process.env['BENCH_ROWS'] ?? 100_000);
const calls = Number(process.env['BENCH_CALLS'] ?? 200);

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-tables-'));
const port = await freePort();
const origin = `http://127.0.0.1:${String(port)}`;
const server = await createServer({
  env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn', AP_FRONTEND_URL: origin },
  webApp: false,
});
await server.listen({ port, host: '127.0.0.1' });
const user = await signUpBenchUser(origin);
const table = await callJson<Table>(origin, 'POST', '/v1/tables', user.token, {
  projectId: user.projectId,
  name: 'Orders',
  fields: [
    { name: 'Customer', type: 'TEXT' },
    { name: 'Amount', type: 'NUMBER' },
    { name: 'When', type: 'DATE' },
  ],
});
const fields = await callJson<Field[]>(origin, 'GET', `/v1/fields?tableId=${table.id}`, user.token);
const fieldId = (name: string) => fields.find((field) => field.name === name)!.id;

// 100,000 rows: dates spread over 2025, written at offsets from -05:00 to +09:00.
const random = mulberry32(42);
const start2025 = Date.UTC(2025, 0, 1);
const year = 365 * 24 * 3600 * 1000;
const offsets = [-300, 0, 60, 120, 330, 540];
const lines = ['Customer,Amount,When'];
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
for (let i = 0; i < rowCount; i++) {
  const instant = start2025 + Math.floor(random() * year);
  const offset = offsets[i % offsets.length]!;
  const local = new Date(instant + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  lines.push(
    `"Customer ${String(i % 5000)}, Inc.",${(random() * 1000).toFixed(2)},${local}${sign}${hh}:${mm}`,
  );
}
const csv = `${lines.join('\r\n')}\r\n`;

const importStart = performance.now();
const importCpu = process.cpuUsage();
const imported = await fetch(`${origin}/api/v1/tables/${table.id}/import`, {
  method: 'POST',
  headers: { authorization: `Bearer ${user.token}`, 'content-type': 'text/csv' },
  body: csv,
});
const importSeconds = (performance.now() - importStart) / 1000;
const cpu = process.cpuUsage(importCpu);
const importCpuSeconds = (cpu.user + cpu.system) / 1e6;
const importAnswer = (await imported.json()) as { records: number };
if (imported.status !== 201 || importAnswer.records !== rowCount) {
  throw new Error(`import answered ${String(imported.status)} ${JSON.stringify(importAnswer)}`);
}

const when = fieldId('When');
const amount = fieldId('Amount');
const cases: { name: string; filters: RecordFilter[] }[] = [
  { name: 'no filter (baseline)', filters: [] },
  {
    name: 'date range, ~1% (gte+lt)',
    filters: [
      { fieldId: when, operator: 'gte', value: '2025-03-01T00:00:00Z' },
      { fieldId: when, operator: 'lt', value: '2025-03-04T15:00:00+02:00' },
    ],
  },
  { name: 'date from, ~50% (gte)', filters: [{ fieldId: when, operator: 'gte', value: '2025-07-02' }] },
  {
    name: 'number range, ~1% (gt+lte)',
    filters: [
      { fieldId: amount, operator: 'gt', value: '500' },
      { fieldId: amount, operator: 'lte', value: '510' },
    ],
  },
];

async function list(filters: RecordFilter[]): Promise<number> {
  const begin = performance.now();
  const response = await fetch(
    `${origin}/api/v1/records?${qs.stringify({ tableId: table.id, limit: 10, filters })}`,
    { headers: { authorization: `Bearer ${user.token}` } },
  );
  const body = (await response.json()) as { data: unknown[] };
  if (response.status !== 200 || body.data.length !== 10) {
    throw new Error(`list answered ${String(response.status)} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return performance.now() - begin;
}

for (let i = 0; i < 10; i++) for (const entry of cases) await list(entry.filters);
const times = cases.map(() => [] as number[]);
for (let i = 0; i < calls; i++) {
  for (const [index, entry] of cases.entries()) times[index]!.push(await list(entry.filters));
}

// The plan of each filtered page query, as the list route runs it (ordered, limit + 1).
const db = server.context.store.db;
const fieldRows = await db.selectFrom('tableField').selectAll().where('tableId', '=', table.id).execute();
const fieldMap = new Map(fieldRows.map((field) => [field.id, field]));
const plans: string[] = [];
for (const entry of cases.slice(1)) {
  const compiled = (await filteredRecords(db, table.id, checkRecordFilters(entry.filters, fieldMap)))
    .orderBy('tableRecord.created', 'desc')
    .orderBy('tableRecord.id', 'desc')
    .limit(11)
    .compile();
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  plans.push(`${entry.name}:\n${plan.rows.map((row) => `  ${row.detail}`).join('\n')}`);
}

await server.close();
rmSync(dataDir, { recursive: true, force: true });

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (value: number) => value.toFixed(2);

process.stdout.write(
  `CSV import of ${rowCount.toLocaleString('en')} rows x 3 columns (${(csv.length / 1e6).toFixed(1)} MB)\n`,
);
printTable(
  ['import', 'seconds', 'rows/s', 'CPU s (server + client, one process)'],
  [
    [
      'POST /v1/tables/:id/import',
      importSeconds.toFixed(2),
      Math.round(rowCount / importSeconds).toLocaleString('en'),
      importCpuSeconds.toFixed(2),
    ],
  ],
);
process.stdout.write(
  `\nGET /v1/records, limit 10, over ${rowCount.toLocaleString('en')} rows, ${String(calls)} calls each, interleaved\n`,
);
printTable(
  ['filter', 'p50 ms', 'p95 ms'],
  cases.map((entry, index) => [
    entry.name,
    ms(percentile(times[index]!, 50)),
    ms(percentile(times[index]!, 95)),
  ]),
);
process.stdout.write(`\n1-minute load average at the end: ${loadAverage()} (2 cores)\n`);
process.stdout.write(`\nSQLite query plans (EXPLAIN QUERY PLAN)\n${plans.join('\n')}\n`);
