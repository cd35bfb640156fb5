/**
 * bench/run-search: how fast the runs list answers a full-text search over a big SQLite store,
 * beside the plain list (no search) measured in the same run as the baseline. It fills a fresh
 * store with BENCH_RUNS runs (default 1,000,000) spread over 10 projects, each with its search
 * document as the indexer writes it (direct batched inserts in transactions: no server, no runs
 * executed), then times `listRuns` (the function behind `GET /v1/flow-runs`, first page of 10)
 * in one project: plain, one common word (~half the runs), one medium word (~1%), one rare word
 * (~1 in 100,000), and two words together. Prints p50 and p95 in ms over BENCH_QUERIES queries
 * (default 60) each.
 *
 * Run: npm run bench:run-search      (BENCH_RUNS=100000 for a quick look)
 */
import SqliteDatabase from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqliteStore } from '../packages/server/src/infrastructure/storage/data-store';
import { listRuns } from '../packages/server/src/modules/flow-runs/flow-run-repository';
import { mulberry32, printTable } from './support';

const runCount = Number(process.env['BENCH_RUNS'] ?? 1_000_000);
const queries = Number(process.env['BENCH_QUERIES'] ?? 60);
const projects = 10;
const batch = 10_000;
const dir = mkdtempSync(join(tmpdir(), 'piecework-bench-run-search-'));
const file = join(dir, 'runs.sqlite');

/** The words documents are made of: a few common ones, then a long tail. */
const vocabulary = Array.from({ length: 20_000 }, (_, n) => `w${n.toString(36)}x`);

async function fill(): Promise<number> {
  const migrating = performance.now();
  const store = await openSqliteStore(file); // creates and migrates the schema
  await store.close();
  process.stdout.write(`schema in ${((performance.now() - migrating) / 1000).toFixed(1)} s\n`);
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  const insertRun =
    db.prepare(`insert into "flowRun" ("id", "projectId", "platformId", "flowId", "flowVersionId",
    "flowDisplayName", "environment", "status", "triggerPayload", "failedStep", "finishTime", "searchIndexedAt",
    "created", "updated") values (?, ?, 'platform', ?, 'version', 'Bench flow', 'PRODUCTION', ?, ?, ?, ?, ?, ?, ?)`);
  const insertDocument = db.prepare(
    `insert into "flowRunSearch" ("rowid", "runId", "body") values (?, ?, ?)`,
  );
  const random = mulberry32(7);
  const started = performance.now();
  const start = Date.parse('2026-01-01T00:00:00Z');
  const fillBatch = db.transaction((from: number) => {
    for (let n = from; n < Math.min(from + batch, runCount); n++) {
      const id = `run${n.toString().padStart(18, '0')}`;
      const at = new Date(start + n * 1000).toISOString().replace('Z', '000Z');
      const failed = random() < 0.2;
      const words = [random() < 0.5 ? 'commonword' : 'otherword'];
      if (random() < 0.01) words.push('mediumword');
      if (n % 100_000 === 12_345) words.push('rareword');
      for (let w = 0; w < 30; w++) words.push(vocabulary[Math.floor(random() ** 3 * vocabulary.length)]!);
      const payload = JSON.stringify({ order: { id: n, note: words.slice(0, 5).join(' ') } });
      const failedStep = failed
        ? JSON.stringify({ name: 'step_1', displayName: 'Step', message: 'boom' })
        : null;
      const result = insertRun.run(
        id,
        `project${n % projects}`,
        `flow${n % 50}`,
        failed ? 'FAILED' : 'SUCCEEDED',
        payload,
        failedStep,
        at,
        at,
        at,
        at,
      );
      insertDocument.run(result.lastInsertRowid, id, words.join(' '));
    }
  });
  for (let from = 0; from < runCount; from += batch) fillBatch(from);
  db.close();
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function main(): Promise<void> {
  const fillMs = await fill();
  process.stdout.write(`filled ${runCount.toLocaleString('en')} runs in ${(fillMs / 1000).toFixed(1)} s\n`);
  const store = await openSqliteStore(file);
  const cases: [string, string | undefined][] = [
    ['plain list (baseline)', undefined],
    ['search "commonword" (~50%)', 'commonword'],
    ['search "mediumword" (~1%)', 'mediumword'],
    ['search "rareword" (1 in 100k)', 'rareword'],
    ['search "commonword mediumword"', 'commonword mediumword'],
  ];
  const rows: string[][] = [];
  let baseline = 0;
  for (const [label, search] of cases) {
    const times: number[] = [];
    let found = 0;
    for (let q = 0; q < queries + 3; q++) {
      const began = performance.now();
      const page = await listRuns(
        store.db,
        { projectId: 'project3', environment: 'PRODUCTION', ...(search === undefined ? {} : { search }) },
        { limit: 10 },
      );
      if (q >= 3) times.push(performance.now() - began); // the first three warm the caches
      found = page.data.length;
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 0.5);
    if (search === undefined) baseline = p50;
    rows.push([
      label,
      String(found),
      p50.toFixed(2),
      percentile(times, 0.95).toFixed(2),
      (p50 / baseline).toFixed(1),
    ]);
  }
  await store.close();
  printTable(
    [
      `case (project of ${(runCount / projects).toLocaleString('en')} runs)`,
      'page rows',
      'p50 ms',
      'p95 ms',
      'p50 / plain',
    ],
    rows,
  );
  rmSync(dir, { recursive: true, force: true });
}

await main();
