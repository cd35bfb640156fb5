import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataStore } from '../infrastructure/storage/data-store';
import { timestampOf } from '../infrastructure/storage/timestamp';
import { BullJobQueue, type BullJobQueueOptions } from './bull-job-queue';
import { describeJobQueueContract } from './job-queue-contract';
import type { ClaimedJob } from './job-queue';
import { addQueuedRun, claimWithin, openQueueTestStore } from '../testing/features/job-queue-test-kit';

const connection = { host: '127.0.0.1', port: 6379, maxRetriesPerRequest: null };
/** Every key of this file's queues starts with it; all are deleted after the file. */
const prefix = `piecework-test-${randomUUID().slice(0, 8)}`;
const leaseMs = 1000;
const silent = pino({ level: 'silent' });
let queueCount = 0;
let tick = 0;

/** A queue on its own BullMQ queue name (tests never see each other's jobs) and the real clock. */
function openBullQueue(store: DataStore, options: Partial<BullJobQueueOptions> = {}): BullJobQueue {
  queueCount += 1;
  return new BullJobQueue(store, {
    defaultConcurrentJobsLimit: 5,
    leaseMs,
    timestamp: () => timestampOf(Date.parse('2026-01-01T00:00:00.000Z') + tick++),
    connection,
    prefix,
    queueName: `runs-${String(queueCount)}`,
    busyProjectBackoffMs: 100,
    reconcileEveryMs: 0,
    logger: silent,
    ...options,
  });
}

/** Deletes the Redis keys starting with `keyPrefix`. */
async function deleteKeys(keyPrefix: string): Promise<number> {
  const queue = new Queue('cleanup', { connection, prefix });
  const client = await queue.client;
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await client.scan(cursor, { MATCH: `${keyPrefix}*`, COUNT: 500 });
    cursor = next;
    if (keys.length > 0) deleted += await client.del(...keys);
  } while (cursor !== '0');
  await queue.close();
  return deleted;
}

afterAll(async () => {
  await deleteKeys(`${prefix}:`);
});

describeJobQueueContract('BullJobQueue', async (store) => {
  const queue = openBullQueue(store);
  return {
    queue,
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => Date.now(),
    leaseMs,
    close: () => queue.close(),
  };
});

