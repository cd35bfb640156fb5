import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataStore } from '../infrastructure/storage/data-store';
import { timestampOf } from '../infrastructure/storage/timestamp';
import { describeJobQueueContract } from './job-queue-contract';
import { addQueuedRun, openQueueTestStore, projectsOf } from '../testing/features/job-queue-test-kit';
import type { JobKind } from './job-queue';
import { SqlJobQueue } from './sql-job-queue';

const at = Date.parse('2026-01-01T00:00:00.000Z');

/** A table queue on a fake wall clock that `pass` moves. */
function openSqlQueue(store: DataStore) {
  let tick = 0;
  const clock = { ms: Date.parse('2026-03-01T00:00:00.000Z') };
  const queue = new SqlJobQueue(store, {
    defaultConcurrentJobsLimit: 5,
    leaseMs: 30_000,
    timestamp: () => timestampOf(at + tick++),
    wallClock: () => clock.ms,
  });
  return { queue, clock };
}

describeJobQueueContract('SqlJobQueue', async (store) => {
  const { queue, clock } = openSqlQueue(store);
  return {
    queue,
    pass: async (ms) => {
      clock.ms += ms;
    },
    now: () => clock.ms,
    leaseMs: 30_000,
    close: () => queue.close(),
  };
});

describe('SqlJobQueue (table only)', () => {
  let store: DataStore;
  let removeStore: () => Promise<void>;
  let queue: SqlJobQueue;
  let clock: { ms: number };

  beforeEach(async () => {
    ({ store, remove: removeStore } = await openQueueTestStore());
    ({ queue, clock } = openSqlQueue(store));
  });
  afterEach(() => removeStore());

  /** Adds a job; each one a millisecond later than the one before. */
  async function addJob(projectId: string, options: { availableAt?: string; kind?: JobKind } = {}) {
    const runId = await addQueuedRun(store, queue, projectId, options);
    clock.ms += 1;
    return runId;
  }

  it('deals jobs round-robin over projects ordered by their oldest job', async () => {
    for (let i = 0; i < 6; i++) await addJob('A');
    await addJob('B');
    await addJob('C');
    await addJob('B');
    const claimed = await queue.claim('w1', 6);
    expect(projectsOf(claimed)).toBe('ABCABA');
    const rows = await store.db
      .selectFrom('job')
      .select(['lockedUntil'])
      .where('status', '=', 'RUNNING')
      .execute();
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ lockedUntil: timestampOf(clock.ms + 30_000) });
  });

  it('deals the slots of a project at its limit to the others, in turn', async () => {
    await store.db.updateTable('project').set({ maxConcurrentJobs: 2 }).where('id', '=', 'A').execute();
    for (let i = 0; i < 4; i++) await addJob('A');
    for (let i = 0; i < 7; i++) await addJob('B');
    expect(projectsOf(await queue.claim('w1', 20))).toBe('ABABBBB');
  });

  it('knows when no job is available, until something may have added one', async () => {
    expect(queue.mayHaveAvailable()).toBe(true); // it has not looked yet
    expect(await queue.claim('w1', 5)).toEqual([]);
    expect(queue.mayHaveAvailable()).toBe(false);

    const runId = await addJob('A');
    expect(queue.mayHaveAvailable()).toBe(true);
    const [job] = await queue.claim('w1', 5);
    expect(job).toMatchObject({ runId });
    expect(queue.mayHaveAvailable()).toBe(true); // it found one: there may be more
    expect(await queue.claim('w1', 5)).toEqual([]);
    expect(queue.mayHaveAvailable()).toBe(false);

    await queue.release(job!.id);
    expect(queue.mayHaveAvailable()).toBe(true);
    await queue.claim('w1', 5);
    expect(await queue.claim('w1', 5)).toEqual([]);
    clock.ms += 60_000; // its lease runs out
    expect(await queue.requeueExpired()).toEqual([runId]);
    expect(queue.mayHaveAvailable()).toBe(true);
  });

  it('still looks after a job that is not available yet was added (a delay), and finds it in time', async () => {
    await addJob('A', { availableAt: timestampOf(clock.ms + 1_000), kind: 'RESUME' });
    expect(queue.mayHaveAvailable()).toBe(true);
    expect(await queue.claim('w1', 5)).toEqual([]);
    // Not available now; the dispatcher's poll (which looks whatever this says) finds it later.
    expect(queue.mayHaveAvailable()).toBe(false);
    clock.ms += 1_000;
    expect((await queue.claim('w1', 5)).map((job) => job.kind)).toEqual(['RESUME']);
  });

  it('may claim a new job only when none waits and its project has a free slot', async () => {
    await store.db.updateTable('project').set({ maxConcurrentJobs: 1 }).where('id', '=', 'A').execute();
    expect(await store.write((trx) => queue.mayClaimNew(trx, 'A'))).toBe(true);
    await addJob('B');
    expect(await store.write((trx) => queue.mayClaimNew(trx, 'A'))).toBe(false);
    await queue.claim('w1', 5);
    await addJob('A');
    await queue.claim('w1', 5);
    expect(await store.write((trx) => queue.mayClaimNew(trx, 'A'))).toBe(false);
    expect(await store.write((trx) => queue.mayClaimNew(trx, 'C'))).toBe(true);
  });
});
