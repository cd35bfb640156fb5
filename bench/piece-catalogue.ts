/**
 * bench/piece-catalogue: `GET /v1/pieces?projectId=` (what the piece picker loads) on the real
 * server (SQLite file, auth, plan filter) as the catalogue grows: built-in pieces only (the
 * baseline, measured in the same run), plus the shipped snapshot, plus synthetic pieces up to the
 * size of Activepieces' cloud catalogue (~600 pieces, copies of the snapshot's under other
 * names). Prints requests/s, p50/p99 and the answer's size, at 1 connection; the load comes from
 * a second process (bench/load-generator.ts).
 *
 * Run: npm run bench:piece-catalogue   (BENCH_SECONDS=5 by default per case)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from '../packages/server/src/index';
import { readCatalogueFile, shippedSnapshotPath } from '../packages/server/src/modules/pieces/catalogue-file';
import { callJson, runLoad, signUpBenchUser } from './http-load';
import { printTable } from './support';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 5);
const REFERENCE_CATALOGUE_SIZE = 600;

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-bench-catalogue-'));
const server = await createServer({
  env: { AP_CONFIG_PATH: dataDir, AP_LOG_LEVEL: 'warn', AP_PIECES_SYNC_MODE: 'NONE' },
  catalogueSnapshot: false,
});
const origin = await server.listen({ port: 0, host: '127.0.0.1' });
const user = await signUpBenchUser(origin);
const path = `/api/v1/pieces?projectId=${user.projectId}`;
const headers = { authorization: `Bearer ${user.token}` };

const rows: string[][] = [];
async function measure(label: string): Promise<void> {
  const pieces = await callJson<unknown[]>(
    origin,
    'GET',
    `/v1/pieces?projectId=${user.projectId}`,
    user.token,
  );
  const bytes = Buffer.byteLength(JSON.stringify(pieces));
  const result = await runLoad({ origin, path, method: 'GET', headers, connections: 1 }, seconds);
  rows.push([
    label,
    String(pieces.length),
    `${(bytes / 1024).toFixed(0)} KiB`,
    result.requestsPerSecond.toFixed(0),
    result.p50.toFixed(2),
    result.p99.toFixed(2),
  ]);
}

const snapshotPath = shippedSnapshotPath();
if (snapshotPath === undefined) throw new Error('No shipped snapshot: run npm run pieces:snapshot first');
const { entries } = readCatalogueFile(snapshotPath);
const known = server.context.pieces.known;
await known.ready();

await measure('built-in pieces only (baseline)');
await known.put(entries, 'SNAPSHOT');
await measure('+ shipped snapshot');
const copies = [];
for (let i = 0; known.newest().length + copies.length < REFERENCE_CATALOGUE_SIZE; i++) {
  const { metadata, unavailableReason } = entries[i % entries.length]!;
  const name = `@bench/piece-${String(i)}`;
  copies.push({ metadata: { ...metadata, name }, ...(unavailableReason ? { unavailableReason } : {}) });
}
await known.put(copies, 'SYNC');
await measure(`+ synthetic, ~${String(REFERENCE_CATALOGUE_SIZE)} pieces (Activepieces' cloud catalogue)`);

printTable(['GET /v1/pieces, 1 connection', 'pieces', 'answer', 'req/s', 'p50 ms', 'p99 ms'], rows);
await server.close();
rmSync(dataDir, { recursive: true, force: true });
