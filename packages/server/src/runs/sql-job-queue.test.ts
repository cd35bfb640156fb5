import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataStore } from '../storage/data-store';
import { flowRunRow, insertFlow, insertProject } from '../storage/test-database';
import { openTestStore } from '../testing/test-store';
import type { JobKind } from './job-queue';
import { SqlJobQueue } from './sql-job-queue';
import { timestampOf } from '../storage/timestamp';

const at = '2026-01-01T00:00:00.000Z';
let store: DataStore;
let clock: number;
let queue: SqlJobQueue;
let tick = 0;

beforeEach(async () => {
  store = await openTestStore();
  clock = Date.parse('2026-03-01T00:00:00.000Z');
  const timestamp = () => timestampOf(Date.parse(at) + tick++);
  queue = new SqlJobQueue(store, {
    defaultConcurrentJobsLimit: 5,
    leaseMs: 30_000,
    timestamp,
    wallClock: () => clock,
  });
  for (const project of ['A', 'B', 'C']) {
    await insertProject(store.db, project);
    await insertFlow(store.db, project);
  }
});
afterEach(async () => {
  await store.close();
});

/** Adds a run of `projectId` and its job; answers the run id (`A1`, `A2`... in order of calls). */
const counters: Record<string, number> = {};
async function addJob(
  projectId: string,
  options: { availableAt?: string; kind?: JobKind } = {},
): Promise<string> {
  counters[projectId] = (counters[projectId] ?? 0) + 1;
  const runId = `${projectId}${String(counters[projectId])}-${String(tick)}`;
  await store.write(async (trx) => {
    await trx
      .insertInto('flowRun')
      .values(
        flowRunRow({
          id: runId,
          projectId,
          platformId: `${projectId}-platform`,
          flowId: `flow-${projectId}`,
          flowVersionId: 'v',
          status: 'QUEUED',
          created: at,
        }),
      )
      .execute();
    await queue.enqueue(trx, {
      runId,
      projectId,
      kind: options.kind ?? 'EXECUTE',
      availableAt: options.availableAt,
    });
  });
  clock += 1;
  return runId;
}

const projectsOf = (jobs: { projectId: string }[]) => jobs.map((job) => job.projectId).join('');

describe('SqlJobQueue', () => {
  it('deals jobs round-robin over projects ordered by their oldest job', async () => {
    for (let i = 0; i < 6; i++) await addJob('A');
    await addJob('B');
    await addJob('C');
    await addJob('B');
    const claimed = await queue.claim('w1', 6);
    expect(projectsOf(claimed)).toBe('ABCABA');
    expect(claimed.every((job) => job.attempts === 1 && job.kind === 'EXECUTE')).toBe(true);
    const rows = await store.db
      .selectFrom('job')
      .select(['status', 'lockedBy', 'lockedUntil'])
      .where('status', '=', 'RUNNING')
      .execute();
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({
      status: 'RUNNING',
      lockedBy: 'w1',
      lockedUntil: timestampOf(clock + 30_000),
    });
  });

  it('never runs more jobs of a project than its limit (its own, else the default)', async () => {
    await store.db.updateTable('project').set({ maxConcurrentJobs: 2 }).where('id', '=', 'A').execute();
    for (let i = 0; i < 4; i++) await addJob('A');
    for (let i = 0; i < 7; i++) await addJob('B');
    expect(projectsOf(await queue.claim('w1', 20))).toBe('ABABBBB');
    expect(await queue.claim('w1', 20)).toEqual([]);
    const [running] = await store.db
      .selectFrom('job')
      .select('id')
      .where('projectId', '=', 'A')
      .where('status', '=', 'RUNNING')
      .execute();
    await store.write((trx) => queue.complete(trx, running!.id));
    expect(projectsOf(await queue.claim('w1', 20))).toBe('A');
  });

  it('does not hand out a job before its availableAt', async () => {
    await addJob('A', { availableAt: timestampOf(clock + 60_000), kind: 'RESUME' });
    expect(await queue.claim('w1', 5)).toEqual([]);
    clock += 60_000;
    expect((await queue.claim('w1', 5)).map((job) => job.kind)).toEqual(['RESUME']);
  });

  it('queues again jobs whose lease ran out, or all jobs of other workers at start', async () => {
    const a = await addJob('A');
    const b = await addJob('B');
    await queue.claim('w1', 1);
    await queue.claim('w2', 1);
    clock += 20_000;
    await queue.extendLeases(
      'w2',
      (await store.db.selectFrom('job').select('id').where('runId', '=', b).execute()).map((r) => r.id),
    );
    clock += 15_000;
    expect(await queue.requeueExpired()).toEqual([a]);
    const again = await queue.claim('w3', 5);
    expect(again).toMatchObject([{ runId: a, attempts: 2 }]);
    expect((await queue.requeueExpired({ exceptWorkerId: 'w3', allOthers: true })).sort()).toEqual([b]);
  });

  it('release gives a job back, claimable from the given time', async () => {
    const runId = await addJob('A');
    const [job] = await queue.claim('w1', 1);
    await queue.release(job!.id, timestampOf(clock + 1_000));
    expect(await queue.claim('w1', 1)).toEqual([]);
    clock += 1_000;
    expect(await queue.claim('w1', 1)).toMatchObject([{ runId, attempts: 2 }]);
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
    clock += 60_000; // its lease runs out
    expect(await queue.requeueExpired()).toEqual([runId]);
    expect(queue.mayHaveAvailable()).toBe(true);
  });

  it('still looks after a job that is not available yet was added (a delay), and finds it in time', async () => {
    await addJob('A', { availableAt: timestampOf(clock + 1_000), kind: 'RESUME' });
    expect(queue.mayHaveAvailable()).toBe(true);
    expect(await queue.claim('w1', 5)).toEqual([]);
    // Not available now; the dispatcher's poll (which looks whatever this says) finds it later.
    expect(queue.mayHaveAvailable()).toBe(false);
    clock += 1_000;
    expect((await queue.claim('w1', 5)).map((job) => job.kind)).toEqual(['RESUME']);
  });
});
