import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { migrateToLatest } from './migrate';
import { openSqliteDatabase } from './open-sqlite';
import { insertPlatform, tempDatabaseDir } from './test-database';
import { groupCommitWrites } from './write-transaction';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const childScript = fileURLToPath(new URL('./write-in-child.fixture.ts', import.meta.url));

type Write = ReturnType<typeof groupCommitWrites>['write'];

describe.each(['always', 'after-failure'] as const)(
  'groupCommitWrites on a SQLite file, savepoints %s',
  (isolateCalls) => {
    let dir: ReturnType<typeof tempDatabaseDir>;
    let db: Kysely<Database>;
    let write: Write;
    let afterCommit: (callback: () => void) => void;
    /** COMMIT statements run on `db`. */
    let commits: number;

    beforeEach(async () => {
      dir = tempDatabaseDir();
      const setup = openSqliteDatabase({ file: dir.file() });
      await migrateToLatest(setup);
      await setup.destroy();
      commits = 0;
      db = openSqliteDatabase({
        file: dir.file(),
        log: (event) => {
          if (event.level === 'query' && event.query.sql === 'commit') commits += 1;
        },
      });
      ({ write, afterCommit } = groupCommitWrites(db, { isolateCalls }));
    });
    afterEach(async () => {
      await db.destroy();
      dir.remove();
    });

    /** Platform ids in the order they were inserted (read on a connection of their own). */
    async function platformIds(): Promise<string[]> {
      const reader = openSqliteDatabase({ file: dir.file() });
      const rows = await reader
        .selectFrom('platform')
        .select('id')
        .orderBy(sql`rowid`)
        .execute();
      await reader.destroy();
      return rows.map((row) => row.id);
    }

    const ids = (count: number, prefix = 'p') =>
      Array.from({ length: count }, (_, index) => `${prefix}${String(index)}`);

    it('commits 50 concurrent writes in a couple of transactions, each resolving after its commit', async () => {
      const results = await Promise.all(
        ids(50).map((id) =>
          write(async (trx) => {
            await insertPlatform(trx, id);
            return commits;
          }).then((commitsWhenRun) => {
            expect(commits).toBeGreaterThan(commitsWhenRun);
            return id;
          }),
        ),
      );
      expect(results).toEqual(ids(50));
      expect(await platformIds()).toEqual(ids(50));
      // Made in one turn of the event loop: they share the transaction that starts at its end.
      expect(commits).toBe(1);
    });

    it('puts writes made while a transaction runs in the next one, together', async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      let began: () => void = () => undefined;
      const running = new Promise<void>((resolve) => (began = resolve));
      const first = write(async (trx) => {
        await insertPlatform(trx, 'first');
        began();
        await held;
      });
      await running; // the first transaction runs, waiting on `held`
      const later = ids(5).map((id) => write((trx) => insertPlatform(trx, id)));
      await sleep(10);
      expect(commits).toBe(0);
      release();
      await Promise.all([first, ...later]);
      expect(await platformIds()).toEqual(['first', ...ids(5)]);
      expect(commits).toBe(2);
    });

    it('lets a deferred write wait for the next write and share its commit, first in order', async () => {
      // Its time (10 s) is far past the next write's: the deferred write only ends with that write.
      const deferred = write((trx) => insertPlatform(trx, 'deferred'), { deferMs: 10_000 });
      await sleep(20);
      expect(commits).toBe(0);
      await write((trx) => insertPlatform(trx, 'eager'));
      await deferred;
      expect(commits).toBe(1);
      expect(await platformIds()).toEqual(['deferred', 'eager']);
    });

    it('commits a deferred write on its own once its time is up', async () => {
      const started = performance.now();
      await write((trx) => insertPlatform(trx, 'alone'), { deferMs: 30 });
      expect(performance.now() - started).toBeGreaterThanOrEqual(25);
      expect(commits).toBe(1);
      expect(await platformIds()).toEqual(['alone']);
    });

    it('caps a batch at maxBatch calls, the rest going in the next transaction', async () => {
      const capped = groupCommitWrites(db, { maxBatch: 10 }).write;
      await Promise.all(ids(50).map((id) => capped((trx) => insertPlatform(trx, id))));
      expect(await platformIds()).toEqual(ids(50));
      expect(commits).toBe(5);
    });

    it('rolls back only the write that throws; the others of its batch commit', async () => {
      const outcomes = await Promise.allSettled(
        ids(10).map((id) =>
          write(async (trx) => {
            await insertPlatform(trx, id);
            if (id === 'p6') throw new Error(`boom ${id}`);
            return id;
          }),
        ),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual(
        ids(10).map((id) => (id === 'p6' ? 'rejected' : 'fulfilled')),
      );
      expect(outcomes[6]).toMatchObject({ status: 'rejected', reason: new Error('boom p6') });
      expect(outcomes[3]).toEqual({ status: 'fulfilled', value: 'p3' });
      expect(await platformIds()).toEqual(ids(10).filter((id) => id !== 'p6'));
      expect(commits).toBe(1);
    });

    it('runs the afterCommit callbacks of the calls that committed, once each, before they resolve', async () => {
      const called: string[] = [];
      const outcomes = await Promise.allSettled(
        ['p0', 'p1', 'boom', 'p2'].map((id) =>
          write(async (trx) => {
            afterCommit(() => called.push(`${id}@${String(commits)}`));
            await insertPlatform(trx, id);
            if (id === 'boom') throw new Error('boom');
          }).then(() => called.includes(`${id}@1`)),
        ),
      );
      // Each after the one COMMIT of the batch that kept it, none for the call that threw, none
      // twice for calls that ran again; each before the call's own promise resolved.
      expect(called).toEqual(['p0@1', 'p1@1', 'p2@1']);
      expect(
        outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'rejected')),
      ).toEqual([true, true, 'rejected', true]);
      expect(() => afterCommit(() => undefined)).toThrow(/running/);
    });

    it('runs the writes of a batch one after the other, in order, each seeing those before it', async () => {
      const seen = await Promise.all(
        ids(20).map(() =>
          write(async (trx) => {
            const { count } = await trx
              .selectFrom('platform')
              .select((eb) => eb.fn.countAll<number>().as('count'))
              .executeTakeFirstOrThrow();
            await sleep(1); // another write interleaved here would read the same count
            await insertPlatform(trx, `n${String(count)}`);
            return count;
          }),
        ),
      );
      expect(seen).toEqual(ids(20).map((_, index) => index));
      expect(await platformIds()).toEqual(ids(20, 'n'));
    });

    // SQLite's RAISE(ROLLBACK) ends the transaction and the statements after it autocommit, so a
    // batch without savepoints cannot tell what was written: the SQLite store always isolates calls.
    describe.runIf(isolateCalls === 'always')('when a write makes SQLite abort the whole transaction', () => {
      beforeEach(async () => {
        await sql`create temp trigger abort_transaction before insert on main.platform
        when new.id like 'abort%' begin select raise(rollback, 'aborted by trigger'); end`.execute(db);
      });

      it('rejects that write and runs the others again in a new transaction', async () => {
        const invocations = new Map<string, number>();
        const outcomes = await Promise.allSettled(
          ['p0', 'p1', 'p2', 'abort', 'p3', 'p4'].map((id) =>
            write(async (trx) => {
              invocations.set(id, (invocations.get(id) ?? 0) + 1);
              await insertPlatform(trx, id);
              return id;
            }),
          ),
        );
        expect(outcomes[3]).toMatchObject({ status: 'rejected', reason: { message: 'aborted by trigger' } });
        expect(
          outcomes.filter((outcome) => outcome.status === 'fulfilled').map((outcome) => outcome.value),
        ).toEqual(ids(5));
        expect(await platformIds()).toEqual(ids(5));
        // p0, p1 and p2 ran before the abort and again after it; p3 and p4 once, after it.
        expect(Object.fromEntries(invocations)).toEqual({ p0: 2, p1: 2, p2: 2, abort: 1, p3: 1, p4: 1 });
      });

      it('rejects a write that swallowed the abort and returned, and commits the others', async () => {
        const outcomes = await Promise.allSettled(
          ['p0', 'p1', 'abort', 'p2'].map((id) =>
            write(async (trx) => {
              await insertPlatform(trx, id).catch(() => undefined);
              return id;
            }),
          ),
        );
        expect(outcomes.map((outcome) => outcome.status)).toEqual([
          'fulfilled',
          'fulfilled',
          'rejected',
          'fulfilled',
        ]);
        expect(outcomes[2]).toMatchObject({
          reason: { message: expect.stringMatching(/no such savepoint/) },
        });
        expect(await platformIds()).toEqual(ids(3));
      });
    });

    it('rejects every write of a batch whose COMMIT fails, writing nothing of it', async () => {
      await write((trx) => insertPlatform(trx, 'first'));
      const batch = ['p0', 'p1', 'p2'].map((id) => write((trx) => insertPlatform(trx, id)));
      const violating = write(async (trx) => {
        // Checked at COMMIT only: the user's platform does not exist.
        await sql`pragma defer_foreign_keys = on`.execute(trx);
        await trx
          .insertInto('user')
          .values({
            id: 'orphan',
            platformId: 'missing',
            email: 'orphan@example.com',
            passwordHash: 'x',
            firstName: 'A',
            lastName: 'B',
            platformRole: 'ADMIN',
            status: 'ACTIVE',
            created: 'now',
            updated: 'now',
          })
          .execute();
      });
      const failing = await Promise.allSettled([...batch, violating]);
      for (const outcome of failing) {
        expect(outcome).toMatchObject({
          status: 'rejected',
          reason: { message: 'FOREIGN KEY constraint failed' },
        });
      }
      expect(await platformIds()).toEqual(['first']);
      // The connection is usable again.
      await write((trx) => insertPlatform(trx, 'after'));
      expect(await platformIds()).toEqual(['first', 'after']);
    });

    /** Starts the child fixture holding the write lock for `holdMs`; resolves once it holds it. */
    async function lockedByChild(holdMs: number): Promise<{ exited: Promise<unknown> }> {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', childScript, dir.file(), 'child', String(holdMs)],
        { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = once(child, 'exit').then(([code]) =>
        code === 0 ? undefined : Promise.reject(new Error(`the child exited with ${String(code)}`)),
      );
      // The child says when its transaction holds the lock: a lock seen from here may be its
      // opening of the file, before the transaction that inserts.
      const lines = createInterface({ input: child.stdout });
      for await (const line of lines) if (line === 'holding') return { exited };
      await exited;
      throw new Error('the child never took the write lock');
    }

    it('waits for another process holding the write lock, then commits', async () => {
      const child = await lockedByChild(300);
      await Promise.all(ids(10).map((id) => write((trx) => insertPlatform(trx, id))));
      await child.exited;
      expect(await platformIds()).toEqual(['child', ...ids(10)]);
    });

    it('rejects every write of a batch whose BEGIN IMMEDIATE times out, writing nothing of it', async () => {
      const impatient = openSqliteDatabase({ file: dir.file(), busyTimeoutMs: 20 });
      try {
        const impatientWrite = groupCommitWrites(impatient).write;
        const child = await lockedByChild(1_000);
        const outcomes = await Promise.allSettled(
          ids(5).map((id) => impatientWrite((trx) => insertPlatform(trx, id))),
        );
        for (const outcome of outcomes) {
          expect(outcome).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_BUSY' } });
        }
        await child.exited;
        expect(await platformIds()).toEqual(['child']);
      } finally {
        await impatient.destroy();
      }
    });
  },
);
