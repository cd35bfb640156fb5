/**
 * The PostgreSQL store's writes share transactions without savepoints until a call fails: a
 * failing call must still be the only one rejected, whatever made it fail — its own throw, a
 * constraint PostgreSQL enforces, or a database error it swallowed (which leaves PostgreSQL's
 * transaction aborted, so the calls after it fail too until the batch runs again isolated).
 * PostgreSQL only.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore, testDatabaseType } from '../../testing/test-store';
import type { DataStore } from './data-store';
import { insertPlatform } from './test-database';

describe.runIf(testDatabaseType() === 'POSTGRES')('writes of the PostgreSQL store', () => {
  let store: DataStore;
  beforeEach(async () => {
    store = await openTestStore();
  });
  afterEach(() => store.close());

  const platformIds = async () =>
    (await store.db.selectFrom('platform').select('id').orderBy('id').execute()).map((row) => row.id);

  /** Writes made in one turn (one batch): each inserts its platform, `id` decides how it fails. */
  const batch = (ids: string[], body: (id: string) => Promise<void>) =>
    Promise.allSettled(
      ids.map((id) =>
        store.write(async (trx) => {
          await insertPlatform(trx, id);
          await body(id);
          return id;
        }),
      ),
    );

  it('commits a batch whose calls all succeed, each seeing those before it', async () => {
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((id) =>
        store.write(async (trx) => {
          const before = await trx.selectFrom('platform').select('id').execute();
          await insertPlatform(trx, id);
          return before.length;
        }),
      ),
    );
    expect(seen).toEqual([0, 1, 2]);
    expect(await platformIds()).toEqual(['a', 'b', 'c']);
  });

  it('rejects only a call that throws, with its own error; the others commit', async () => {
    const outcomes = await batch(['a', 'b', 'c', 'd'], async (id) => {
      if (id === 'b') throw new Error('boom b');
    });
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(outcomes[1]).toMatchObject({ reason: new Error('boom b') });
    expect(await platformIds()).toEqual(['a', 'c', 'd']);
  });

  it('rejects only a call that violates a constraint, and the others commit', async () => {
    await store.write((trx) => insertPlatform(trx, 'taken'));
    const clash = await Promise.allSettled([
      store.write((trx) => insertPlatform(trx, 'x')),
      store.write((trx) => insertPlatform(trx, 'taken')),
      store.write((trx) => insertPlatform(trx, 'y')),
    ]);
    expect(clash.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(clash[1]).toMatchObject({ reason: { code: '23505' } });
    expect(await platformIds()).toEqual(['taken', 'x', 'y']);
  });

  it('rejects the call that swallowed a database error, not the calls after it', async () => {
    await store.write((trx) => insertPlatform(trx, 'taken'));
    const outcomes = await Promise.allSettled(
      ['a', 'swallow', 'c'].map((id) =>
        store.write(async (trx) => {
          if (id === 'swallow') await insertPlatform(trx, 'taken').catch(() => undefined);
          else await insertPlatform(trx, id);
          return id;
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await platformIds()).toEqual(['a', 'c', 'taken']);
  });
});
