/**
 * A failed sub-flow run fails its waiting parent, whether the parent has already paused on the
 * call's waitpoint or pauses only after the child has ended (the marker it then finds), on a real
 * store (SQLite, or PostgreSQL with PIECEWORK_TEST_DB=POSTGRES) with the real job queue.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataStore } from '../../infrastructure/storage/data-store';
import { toJson } from '../../infrastructure/storage/json-column';
import { flowRunRow, insertFlow, insertProject } from '../../infrastructure/storage/test-database';
import { openTestStore, testDatabaseType } from '../../testing/test-store';
import { sql } from 'kysely';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import { SqlJobQueue } from '../sql-job-queue';
import { callbackRequestId, failParentOf, resumeOnEarlyChildFailure } from './subflow-parent';

const at = '2026-01-01T00:00:00.000Z';
const REQUEST = 'waitpointOfTheCall0001';
let store: DataStore;
let queue: SqlJobQueue;

beforeEach(async () => {
  store = await openTestStore();
  queue = new SqlJobQueue(store, { defaultConcurrentJobsLimit: 5, leaseMs: 30_000, timestamp: () => at });
  for (const project of ['A', 'B']) {
    await insertProject(store.db, project);
    await insertFlow(store.db, project);
  }
});
afterEach(async () => {
  await store.close();
});

function runRow(id: string, overrides: Partial<FlowRunRow> = {}): FlowRunRow {
  return flowRunRow({
    id,
    projectId: 'A',
    platformId: 'A-platform',
    flowId: 'flow-A',
    flowVersionId: 'v',
    status: 'RUNNING',
    created: at,
    ...overrides,
  });
}

async function insert(row: FlowRunRow): Promise<FlowRunRow> {
  await store.db.insertInto('flowRun').values(row).execute();
  return row;
}

/** A child of `parent` that ended `status`, called with "wait for response". */
function failedChild(parentId: string, status = 'FAILED', projectId = 'A'): Promise<FlowRunRow> {
  return insert(
    runRow(`child-of-${parentId}-${status}-${projectId}`, {
      projectId,
      flowId: `flow-${projectId}`,
      status,
      finishTime: at,
      parentRunId: parentId,
      failParentOnFailure: 1,
      triggerPayload: toJson({
        data: {},
        callbackUrl: `http://127.0.0.1:3000/api/v1/flow-runs/${parentId}/requests/${REQUEST}`,
      }),
    }),
  );
}

async function pausedOnCall(id: string): Promise<FlowRunRow> {
  const parent = await insert(
    runRow(id, { status: 'PAUSED', pause: toJson({ type: 'WEBHOOK', pausedPath: 'step_1' }) }),
  );
  await store.db
    .insertInto('waitpoint')
    .values({ id: REQUEST, runId: id, type: 'WEBHOOK', resumeAt: null, created: at })
    .onConflict((c) => c.column('id').doNothing())
    .execute();
  return parent;
}

async function state(runId: string) {
  const run = await store.db
    .selectFrom('flowRun')
    .select('status')
    .where('id', '=', runId)
    .executeTakeFirstOrThrow();
  const jobs = await store.db
    .selectFrom('job')
    .select(['kind', 'payload'])
    .where('runId', '=', runId)
    .execute();
  const waitpoints = await store.db
    .selectFrom('waitpoint')
    .select('type')
    .where('runId', '=', runId)
    .execute();
  return {
    status: run.status,
    jobs: jobs.map((job) => ({ kind: job.kind, payload: JSON.parse(job.payload ?? 'null') as unknown })),
    waitpoints: waitpoints.map((waitpoint) => waitpoint.type),
  };
}

