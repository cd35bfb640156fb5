/**
 * The PostgreSQL store as several processes share it (two stores on one database stand for an
 * app and a worker), on a database whose default collation is NOT byte order (ICU en-US, see
 * `testing/test-postgres.ts`). PostgreSQL only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consumeCredit } from '../../execution/credits';
import { SqlJobQueue } from '../../execution/sql-job-queue';
import {
  createTestPostgresDatabase,
  testPostgresSettings,
  type TestPostgresDatabase,
} from '../../testing/test-postgres';
import { testDatabaseType } from '../../testing/test-store';
import type { DataStore } from './data-store';
import { jsonText } from './json-text';
import { migrateToLatest } from './migrate';
import { openPostgresStore } from './open-postgres';
import { flowRunRow, insertFlow, insertProject } from './test-database';

const at = '2026-01-01T00:00:00.000Z';

describe.runIf(testDatabaseType() === 'POSTGRES')('the PostgreSQL store', () => {
  let database: TestPostgresDatabase;
  let stores: DataStore[];
  /** A store on the test database, as one more process would open it. */
  const open = async () => {
    const store = await openPostgresStore(testPostgresSettings(database.url, 4));
    stores.push(store);
    return store;
  };
  beforeEach(async () => {
    database = await createTestPostgresDatabase();
    stores = [];
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    await database.drop();
  });

  it('migrates once, however many processes start together', async () => {
    const [first] = await Promise.all([open(), open(), open()]);
    expect(await migrateToLatest(first!.db)).toEqual([]);
    const tables = await first!.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toContain('flowRun');
  });

  it('sorts and compares ids in byte order, as SQLite does, on a database that does not', async () => {
    const store = await open();
    for (const id of ['b', 'B', 'a', 'A', '0', 'z']) {
      await store.db
        .insertInto('platform')
        .values({ id, name: id, credits: null, created: at, updated: at })
        .execute();
    }
    const sorted = await store.db.selectFrom('platform').select('id').orderBy('id').execute();
    expect(sorted.map((row) => row.id)).toEqual(['0', 'A', 'B', 'a', 'b', 'z']);
    const after = await store.db
      .selectFrom('platform')
      .select('id')
      .where('id', '>', 'Z')
      .orderBy('id')
      .execute();
    expect(after.map((row) => row.id)).toEqual(['a', 'b', 'z']);
  });

  it('keeps fractional numbers to double precision', async () => {
    const store = await open();
    await insertProject(store.db, 'p');
    await insertFlow(store.db, 'p');
    await store.db.updateTable('flow').set({ timeSavedPerRun: 1234567.891 }).execute();
    const row = await store.db.selectFrom('flow').select('timeSavedPerRun').executeTakeFirstOrThrow();
    expect(row.timeSavedPerRun).toBe(1234567.891);
  });

  it('reads a value out of a JSON text column', async () => {
    const store = await open();
    await insertProject(store.db, 'p');
    const row = await store.db
      .selectFrom('project')
      .select((eb) => [
        jsonText(store.db, 'plan', ['tier', 'name']).as('name'),
        jsonText(store.db, 'plan', ['missing']).as('missing'),
        eb.val(1).as('one'),
      ])
      .where('id', '=', 'p')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: null, missing: null });
    await store.db.updateTable('project').set({ plan: '{"tier":{"name":"pro"}}' }).execute();
    const named = await store.db
      .selectFrom('project')
      .select(jsonText(store.db, 'plan', ['tier', 'name']).as('name'))
      .executeTakeFirstOrThrow();
    expect(named.name).toBe('pro');
    // PostgreSQL cannot parse `\u0000` as text: a NUL elsewhere in the document must not matter.
    await store.db
      .updateTable('project')
      .set({ plan: JSON.stringify({ tier: { name: 'pro' }, note: 'a\u0000b' }) })
      .execute();
    const withNul = await store.db
      .selectFrom('project')
      .select(jsonText(store.db, 'plan', ['tier', 'name']).as('name'))
      .executeTakeFirstOrThrow();
    expect(withNul.name).toBe('pro');
  });

  it('never claims a job twice when two processes claim at once', async () => {
    const [app, worker] = [await open(), await open()];
    await insertProject(app.db, 'A');
    await insertFlow(app.db, 'A');
    await app.db.updateTable('project').set({ maxConcurrentJobs: 1000 }).execute();
    const queueOf = (store: DataStore) =>
      new SqlJobQueue(store, { defaultConcurrentJobsLimit: 1000, leaseMs: 30_000, timestamp: () => at });
    const appQueue = queueOf(app);
    for (let index = 0; index < 60; index += 1) {
      const runId = `run${String(index).padStart(3, '0')}`;
      await app.write(async (trx) => {
        await trx
          .insertInto('flowRun')
          .values(
            flowRunRow({
              id: runId,
              projectId: 'A',
              platformId: 'A-platform',
              flowId: 'flow-A',
              flowVersionId: 'v',
              status: 'QUEUED',
              created: at,
            }),
          )
          .execute();
        await appQueue.enqueue(trx, { runId, projectId: 'A', kind: 'EXECUTE' });
      });
    }
    const queues = [appQueue, queueOf(worker), queueOf(app), queueOf(worker)];
    const claims = await Promise.all(
      queues.flatMap((queue, index) =>
        [1, 2, 3, 4, 5].map((round) => queue.claim(`w${String(index)}-${String(round)}`, 4)),
      ),
    );
    const claimed = claims.flat().map((job) => job.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(claimed).toHaveLength(60);
  });

  it('never spends more credits than a platform has, whichever process takes them', async () => {
    const [app, worker] = [await open(), await open()];
    await insertProject(app.db, 'A');
    await app.db.updateTable('platform').set({ credits: 7 }).execute();
    const taken = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        (index % 2 === 0 ? app : worker).write((trx) => consumeCredit(trx, 'A-platform')),
      ),
    );
    expect(taken.filter(Boolean)).toHaveLength(7);
    const platform = await app.db.selectFrom('platform').select('credits').executeTakeFirstOrThrow();
    expect(platform.credits).toBe(0);
  });
});
