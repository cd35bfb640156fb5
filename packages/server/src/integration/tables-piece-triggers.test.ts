/**
 * The tables piece's triggers run by a real server: publishing a flow with `newRecord`,
 * `updatedRecord` or `deletedRecord` registers a table webhook, and each matching record event
 * (from REST or from another flow's step) starts one run whose trigger output is the record;
 * disabling the flow removes its webhook and stops the runs. The webhook routes refuse a flow of
 * another project; a webhook URL outside the server gets the record through the SSRF filter.
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../testing/call-api';
import { addAction, code, flowsApi } from '../testing/features/flow-test-kit';
import {
  buildFlow,
  callWebhook,
  chainOf,
  jsonBody,
  runRowsOf,
  waitForRun,
} from '../testing/features/webhook-run-test-kit';
import {
  publishedFlow,
  tablesApi,
  tablesStep,
  tablesTrigger,
} from '../testing/features/tables-piece-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' }, { runs: { workerThreads: 1 } });
  user = await signUpTestUser(server);
}, 60_000);
afterAll(() => server.close(), 60_000);

/** Waits until flow `flowId` has `count` runs, all finished; answers them oldest first. */
async function finishedRuns(flowId: string, count: number) {
  await expect.poll(async () => (await runRowsOf(server, flowId)).length, { timeout: 30_000 }).toBe(count);
  const rows = await runRowsOf(server, flowId);
  return Promise.all(rows.map((row) => waitForRun(server, user.token, row.id)));
}

/** The record ids the runs' triggers output, in run order. */
const triggeredIds = (runs: Awaited<ReturnType<typeof finishedRuns>>) =>
  runs.map((run) => (run.steps?.['trigger']?.output as { id: string }).id);

const webhooksOfFlow = (flowId: string) =>
  server.server.context.store.db
    .selectFrom('tableWebhook')
    .selectAll()
    .where('flowId', '=', flowId)
    .execute();

describe('newRecord', () => {
  it('runs once per record created by REST or by another flow, and stops when disabled', async () => {
    const tables = tablesApi(server, user.token);
    const table = await tables.createPeopleTable(user.projectId!);
    const flowId = await publishedFlow(
      server,
      user.token,
      user.projectId!,
      tablesTrigger('newRecord', table.externalId),
      addAction(
        code('step_1', 'return { name: inputs.name };', {
          name: `{{trigger['output'].cells['${table.nameField}'].value}}`,
        }),
      ),
    );
    expect(await webhooksOfFlow(flowId)).toMatchObject([{ tableId: table.id, events: '["RECORD_CREATED"]' }]);

    const [ada] = await tables.createRecords(table.id, [[{ fieldId: table.nameField, value: 'Ada' }]]);
    const pair = await tables.createRecords(table.id, [
      [{ fieldId: table.nameField, value: 'Bob' }],
      [{ fieldId: table.nameField, value: 'Cy' }],
    ]);
    const writer = await buildFlow(
      server,
      user.token,
      user.projectId!,
      chainOf(
        tablesStep('step_1', 'tables-create-records', {
          table_id: table.externalId,
          values: { values: [{ name: 'Dee', age: 3 }] },
        }),
      ),
    );
    const written = await callWebhook(server, writer.flowId, '', jsonBody({}));
    expect(written.status).toBe(200);
    const writerRun = await waitForRun(server, user.token, written.headers.get('x-webhook-id')!);
    expect(writerRun.status).toBe('SUCCEEDED');

    const runs = await finishedRuns(flowId, 4);
    expect(runs.map((run) => run.status)).toEqual(['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED']);
    expect(runs.map((run) => (run.steps?.['step_1']?.output as { name: string }).name)).toEqual([
      'Ada',
      'Bob',
      'Cy',
      'Dee',
    ]);
    expect(triggeredIds(runs).slice(0, 3)).toEqual([ada!.id, pair[0]!.id, pair[1]!.id]);
    expect(runs[0]!.steps?.['trigger']?.output).toEqual({
      id: ada!.id,
      created: expect.any(String),
      updated: expect.any(String),
      cells: {
        [table.nameField]: {
          fieldName: 'Name',
          value: 'Ada',
          created: expect.any(String),
          updated: expect.any(String),
        },
      },
    });

    const api = flowsApi(server, user.token);
    await api.apply(flowId, { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } });
    expect(await webhooksOfFlow(flowId)).toEqual([]);
    await tables.createRecords(table.id, [[{ fieldId: table.nameField, value: 'Late' }]]);
    // The record events of the write above are delivered after it answered: wait for a run of a
    // flow still enabled on the same table, created after it, before counting.
    const probe = await publishedFlow(
      server,
      user.token,
      user.projectId!,
      tablesTrigger('newRecord', table.externalId),
    );
    await tables.createRecords(table.id, [[{ fieldId: table.nameField, value: 'Probe' }]]);
    await finishedRuns(probe, 1);
    expect(await runRowsOf(server, flowId)).toHaveLength(4);
  }, 60_000);
});