/** Settles once `write` has ended or waits on a lock another transaction holds (PostgreSQL). */
async function blockedOrSettled(write: Promise<unknown>): Promise<void> {
  let settled = false;
  void write.finally(() => (settled = true)).catch(() => undefined);
  for (;;) {
    if (settled) return;
    const waiting = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_locks where not granted`.execute(store.db);
    if (waiting.rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const failureResume = (childId: string) => ({
  kind: 'RESUME',
  payload: {
    resumePayload: {
      body: { status: 'error', data: { message: 'Subflow execution failed', flowRunId: childId } },
      headers: {},
      queryParams: {},
    },
    waitpointId: REQUEST,
    pausedPath: 'step_1',
  },
});

describe('a failed sub-flow fails its waiting parent', () => {
  it.each([
    ['the callback of the parent', `http://x/api/v1/flow-runs/P/requests/${REQUEST}`, REQUEST],
    ['a sync callback', `http://x/api/v1/flow-runs/P/requests/${REQUEST}/sync?a=1`, REQUEST],
    ['a callback of another run', `http://x/api/v1/flow-runs/Q/requests/${REQUEST}`, undefined],
    ['no callback', undefined, undefined],
  ])('reads the waitpoint from %s', (_, callbackUrl, expected) => {
    expect(callbackRequestId(toJson({ data: {}, callbackUrl }), 'P')).toBe(expected);
  });

  it('resumes a parent already paused on the call with the failure', async () => {
    await pausedOnCall('P');
    const child = await failedChild('P');
    await store.write((trx) => failParentOf(trx, queue, child, at));
    expect(await state('P')).toEqual({ status: 'QUEUED', jobs: [failureResume(child.id)], waitpoints: [] });
  });

  it('leaves the failure for a parent that pauses later, which then resumes at once', async () => {
    await insert(runRow('P'));
    const child = await failedChild('P', 'TIMEOUT');
    await store.write((trx) => failParentOf(trx, queue, child, at));
    expect(await state('P')).toEqual({
      status: 'RUNNING',
      jobs: [],
      waitpoints: [`CHILD_FAILED:${child.id}`],
    });

    const paused = runRow('P', {
      status: 'PAUSED',
      pause: toJson({ type: 'WEBHOOK', pausedPath: 'step_1' }),
    });
    await store.db
      .updateTable('flowRun')
      .set({ status: 'PAUSED', pause: paused.pause })
      .where('id', '=', 'P')
      .execute();
    const written = await store.write(async (trx) => {
      await trx
        .insertInto('waitpoint')
        .values({ id: REQUEST, runId: 'P', type: 'WEBHOOK', resumeAt: null, created: at })
        .onConflict((c) => c.column('id').doNothing())
        .execute();
      return resumeOnEarlyChildFailure(trx, queue, paused, REQUEST, at);
    });
    expect(written?.status).toBe('QUEUED');
    expect(await state('P')).toEqual({ status: 'QUEUED', jobs: [failureResume(child.id)], waitpoints: [] });
  });

  // Two workers on PostgreSQL: the parent pauses in one transaction while the child's end, in
  // another, reads the parent. Whichever reads second must see the other's write.
  it.runIf(testDatabaseType() === 'POSTGRES')(
    "resumes a parent whose pause commits while the child's end is writing",
    async () => {
      await insert(runRow('P'));
      const child = await failedChild('P');
      const pause = toJson({ type: 'WEBHOOK', pausedPath: 'step_1' });
      const paused = runRow('P', { status: 'PAUSED', pause });
      let childEnd: Promise<void> | undefined;
      await store.db.transaction().execute(async (pauseTrx) => {
        await pauseTrx
          .updateTable('flowRun')
          .set({ status: 'PAUSED', pause })
          .where('id', '=', 'P')
          .execute();
        await pauseTrx
          .insertInto('waitpoint')
          .values({ id: REQUEST, runId: 'P', type: 'WEBHOOK', resumeAt: null, created: at })
          .execute();
        childEnd = store.db.transaction().execute((childTrx) => failParentOf(childTrx, queue, child, at));
        await blockedOrSettled(childEnd);
        await resumeOnEarlyChildFailure(pauseTrx, queue, paused, REQUEST, at);
      });
      await childEnd;
      expect(await state('P')).toEqual({ status: 'QUEUED', jobs: [failureResume(child.id)], waitpoints: [] });
    },
  );

  it.each([
    ['a child that succeeded', async () => failedChild('P', 'SUCCEEDED')],
    [
      'a child called without waiting',
      async () => insert({ ...(await failedChild('P')), id: 'nowait', failParentOnFailure: 0 }),
    ],
  ])('leaves the parent alone for %s', async (_, child) => {
    await pausedOnCall('P');
    const row = await child();
    await store.write((trx) => failParentOf(trx, queue, row, at));
    expect(await state('P')).toEqual({ status: 'PAUSED', jobs: [], waitpoints: ['WEBHOOK'] });
  });

  it('never touches a parent of another project', async () => {
    await pausedOnCall('P');
    const child = await failedChild('P', 'FAILED', 'B');
    await store.write((trx) => failParentOf(trx, queue, child, at));
    expect(await state('P')).toEqual({ status: 'PAUSED', jobs: [], waitpoints: ['WEBHOOK'] });
  });
});