describe('BullJobQueue (Redis only)', () => {
  let store: DataStore;
  let removeStore: () => Promise<void>;
  const opened: BullJobQueue[] = [];
  const open = (options?: Partial<BullJobQueueOptions>) => {
    const queue = openBullQueue(store, options);
    opened.push(queue);
    return queue;
  };

  beforeEach(async () => {
    ({ store, remove: removeStore } = await openQueueTestStore());
  });
  afterEach(async () => {
    for (const queue of opened.splice(0)) await queue.close();
    await removeStore();
  });

  it('adds again every QUEUED job after Redis lost them, and none twice', async () => {
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
    const queue = open({ reconcileMinAgeMs: 0, logger });
    const runIds = [];
    for (const project of ['A', 'A', 'B', 'C', 'C']) runIds.push(await addQueuedRun(store, queue, project));
    const name = `runs-${String(queueCount)}`;
    const inRedis = new Queue(name, { connection, prefix });
    await expect.poll(() => inRedis.count()).toBe(5);
    expect(await deleteKeys(`${prefix}:${name}:`)).toBeGreaterThan(0);
    expect(await inRedis.count()).toBe(0);
    await inRedis.close();
    expect(await claimWithin(queue, 'w1', 5, 300)).toEqual([]);

    expect(await queue.reconcile()).toBe(5);
    expect(JSON.parse(warnings[0]!)).toMatchObject({
      count: 5,
      msg: 'Queued jobs missing from Redis were added again',
    });
    expect(await queue.reconcile()).toBe(0);
    const claimed = [];
    for (let i = 0; i < 5 && claimed.length < 5; i++) claimed.push(...(await claimWithin(queue, 'w1', 5)));
    expect(claimed.map((job) => job.runId).sort()).toEqual(runIds.sort());
  });

  it('lets two workers on one store never claim the same job and hold a project limit together', async () => {
    await store.db.updateTable('project').set({ maxConcurrentJobs: 2 }).where('id', '=', 'A').execute();
    // Leases outlast the test: on a crowded machine the claiming below can take longer than the
    // file's 1 s lease, and a job whose lease ran out is rightly claimed again.
    const first = open({ leaseMs: 120_000 });
    const second = open({ queueName: `runs-${String(queueCount)}`, leaseMs: 120_000 });
    for (let i = 0; i < 6; i++) await addQueuedRun(store, first, 'A');
    for (let i = 0; i < 3; i++) await addQueuedRun(store, second, 'B');
    const claimed: ClaimedJob[] = [];
    const claimBoth = async () => {
      const [one, two] = await Promise.all([first.claim('w1', 2), second.claim('w2', 2)]);
      claimed.push(...one, ...two);
    };
    // Both claim until every job the limits allow came (however long a crowded machine takes),
    // then on for as long again, and at least 1.5 s: a job past A's limit would come by then.
    const startedAt = Date.now();
    await expect
      .poll(async () => {
        await claimBoth();
        return claimed.length;
      })
      .toBeGreaterThanOrEqual(5);
    const until = Date.now() + Math.max(1500, Date.now() - startedAt);
    while (Date.now() < until) await claimBoth();
    expect(new Set(claimed.map((job) => job.id)).size).toBe(claimed.length);
    expect(claimed.filter((job) => job.projectId === 'A')).toHaveLength(2);
    expect(claimed.filter((job) => job.projectId === 'B')).toHaveLength(3);
  });

  it('gives the job of a worker that stopped to another one after its lease, exactly once', async () => {
    const gone = open();
    const other = open({ queueName: `runs-${String(queueCount)}` });
    const runId = await addQueuedRun(store, gone, 'A');
    expect(await claimWithin(gone, 'w1', 1)).toMatchObject([{ runId, attempts: 1 }]);
    await gone.close(); // no completion, no lease extension: as if its process died
    opened.splice(opened.indexOf(gone), 1);
    expect(await other.claim('w2', 5)).toEqual([]);

    const startedAt = Date.now();
    expect(await claimWithin(other, 'w2', 5, 6000)).toMatchObject([{ runId, attempts: 2 }]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(leaseMs * 0.9);
    expect(await claimWithin(other, 'w2', 5, 1500)).toEqual([]);
  });

  it('wakes a waiting worker when another process adds a job, and when a delayed job comes due', async () => {
    const adder = open();
    const waiter = open({ queueName: `runs-${String(queueCount)}` });
    const wakes: number[] = [];
    const stop = waiter.onAvailable(() => wakes.push(Date.now()));
    await new Promise((resolve) => setTimeout(resolve, 200)); // waiting on the marker
    const first = await addQueuedRun(store, adder, 'A');
    await expect.poll(() => wakes.length).toBeGreaterThan(0);
    // The woken worker claims (as its claim loop does), which makes it wait again.
    expect(await waiter.claim('w1', 5)).toMatchObject([{ runId: first }]);
    const before = wakes.length;
    const dueAt = Date.now() + 400;
    const delayed = await addQueuedRun(store, adder, 'A', { availableAt: timestampOf(dueAt) });
    await expect.poll(() => wakes.filter((at) => at >= dueAt).length).toBeGreaterThan(0);
    expect(wakes.length).toBeGreaterThan(before);
    expect(await waiter.claim('w1', 5)).toMatchObject([{ runId: delayed }]);
    stop();
  });

  it('wakes one of two idle workers per new job, and the job runs once', async () => {
    const adder = open();
    const queueName = `runs-${String(queueCount)}`;
    const workers = [open({ queueName }), open({ queueName })];
    const wakes = [0, 0];
    const stops = workers.map((worker, index) =>
      worker.onAvailable(() => (wakes[index] = (wakes[index] ?? 0) + 1)),
    );
    await new Promise((resolve) => setTimeout(resolve, 200)); // both wait on the marker
    const runId = await addQueuedRun(store, adder, 'A');
    await expect.poll(() => wakes[0]! + wakes[1]!).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(wakes[0]! + wakes[1]!).toBe(1);
    const claimed = (await Promise.all(workers.map((worker) => worker.claim('w', 5)))).flat();
    expect(claimed).toMatchObject([{ runId, attempts: 1 }]);
    for (const stop of stops) stop();
  });
});