describe('updatedRecord and deletedRecord', () => {
  it('run once per record updated, and once per record deleted with the record as it was', async () => {
    const tables = tablesApi(server, user.token);
    const table = await tables.createPeopleTable(user.projectId!);
    const [ada, bob] = await tables.createRecords(table.id, [
      [{ fieldId: table.nameField, value: 'Ada' }],
      [{ fieldId: table.nameField, value: 'Bob' }],
    ]);
    const updated = await publishedFlow(
      server,
      user.token,
      user.projectId!,
      tablesTrigger('updatedRecord', table.externalId),
    );
    const deleted = await publishedFlow(
      server,
      user.token,
      user.projectId!,
      tablesTrigger('deletedRecord', table.externalId),
    );

    await tables.updateRecord(table.id, ada!.id, [{ fieldId: table.ageField, value: 36 }]);
    const [update] = await finishedRuns(updated, 1);
    expect(update!.steps?.['trigger']?.output).toMatchObject({
      id: ada!.id,
      cells: { [table.nameField]: { value: 'Ada' }, [table.ageField]: { value: '36' } },
    });

    await tables.deleteRecords(table.id, [ada!.id, bob!.id]);
    const removals = await finishedRuns(deleted, 2);
    expect(triggeredIds(removals).sort()).toEqual([ada!.id, bob!.id].sort());
    expect(
      removals.find((run) => triggeredIds([run])[0] === ada!.id)!.steps?.['trigger']?.output,
    ).toMatchObject({
      cells: { [table.ageField]: { value: '36' } },
    });
    // Neither flow ran for the other's events.
    expect(await runRowsOf(server, updated)).toHaveLength(1);
  }, 60_000);

  it('gives the most recent records as sample data when the trigger is tested', async () => {
    const tables = tablesApi(server, user.token);
    const table = await tables.createPeopleTable(user.projectId!);
    // One call each: records created together share their creation time.
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) {
      await tables.createRecords(table.id, [[{ fieldId: table.nameField, value: name }]]);
    }
    const flowId = await publishedFlow(
      server,
      user.token,
      user.projectId!,
      tablesTrigger('newRecord', table.externalId),
    );
    const flow = await flowsApi(server, user.token).get(flowId);
    const answer = await callApi<{ data: { payload: { cells: Record<string, { value: string }> } }[] }>(
      server.apiUrl,
      'POST',
      '/v1/test-trigger',
      {
        token: user.token,
        body: {
          projectId: user.projectId,
          flowId,
          flowVersionId: flow.body.version.id,
          testStrategy: 'TEST_FUNCTION',
        },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((event) => event.payload.cells[table.nameField]?.value).sort()).toEqual([
      'b',
      'c',
      'd',
      'e',
      'f',
    ]);
  }, 60_000);
});

describe('the table webhook routes', () => {
  it('refuse a flow of another project and a table of another platform, and delete what they made', async () => {
    const tables = tablesApi(server, user.token);
    const table = await tables.createPeopleTable(user.projectId!);
    const stranger = await signUpTestUser(server);
    const theirFlow = await flowsApi(server, stranger.token).createFlow(stranger.projectId!, 'Theirs');
    const create = (token: string, flowId: string) =>
      callApi<{ id: string }>(server.apiUrl, 'POST', `/v1/tables/${table.id}/webhooks`, {
        token,
        body: { events: ['RECORD_CREATED'], webhookUrl: 'https://hooks.example.com/x', flowId },
      });
    expect((await create(user.token, theirFlow.id)).status).toBe(404);
    expect((await create(stranger.token, theirFlow.id)).status).toBe(404);
    const bad = await callApi(server.apiUrl, 'POST', `/v1/tables/${table.id}/webhooks`, {
      token: user.token,
      body: { events: ['RECORD_EXPLODED'], webhookUrl: 'not a url', flowId: theirFlow.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION' });

    const mine = await flowsApi(server, user.token).createFlow(user.projectId!, 'Mine');
    const made = await create(user.token, mine.id);
    expect(made.status).toBe(201);
    const path = `/v1/tables/${table.id}/webhooks/${made.body.id}`;
    expect((await callApi(server.apiUrl, 'DELETE', path, { token: stranger.token })).status).toBe(404);
    expect((await callApi(server.apiUrl, 'DELETE', path, { token: user.token })).status).toBe(204);
    expect((await callApi(server.apiUrl, 'DELETE', path, { token: user.token })).status).toBe(404);
  }, 60_000);

  it('post the record to a webhook URL outside the server, and go with the table', async () => {
    const received: unknown[] = [];
    const outside: Server = createHttpServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(JSON.parse(body));
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => outside.listen(0, '127.0.0.1', resolve));
    try {
      const port = (outside.address() as { port: number }).port;
      const tables = tablesApi(server, user.token);
      const table = await tables.createPeopleTable(user.projectId!);
      const flow = await flowsApi(server, user.token).createFlow(user.projectId!, 'Any');
      const made = await callApi(server.apiUrl, 'POST', `/v1/tables/${table.id}/webhooks`, {
        token: user.token,
        body: { events: ['RECORD_CREATED'], webhookUrl: `http://127.0.0.1:${port}/hook`, flowId: flow.id },
      });
      expect(made.status).toBe(201);
      const [record] = await tables.createRecords(table.id, [[{ fieldId: table.nameField, value: 'Out' }]]);
      await expect.poll(() => received.length).toBe(1);
      expect(received[0]).toMatchObject({ id: record!.id, cells: { [table.nameField]: { value: 'Out' } } });

      expect(
        (await callApi(server.apiUrl, 'DELETE', `/v1/tables/${table.id}`, { token: user.token })).status,
      ).toBe(204);
      expect(
        await server.server.context.store.db
          .selectFrom('tableWebhook')
          .selectAll()
          .where('tableId', '=', table.id)
          .execute(),
      ).toEqual([]);
    } finally {
      await new Promise((resolve) => outside.close(resolve));
    }
  }, 60_000);
});
