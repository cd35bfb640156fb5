import SqliteDatabase from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from './data-store';
import { openSqliteDatabase } from './open-sqlite';
import { convertToIncrementalVacuum, hasIncrementalVacuum } from './sqlite-vacuum';
import { tempDatabaseDir } from './test-database';

let dir = tempDatabaseDir();
afterEach(() => {
  dir.remove();
  dir = tempDatabaseDir();
});
afterAll(() => dir.remove());

/** A database file made the way SQLite makes one by default (no auto-vacuum), with a table in it. */
function oldFile(): string {
  const file = dir.file();
  const connection = new SqliteDatabase(file);
  connection.exec("create table old (v text); insert into old values ('kept')");
  expect(connection.pragma('auto_vacuum', { simple: true })).toBe(0);
  connection.close();
  return file;
}

describe('incremental auto-vacuum', () => {
  it('converts a small existing file when the store opens it, keeping its rows', async () => {
    const file = oldFile();
    const store = await openSqliteStore(file);
    expect(await hasIncrementalVacuum(store.db)).toBe(true);
    await store.close();
    const connection = new SqliteDatabase(file);
    expect(connection.prepare('select v from old').pluck().all()).toEqual(['kept']);
    connection.close();
  });

  it('leaves a file larger than the limit as it is', async () => {
    const db = openSqliteDatabase({ file: oldFile() });
    expect(await convertToIncrementalVacuum(db, 0)).toBe(false);
    expect(await hasIncrementalVacuum(db)).toBe(false);
    await db.destroy();
  });
});
