/**
 * The behaviour every {@link JobQueue} promises, as one suite: each implementation's test file
 * calls {@link describeJobQueueContract} with a factory. Durations are short and real-time
 * friendly: a queue on a fake clock moves it, a queue on Redis waits.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataStore } from '../infrastructure/storage/data-store';
import { timestampOf } from '../infrastructure/storage/timestamp';
import {
  addQueuedRun,
  claimWithin,
  openQueueTestStore,
  projectsOf,
} from '../testing/features/job-queue-test-kit';
import type { ClaimedJob } from './job-queue';
import type { RunQueue } from './run-queue';

/** A queue under test, over a store with projects A, B and C; default concurrency limit 5. */
export interface JobQueueHarness {
  queue: RunQueue;
  /** Lets `ms` pass for the queue (a fake clock moves; a real one is waited for). */
  pass(ms: number): Promise<void>;
  /** The queue's wall clock, in ms. */
  now(): number;
  /** The lease of a claim, in ms. */
  leaseMs: number;
  close(): Promise<void>;
}

/** Registers the contract's `describe` blocks for the queue `open` builds over `store`. */
export function describeJobQueueContract(
  name: string,
  open: (store: DataStore) => Promise<JobQueueHarness>,
): void {
  describe(`${name} (JobQueue contract)`, () => {
    let store: DataStore;
    let removeStore: () => Promise<void>;
    let h: JobQueueHarness;
    const add = (projectId: string, options?: Parameters<typeof addQueuedRun>[3]) =>
      addQueuedRun(store, h.queue, projectId, options);
    const jobRows = () => store.db.selectFrom('job').selectAll().orderBy('id').execute();

    beforeEach(async () => {
      ({ store, remove: removeStore } = await openQueueTestStore());
      h = await open(store);
    });
    afterEach(async () => {
      await h.close();
      await removeStore();
    });

    it('hands out a job once, RUNNING under the worker lease, and forgets it once complete', async () => {
      const runId = await add('A');
      const claimed = await claimWithin(h.queue, 'w1', 5);
      expect(claimed).toMatchObject([{ runId, projectId: 'A', kind: 'EXECUTE', attempts: 1 }]);
      const [row] = await jobRows();
      expect(row).toMatchObject({ status: 'RUNNING', lockedBy: 'w1' });
      expect(row!.lockedUntil! > timestampOf(h.now())).toBe(true);
      expect(row!.lockedUntil! <= timestampOf(h.now() + h.leaseMs)).toBe(true);
      expect(await h.queue.claim('w2', 5)).toEqual([]);
      await store.write((trx) => h.queue.complete(trx, claimed[0]!.id));
      expect(await jobRows()).toEqual([]);
      expect(await claimWithin(h.queue, 'w1', 5, 300)).toEqual([]);
    });

    it('does not hand out a job before its availableAt', async () => {
      await add('A', { availableAt: timestampOf(h.now() + 400), kind: 'RESUME' });
      expect(await h.queue.claim('w1', 5)).toEqual([]);
      await h.pass(400);
      expect((await claimWithin(h.queue, 'w1', 5)).map((job) => job.kind)).toEqual(['RESUME']);
    });

    it('never runs more jobs of a project than its limit (its own, else the default)', async () => {
      await store.db.updateTable('project').set({ maxConcurrentJobs: 2 }).where('id', '=', 'A').execute();
      for (let i = 0; i < 4; i++) await add('A');
      for (let i = 0; i < 7; i++) await add('B');
      const claimed = [...(await claimWithin(h.queue, 'w1', 20))];
      while (claimed.length < 7) {
        const more = await claimWithin(h.queue, 'w1', 20, 1000);
        if (more.length === 0) break;
        claimed.push(...more);
      }
      expect(projectsOf(claimed).split('').sort().join('')).toBe('AABBBBB');
      expect(await claimWithin(h.queue, 'w1', 20, 500)).toEqual([]);
      await store.write((trx) => h.queue.complete(trx, claimed.find((job) => job.projectId === 'A')!.id));
      await h.pass(10);
      expect(projectsOf(await claimWithin(h.queue, 'w1', 20))).toBe('A');
    });

    it('serves a quiet project while a busy one waits at its limit', async () => {
      await store.db.updateTable('project').set({ maxConcurrentJobs: 2 }).where('id', '=', 'A').execute();
      for (let i = 0; i < 30; i++) await add('A');
      const quiet = await add('B');
      const claimed: ClaimedJob[] = [];
      const deadline = Date.now() + 5000;
      while (!claimed.some((job) => job.runId === quiet) && Date.now() < deadline) {
        claimed.push(...(await h.queue.claim('w1', 3)));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(claimed.map((job) => job.runId)).toContain(quiet);
      expect(claimed.filter((job) => job.projectId === 'A')).toHaveLength(2);
    });

    it('takes a released job again, from the given time', async () => {
      const runId = await add('A');
      const [job] = await claimWithin(h.queue, 'w1', 1);
      await h.queue.release(job!.id, timestampOf(h.now() + 400));
      expect(await h.queue.claim('w1', 1)).toEqual([]);
      await h.pass(400);
      expect(await claimWithin(h.queue, 'w1', 1)).toMatchObject([{ runId, attempts: 2 }]);
    });

    it('queues again a job whose lease ran out, not one whose lease was extended', async () => {
      const a = await add('A');
      const b = await add('B');
      const [first] = await claimWithin(h.queue, 'w1', 1);
      const [second] = await claimWithin(h.queue, 'w2', 1);
      expect([first?.runId, second?.runId]).toEqual([a, b]);
      // Time passes in fifths of a lease, w2 extending its lease at each as a running worker does,
      // until w1's lease runs out: one extension always lies less than a lease before the check
      // (on a real clock, however late a crowded machine makes each step).
      let requeued: string[] = [];
      for (let step = 0; requeued.length === 0 && step < 25; step++) {
        await h.pass(h.leaseMs * 0.2);
        await h.queue.extendLeases('w2', [second!.id]);
        requeued = await h.queue.requeueExpired();
      }
      expect(requeued).toEqual([a]);
      // w2 goes on extending while it runs (a queue may hand the job back only after a check).
      const again = await claimWithin(h.queue, 'w3', 5, 4 * h.leaseMs, () =>
        h.queue.extendLeases('w2', [second!.id]),
      );
      expect(again).toMatchObject([{ runId: a, attempts: 2 }]);
      expect(await h.queue.requeueExpired({ exceptWorkerId: 'w3', allOthers: true })).toEqual([b]);
    });

    it('discards the waiting jobs of runs, keeps the held ones, and says which are held', async () => {
      const held = await add('A');
      const waiting = await add('A');
      const delayed = await add('B', { availableAt: timestampOf(h.now() + 200) });
      expect(await claimWithin(h.queue, 'w1', 1)).toMatchObject([{ runId: held }]);
      const runs = [held, waiting, delayed];
      await store.write((trx) => h.queue.discardWaiting(trx, runs));
      expect(await store.write((trx) => h.queue.heldRuns(trx, runs))).toEqual(new Set([held]));
      expect((await jobRows()).map((row) => row.runId)).toEqual([held]);
      await h.pass(200);
      expect(await claimWithin(h.queue, 'w1', 5, 500)).toEqual([]);
    });
  });
}
