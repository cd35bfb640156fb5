import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from './data-store';
import { openSqliteDatabase } from './open-sqlite';
import { insertPlatform, tempDatabaseDir } from './test-database';

describe('the SQLite store owns its database file', () => {
  const dirs: ReturnType<typeof tempDatabaseDir>[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });
  function freshDir() {
    const dir = tempDatabaseDir();
    dirs.push(dir);
    return dir;
  }

  it('refuses a second exclusive opener with an error naming the file, and loses nothing', async () => {
    const dir = freshDir();
    const store = await openSqliteStore(dir.file());
    await store.write((trx) => insertPlatform(trx, 'kept'));
    expect(() => openSqliteDatabase({ file: dir.file(), exclusive: true, busyTimeoutMs: 20 })).toThrow(
      `The database file ${dir.file()} is in use by another process`,
    );
    const rows = await store.db.selectFrom('platform').select('id').execute();
    expect(rows).toEqual([{ id: 'kept' }]);
    await store.close();
  });

  it('keeps other connections out while open, and lets them in once closed', async () => {
    const dir = freshDir();
    const store = await openSqliteStore(dir.file());
    await store.write((trx) => insertPlatform(trx, 'p1'));
    expect(() => openSqliteDatabase({ file: dir.file(), busyTimeoutMs: 0 })).toThrow(
      /is in use by another process/,
    );
    await store.close();

    const after = openSqliteDatabase({ file: dir.file() });
    expect(await after.selectFrom('platform').select('id').execute()).toEqual([{ id: 'p1' }]);
    await after.destroy();
  });

  it('opens again after its owner closed it, with every committed write there', async () => {
    const dir = freshDir();
    const first = await openSqliteStore(dir.file());
    await Promise.all(['a', 'b', 'c'].map((id) => first.write((trx) => insertPlatform(trx, id))));
    await first.close();
    const second = await openSqliteStore(dir.file());
    const rows = await second.db.selectFrom('platform').select('id').orderBy('id').execute();
    expect(rows.map((row) => row.id)).toEqual(['a', 'b', 'c']);
    await second.close();
  });
});
