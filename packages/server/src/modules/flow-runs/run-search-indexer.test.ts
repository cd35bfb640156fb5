/**
 * The run search indexer against a real store (SQLite file or PostgreSQL database): it indexes
 * every finished run in batches, indexes a run again when it changed after it was indexed (its
 * old words gone), and leaves alone a run that changed while its batch was being written.
 */
import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataStore } from '../../infrastructure/storage/data-store';
import { runMatchesTerms, searchTerms } from '../../infrastructure/storage/run-search-sql';
import { flowRunRow, insertFlow, insertProject } from '../../infrastructure/storage/test-database';
import { openTestStore } from '../../testing/test-store';
import { createRunSearchIndexer } from './run-search-indexer';
import { findRunsToIndex, storeRunSearchDocuments } from './run-search-repository';

const at = '2026-01-01T00:00:00.000Z';
let store: DataStore;
let counter = 0;

beforeAll(async () => {
  store = await openTestStore();
  await insertProject(store.db, 'P');
  await insertFlow(store.db, 'P');
});
afterAll(() => store.close());

const indexer = () =>
  createRunSearchIndexer(
    { store, now: () => at, logger: pino({ level: 'silent' }) },
    { batchSize: 7, batchesPerLook: 100 },
  );

async function finishedRun(word: string): Promise<string> {
  const id = `run${String(counter++).padStart(18, '0')}`;
  await store.db
    .insertInto('flowRun')
    .values(
      flowRunRow({
        id,
        projectId: 'P',
        platformId: 'P-platform',
        flowId: 'flow-P',
        flowVersionId: 'v',
        status: 'SUCCEEDED',
        created: at,
        finishTime: at,
        triggerPayload: JSON.stringify({ body: { note: word } }),
      }),
    )
    .execute();
  return id;
}

async function runsMatching(text: string): Promise<string[]> {
  const rows = await store.db
    .selectFrom('flowRun')
    .select('id')
    .where(runMatchesTerms(store.db, searchTerms(text)))
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function changeRun(id: string, word: string, updated: string): Promise<void> {
  await store.db
    .updateTable('flowRun')
    .set({ triggerPayload: JSON.stringify({ body: { note: word } }), updated })
    .where('id', '=', id)
    .execute();
}

describe('run search indexer', () => {
  it('indexes every finished run in batches, and a changed run again without its old words', async () => {
    const ids = [];
    for (let index = 0; index < 20; index += 1) ids.push(await finishedRun(`apple${String(index % 2)}`));
    expect(await indexer().fireDue()).toBe(20);
    expect(await runsMatching('apple0')).toEqual(ids.filter((_, index) => index % 2 === 0));
    expect(await findRunsToIndex(store.db, 50)).toEqual([]);

    await changeRun(ids[0]!, 'banana', '2026-01-01T00:00:05.000Z');
    expect(await indexer().fireDue()).toBe(1);
    expect(await runsMatching('banana')).toEqual([ids[0]]);
    expect(await runsMatching('apple0')).toEqual(ids.filter((_, index) => index % 2 === 0 && index > 0));
    const { rows } = await sql<{ n: number | string }>`select count(*) as "n" from "flowRunSearch"`.execute(
      store.db,
    );
    expect(Number(rows[0]!.n)).toBe(20);
  });

  it('writes nothing for a run changed after it was read; it stays in the backlog', async () => {
    const id = await finishedRun('cherry');
    const [read] = await findRunsToIndex(store.db, 50);
    expect(read?.id).toBe(id);
    await changeRun(id, 'damson', '2026-01-01T00:00:09.000Z');
    const written = await store.write((trx) =>
      storeRunSearchDocuments(trx, [{ run: read!, text: 'cherry' }]),
    );
    expect(written).toBe(0);
    expect(await runsMatching('cherry')).toEqual([]);
    expect((await findRunsToIndex(store.db, 50)).map((run) => run.id)).toEqual([id]);
    expect(await indexer().fireDue()).toBe(1);
    expect(await runsMatching('damson')).toEqual([id]);
  });
});
