/**
 * Builders for job queue tests: a store with projects A, B and C, runs with their jobs, and a
 * claim that waits a little for jobs delivered asynchronously.
 */
import type { DataStore } from '../../infrastructure/storage/data-store';
import { flowRunRow, insertFlow, insertProject } from '../../infrastructure/storage/test-database';
import { openTestStore } from '../test-store';
import type { ClaimedJob, JobKind } from '../../execution/job-queue';
import type { RunQueue } from '../../execution/run-queue';

/** A fresh store of the test run's engine with projects A, B and C (each with a flow). */
export async function openQueueTestStore(): Promise<{ store: DataStore; remove: () => Promise<void> }> {
  const store = await openTestStore();
  for (const project of ['A', 'B', 'C']) {
    await insertProject(store.db, project);
    await insertFlow(store.db, project);
  }
  return {
    store,
    remove: () => store.close(),
  };
}

let runCount = 0;

/**
 * Adds a QUEUED run of `projectId` and its job in one write (as the run machinery does) and
 * answers the run id, which starts with the project id.
 */
export async function addQueuedRun(
  store: DataStore,
  queue: RunQueue,
  projectId: string,
  options: { availableAt?: string; kind?: JobKind } = {},
): Promise<string> {
  runCount += 1;
  const runId = `${projectId}-${String(runCount)}`;
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
          created: '2026-01-01T00:00:00.000000Z',
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
  return runId;
}

/**
 * Claims until some job comes or `withinMs` passed (a queue may deliver asynchronously); answers
 * what came. `meanwhile` runs between tries (e.g. extending the leases other workers hold). The
 * default wait is expect.poll's in this suite (10 s): a job that should come returns at once, a
 * crowded machine only makes it later. Checks that no job comes pass a short `withinMs`.
 */
export async function claimWithin(
  queue: RunQueue,
  workerId: string,
  max: number,
  withinMs = 10_000,
  meanwhile?: () => Promise<void>,
): Promise<ClaimedJob[]> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const jobs = await queue.claim(workerId, max);
    if (jobs.length > 0 || Date.now() >= deadline) return jobs;
    await meanwhile?.();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The project ids of `jobs`, in order, as one string (`ABA`). */
export const projectsOf = (jobs: readonly { projectId: string }[]): string =>
  jobs.map((job) => job.projectId).join('');
