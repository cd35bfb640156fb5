/**
 * Run by `write-transaction.test.ts` in a child process: opens the database file given as the
 * first argument and, in one write transaction, reads the platform count, holds the lock for the
 * given milliseconds and inserts a platform — the read-then-write shape that deadlocks under a
 * deferred `BEGIN`. It prints `holding` once it holds the write lock, so a test can wait for that
 * line rather than guess from a lock it sees (opening the file takes the lock for a moment too).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openSqliteDatabase } from './open-sqlite';
import { insertPlatform } from './test-database';
import { writeTransaction } from './write-transaction';

const [file = '', id = '', holdMs = '0'] = process.argv.slice(2);
const db = openSqliteDatabase({ file });
await writeTransaction(db, async (trx) => {
  await trx
    .selectFrom('platform')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  process.stdout.write('holding\n');
  await sleep(Number(holdMs));
  await insertPlatform(trx, id);
});
await db.destroy();
