/**
 * Named statements of the PostgreSQL pool: the same text is prepared once per connection and
 * answers the same rows as unnamed; a prepared `select *` whose table was altered (a migration)
 * still answers (run unnamed from then on). PostgreSQL only, but the name registry is pure.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore, testDatabaseType } from '../../testing/test-store';
import type { DataStore } from './data-store';
import { MAX_NAMED_STATEMENTS, StatementNames } from './postgres-statement-names';
import { insertProject } from './test-database';

describe('StatementNames', () => {
  it('names each data statement text once, and nothing else', () => {
    const names = new StatementNames();
    const select = 'select * from "job" where "id" = $1';
    const name = names.nameOf(select);
    expect(name).toBeDefined();
    expect(names.nameOf(select)).toBe(name);
    expect(names.nameOf('insert into "job" values ($1)')).not.toBe(name);
    expect(names.nameOf('start transaction isolation level read committed')).toBeUndefined();
    expect(names.nameOf('commit')).toBeUndefined();
    expect(names.nameOf('create table "x" ("a" text)')).toBeUndefined();
  });

  it('stops naming past its limit, and a forgotten text gets a new name', () => {
    const names = new StatementNames();
    const given = new Set<string>();
    for (let i = 0; i < MAX_NAMED_STATEMENTS; i++) given.add(names.nameOf(`select ${String(i)}`)!);
    expect(given.size).toBe(MAX_NAMED_STATEMENTS);
    expect(names.nameOf('select -1')).toBeUndefined();
    const first = names.nameOf('select 0');
    names.forget('select 0');
    expect(names.nameOf('select -1')).toBeDefined();
    expect(names.nameOf('select 0')).toBeUndefined();
    expect(first).toBeDefined();
  });
});

describe.runIf(testDatabaseType() === 'POSTGRES')('named statements on PostgreSQL', () => {
  let store: DataStore;
  beforeEach(async () => {
    // One connection: every query below runs on the connection that prepared the statement.
    store = await openTestStore({ postgresPoolSize: 1 });
  });
  afterEach(() => store.close());

  it('answers a prepared select * again after a column was added to its table', async () => {
    await insertProject(store.db, 'A');
    const read = () => store.db.selectFrom('project').selectAll().where('id', '=', 'A').execute();
    const before = await read();
    expect(await read()).toEqual(before);
    // On the connection that prepared the read, as a migration of another process would run.
    await sql`alter table "project" add column "extra" text default 'x'`.execute(store.db);
    const after = await read();
    expect(after).toEqual([{ ...before[0], extra: 'x' }]);
    expect(await read()).toEqual(after);
  });
});
