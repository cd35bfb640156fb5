import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { openSqliteDatabase } from './open-sqlite';
import { insertPlatform, tempDatabaseDir } from './test-database';
import { writeTransaction } from './write-transaction';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const childScript = fileURLToPath(new URL('./write-in-child.fixture.ts', import.meta.url));

describe('writeTransaction', () => {
  let dir: ReturnType<typeof tempDatabaseDir>;
  beforeEach(async () => {
    dir = tempDatabaseDir();
    const db = openSqliteDatabase({ file: dir.file() });
    await migrateToLatest(db);
    await db.destroy();
  });
  afterEach(() => dir.remove());

  async function platformIds(): Promise<string[]> {
    const db = openSqliteDatabase({ file: dir.file() });
    const rows = await db.selectFrom('platform').select('id').orderBy('id').execute();
    await db.destroy();
    return rows.map((row) => row.id);
  }

  it('commits what the callback wrote and returns its result', async () => {
    const db = openSqliteDatabase({ file: dir.file() });
    const result = await writeTransaction(db, async (trx) => {
      await insertPlatform(trx, 'a');
      return 'done';
    });
    await db.destroy();
    expect(result).toBe('done');
    expect(await platformIds()).toEqual(['a']);
  });

  it('rolls everything back when the callback throws', async () => {
    const db = openSqliteDatabase({ file: dir.file() });
    const failing = writeTransaction(db, async (trx) => {
      await insertPlatform(trx, 'a');
      await insertPlatform(trx, 'b');
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    await insertPlatform(db, 'c');
    await db.destroy();
    expect(await platformIds()).toEqual(['c']);
  });

  it('serialises concurrent write transactions on one Kysely instance', async () => {
    const db = openSqliteDatabase({ file: dir.file() });
    await Promise.all(['a', 'b', 'c'].map((id) => writeTransaction(db, (trx) => insertPlatform(trx, id))));
    await db.destroy();
    expect(await platformIds()).toEqual(['a', 'b', 'c']);
  });

  it('lets two processes that read then write on the same file both succeed, one after the other', async () => {
    const child = (id: string) =>
      run(process.execPath, ['--import', 'tsx', childScript, dir.file(), id, '300'], { cwd: repoRoot });
    await Promise.all([child('first'), child('second')]);
    // Either may start first: both committed is what matters.
    expect((await platformIds()).sort()).toEqual(['first', 'second']);
  });
});
