import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { testDatabaseType } from '../../testing/test-store';
import {
  buildFlow,
  callWebhook,
  code,
  jsonBody,
  waitForApproval,
  waitForStatus,
} from '../../testing/features/webhook-run-test-kit';
import { addAfter } from '../../testing/features/webhook-run-test-kit';
import {
  ageRuns,
  insertBulkRuns,
  rowsOfRuns,
  type RunOwner,
} from '../../testing/features/retention-test-kit';
import { checkpointLog } from '../../infrastructure/storage/sqlite-vacuum';
import { openStore } from '../../infrastructure/storage/open-store';
import { sweepExpiredRuns } from './sweep-expired-runs';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Past AP_EXECUTION_DATA_RETENTION_DAYS (30 days by default). */
const expired = () => new Date(Date.now() - 40 * DAY_MS).toISOString();
/** Within it. */
const recent = () => new Date(Date.now() - 10 * DAY_MS).toISOString();

let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpTestUser(server);
});
afterAll(() => server.close());

const store = () => server.server.context.store;

/** A published webhook flow of the owner's project whose runs write `outputChars` of step output. */
async function flowWithOutput(outputChars: number): Promise<RunOwner> {
  const { flowId, versionId } = await buildFlow(server, owner.token, owner.projectId!, [
    addAfter(code('step_1', `return { big: 'y'.repeat(${String(outputChars)}) };`), 'trigger'),
  ]);
  return { projectId: owner.projectId!, platformId: owner.platformId, flowId, flowVersionId: versionId };
}

/** Calls the flow's webhook and answers the id of the run it queued. */
async function fireWebhook(flowId: string, body: unknown = { n: 1 }): Promise<string> {
  const answer = await callWebhook(server, flowId, '', jsonBody(body));
  expect(answer.status).toBe(200);
  const runId = answer.headers.get('x-webhook-id');
  expect(runId).toEqual(expect.any(String));
  return runId!;
}

describe('the retention sweep', () => {
  it('deletes finished runs older than the setting in batches with every row of theirs, and keeps the rest', async () => {
    // Outputs over the 32 kB slice threshold are stored as run files: they must go with the run.
    const flow = await flowWithOutput(40_000);
    const realRuns: string[] = [];
    for (let i = 0; i < 3; i += 1) realRuns.push(await fireWebhook(flow.flowId));
    for (const runId of realRuns) await waitForStatus(server, owner.token, runId, 'SUCCEEDED');
    const keptReal = await fireWebhook(flow.flowId);
    await waitForStatus(server, owner.token, keptReal, 'SUCCEEDED');
    expect((await rowsOfRuns(store(), realRuns)).file).toBe(3);

    const approval = await buildFlow(server, owner.token, owner.projectId!, [
      addAfter(waitForApproval('approve'), 'trigger'),
    ]);
    const paused = await fireWebhook(approval.flowId);
    await waitForStatus(server, owner.token, paused, 'PAUSED');
    await ageRuns(store(), [...realRuns, paused], expired());

    const oldBulk = await insertBulkRuns(store(), flow, 450, { created: expired() });
    const oldUnfinished = [
      ...(await insertBulkRuns(store(), flow, 3, { created: expired(), status: 'RUNNING' })),
      ...(await insertBulkRuns(store(), flow, 3, { created: expired(), status: 'QUEUED' })),
    ];
    const newBulk = await insertBulkRuns(store(), flow, 20, { created: recent() });

    const result = await sweepExpiredRuns(server.server.context, { batchSize: 100 });

    expect(result).toMatchObject({ runsDeleted: 453, batches: 5, skipped: false });
    expect(await rowsOfRuns(store(), [...realRuns, ...oldBulk])).toEqual({
      flowRun: 0,
      flowRunStep: 0,
      job: 0,
      waitpoint: 0,
      agentRun: 0,
      file: 0,
    });
    const kept = await rowsOfRuns(store(), [...newBulk, ...oldUnfinished]);
    expect(kept).toMatchObject({ flowRun: 26, flowRunStep: 26 * 2, job: 26, file: 26 });
    expect(await rowsOfRuns(store(), [keptReal])).toMatchObject({ flowRun: 1, file: 1 });
    const pausedRows = await rowsOfRuns(store(), [paused]);
    expect(pausedRows).toMatchObject({ flowRun: 1, waitpoint: 1 });
    expect(await sweepExpiredRuns(server.server.context)).toMatchObject({ runsDeleted: 0, batches: 1 });
  });

  it('keeps answering webhooks while it deletes, and their runs are kept', async () => {
    const flow = await flowWithOutput(10);
    const old = await insertBulkRuns(store(), flow, 3000, { created: expired(), perWrite: 500 });
    let sweeping = true;
    const answered: { runId: string; duringSweep: boolean }[] = [];
    const wave = () =>
      Promise.all(
        Array.from({ length: 5 }, async () => {
          const runId = await fireWebhook(flow.flowId);
          answered.push({ runId, duringSweep: sweeping });
        }),
      );
    const firstWave = wave();
    const sweep = sweepExpiredRuns(server.server.context, { batchSize: 50 }).finally(() => {
      sweeping = false;
    });
    await firstWave;
    while (sweeping) await wave();
    const result = await sweep;

    expect(result.runsDeleted).toBe(3000);
    expect(result.batches).toBeGreaterThan(50);
    expect(answered.filter((call) => call.duringSweep).length).toBeGreaterThan(0);
    for (const { runId } of answered) await waitForStatus(server, owner.token, runId, 'SUCCEEDED');
    expect(
      (
        await rowsOfRuns(
          store(),
          answered.map((call) => call.runId),
        )
      ).flowRun,
    ).toBe(answered.length);
    expect((await rowsOfRuns(store(), old)).flowRun).toBe(0);
  });

  it.skipIf(testDatabaseType() !== 'SQLITE')('gives the freed space of the SQLite file back', async () => {
    const flow = await flowWithOutput(10);
    await insertBulkRuns(store(), flow, 2000, { created: expired(), payloadChars: 8000 });
    await insertBulkRuns(store(), flow, 20, { created: recent(), payloadChars: 8000 });
    await checkpointLog(store().db);
    const file = server.server.context.settings.databaseFile;
    const before = statSync(file).size;

    const result = await sweepExpiredRuns(server.server.context);

    expect(result.runsDeleted).toBe(2000);
    expect(result.pagesFreed).toBeGreaterThan(0);
    const after = statSync(file).size;
    // 2000 runs of ~40 kB went, 20 stayed: the file must lose most of its size.
    expect(after / before).toBeLessThan(0.5);
  });

  it.skipIf(testDatabaseType() !== 'POSTGRES')(
    'deletes each run once when two processes sweep the same database at once',
    async () => {
      const flow = await flowWithOutput(10);
      const old = await insertBulkRuns(store(), flow, 1000, { created: expired(), perWrite: 500 });
      const { settings, now } = server.server.context;
      // A second process's store: its own pool of connections on the same database.
      const other = await openStore(settings);
      try {
        const results = await Promise.all([
          sweepExpiredRuns(server.server.context, { batchSize: 50 }),
          sweepExpiredRuns({ store: other, now, settings }, { batchSize: 50 }),
        ]);
        expect(results[0].runsDeleted + results[1].runsDeleted).toBe(1000);
        expect(await rowsOfRuns(store(), old)).toMatchObject({ flowRun: 0, flowRunStep: 0, job: 0, file: 0 });
      } finally {
        await other.close();
      }
    },
  );
});
