import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledPositionalStatement, compiledStatement } from './compiled-statement';
import { openTestStore } from '../../testing/test-store';
import type { DataStore } from './data-store';
import type { Database } from './database';
import { insertPlatform } from './test-database';

describe('compiledStatement', () => {
  let store: DataStore;
  let db: Kysely<Database>;
  let compilations: number;

  beforeEach(async () => {
    store = await openTestStore();
    db = store.db;
    compilations = 0;
  });
  afterEach(async () => {
    await store.close();
  });

  const renamePlatform = compiledStatement<{ id: string; name: string; updated: string }>((on, param) => {
    compilations += 1;
    return on
      .updateTable('platform')
      .set({ name: param('name'), updated: param('updated') })
      .where('id', '=', param('id'));
  });

  it('compiles once and runs with each call’s values, in and out of transactions', async () => {
    await insertPlatform(db, 'p1');
    await insertPlatform(db, 'p2');
    await renamePlatform.run(db, { id: 'p1', name: 'First', updated: '2026-01-01T00:00:00.000000Z' });
    await db
      .transaction()
      .execute((trx) => renamePlatform.run(trx, { id: 'p2', name: 'Second', updated: 'x' }));
    const result = await renamePlatform.run(db, { id: 'p1', name: 'Again', updated: 'y' });
    expect(result.numAffectedRows).toBe(1n);
    const rows = await db.selectFrom('platform').select(['id', 'name']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'p1', name: 'Again' },
      { id: 'p2', name: 'Second' },
    ]);
    expect(compilations).toBe(1);
  });

  it('answers the rows of a select, and refuses a call that lacks a parameter', async () => {
    await insertPlatform(db, 'p1');
    const platformName = compiledStatement<{ id: string }, { name: string }>((on, param) =>
      on.selectFrom('platform').select('name').where('id', '=', param('id')),
    );
    expect((await platformName.run(db, { id: 'p1' })).rows).toHaveLength(1);
    expect((await platformName.run(db, { id: 'none' })).rows).toEqual([]);
    await expect(renamePlatform.run(db, { id: 'p1', name: 'x' } as never)).rejects.toThrow(
      'Missing parameter "updated" of a compiled statement',
    );
  });

  it('binds values by position in the order of its names, constants of the builder kept', async () => {
    await insertPlatform(db, 'p1');
    await insertPlatform(db, 'p2');
    const renameBoth = compiledPositionalStatement(['name1', 'id1', 'name2'], (on, param) =>
      on
        .updateTable('platform')
        .set({ name: param('name2'), updated: 'constant' })
        .where('id', 'in', [param('id1'), 'p2'])
        .where('name', '!=', param('name1')),
    );
    const result = await renameBoth.run(db, ['never', 'p1', 'Renamed']);
    expect(result.numAffectedRows).toBe(2n);
    const rows = await db.selectFrom('platform').select(['id', 'name', 'updated']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'p1', name: 'Renamed', updated: 'constant' },
      { id: 'p2', name: 'Renamed', updated: 'constant' },
    ]);
  });

  it('refuses a placeholder its names do not list, before running anything', async () => {
    await insertPlatform(db, 'p1');
    const broken = compiledPositionalStatement(['id'], (on, param) =>
      on
        .updateTable('platform')
        .set({ name: param('name') })
        .where('id', '=', param('id')),
    );
    await expect(broken.run(db, ['p1'])).rejects.toThrow(
      'Parameter "name" is not among the statement\'s names',
    );
    const [row] = await db.selectFrom('platform').select('name').execute();
    expect(row?.name).not.toBe(undefined);
  });
});
