import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PopulatedFlow } from '@piecework/shared';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testsRunOnCluster } from '../testing/test-store';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { chain, code, newRun, publishedFlow, waitForRun } from '../testing/features/run-runtime-test-kit';

/**
 * A flow whose first step answers a random number: when step_2 reports the number saved for
 * step_1, step_1 was not executed again.
 */
const randomThenEcho = (busyMs = 0) =>
  chain([
    code('step_1', 'return Math.random();'),
    code(
      'step_2',
      `const end = Date.now() + ${String(busyMs)}; while (Date.now() < end) {} return inputs.first;`,
      {
        first: "{{step_1['output']}}",
      },
    ),
    code('step_3', 'return "done";'),
  ]);

let dataDir: string;
let servers: TestServer[] = [];
const start = async (options: Parameters<typeof startTestServer>[1] = {}) => {
  const server = await startTestServer({}, { dataDir, ...options });
  servers.push(server);
  return server;
};

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'piecework-recovery-'));
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Puts run `runId` as a dead worker left it: RUNNING, step_1 recorded, its job RUNNING under a lease. */
async function leaveRunning(
  server: TestServer,
  flow: PopulatedFlow,
  user: TestUser,
  lockedUntil: string,
  attempts = 1,
) {
  const { context } = server.server;
  const now = new Date().toISOString();
  const runId = `recovered${String(Date.now()).slice(-12)}`;
  await context.store.write(async (trx) => {
    await trx
      .insertInto('flowRun')
      .values({
        id: runId,
        projectId: flow.projectId,
        platformId: user.platformId,
        flowId: flow.id,
        flowVersionId: flow.publishedVersionId!,
        flowDisplayName: 'Recovered',
        environment: 'PRODUCTION',
        status: 'RUNNING',
        triggeredBy: null,
        parentRunId: null,
        tags: null,
        stepNameToTest: null,
        triggerPayload: JSON.stringify({ body: {} }),
        failedStep: null,
        pause: null,
        response: null,
        logsFileId: null,
        internalError: null,
        startTime: now,
        finishTime: null,
        archivedAt: null,
        created: now,
        updated: now,
      })
      .execute();
    await trx
      .insertInto('flowRunStep')
      .values([
        {
          runId,
          path: 'trigger',
          stepName: 'trigger',
          position: 0,
          record: JSON.stringify({ type: 'PIECE_TRIGGER', status: 'SUCCEEDED', input: {}, duration: 0 }),
          created: now,
        },
        {
          runId,
          path: 'step_1',
          stepName: 'step_1',
          position: 1,
          record: JSON.stringify({
            type: 'CODE',
            status: 'SUCCEEDED',
            input: {},
            output: 'saved',
            duration: 1,
          }),
          created: now,
        },
      ])
      .execute();
    await trx
      .insertInto('job')
      .values({
        id: `job-${runId}`,
        runId,
        projectId: flow.projectId,
        kind: 'EXECUTE',
        payload: null,
        status: 'RUNNING',
        availableAt: now,
        lockedBy: 'a-dead-process',
        lockedUntil,
        attempts,
        created: now,
        updated: now,
      })
      .execute();
  });
  return runId;
}

describe('crash safety', () => {
  // Only a sole worker takes up every RUNNING job at start; a cluster's workers wait for the lease
  // to run out (the sweeper test below), as another worker may still be running it.
  it.skipIf(testsRunOnCluster())(
    'at start, takes up a run left RUNNING by the previous process; finished steps are not executed again',
    async () => {
      const first = await start();
      const user = await signUpTestUser(first);
      const flow = await publishedFlow(first, user, randomThenEcho());
      const runId = await leaveRunning(first, flow, user, new Date(Date.now() + 60_000).toISOString());
      await first.close();
      servers = [];

      const second = await start();
      const done = await waitForRun(second, runId);
      expect(done.status).toBe('SUCCEEDED');
      expect(Object.keys(done.steps!)).toEqual(['trigger', 'step_1', 'step_2', 'step_3']);
      expect(done.steps!['step_1']!.output).toBe('saved');
      expect(done.steps!['step_2']!.output).toBe('saved');
      expect(done.steps!['trigger']!.output).toEqual({ body: {} });
      const paths = await second.server.context.store.db
        .selectFrom('flowRunStep')
        .select(['path', 'position'])
        .where('runId', '=', runId)
        .orderBy('position')
        .execute();
      expect(paths).toEqual([
        { path: 'trigger', position: 0 },
        { path: 'step_1', position: 1 },
        { path: 'step_2', position: 2 },
        { path: 'step_3', position: 3 },
      ]);
    },
  );

  it('the sweeper queues again a job whose worker vanished (lease ran out)', async () => {
    const server = await start({ runs: { sweepMs: 100 } });
    const user = await signUpTestUser(server);
    const flow = await publishedFlow(server, user, randomThenEcho());
    const runId = await leaveRunning(server, flow, user, new Date(Date.now() - 1_000).toISOString());
    const done = await waitForRun(server, runId);
    expect(done).toMatchObject({ status: 'SUCCEEDED', steps: { step_2: { output: 'saved' } } });
  });

  it('a run taken up too many times (it kills its process) ends INTERNAL_ERROR, its records kept', async () => {
    const server = await start({ runs: { sweepMs: 100 } });
    const user = await signUpTestUser(server);
    const flow = await publishedFlow(server, user, randomThenEcho());
    const runId = await leaveRunning(server, flow, user, new Date(Date.now() - 1_000).toISOString(), 5);
    const done = await waitForRun(server, runId);
    expect(done.status).toBe('INTERNAL_ERROR');
    expect(Object.keys(done.steps!)).toEqual(['trigger', 'step_1']);
    const row = await server.server.context.store.db
      .selectFrom('flowRun')
      .select('internalError')
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();
    expect(row.internalError).toContain('taken up 5 times without finishing');
  });

  it('a stop cuts a long run short after the grace period; the next start finishes it from its saved steps', async () => {
    const first = await start({ runs: { stopGraceMs: 100 } });
    const user = await signUpTestUser(first);
    const flow = await publishedFlow(first, user, randomThenEcho(1_500));
    const { run } = await first.server.context.runs.createRun(newRun(flow, user));
    const deadline = Date.now() + 10_000;
    let saved: number | undefined;
    while (saved === undefined && Date.now() < deadline) {
      const current = await first.server.context.runs.getRun(run.id);
      saved = current?.steps?.['step_1']?.output as number | undefined;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(typeof saved).toBe('number');
    await first.close();
    servers = [];

    const second = await start();
    const done = await waitForRun(second, run.id);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.steps!['step_1']!.output).toBe(saved);
    expect(done.steps!['step_2']!.output).toBe(saved);
  });
});
