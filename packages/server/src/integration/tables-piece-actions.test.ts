/**
 * The built-in tables piece (`@activepieces/piece-tables`) run by a real server: a flow writes
 * records, finds them with a filter, updates and deletes one, all seen through `GET
 * /v1/records`; a table of another project is "not found"; the piece is listed by `GET
 * /v1/pieces`, and its dropdowns list the project's tables and their fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../testing/call-api';
import {
  buildFlow,
  callWebhook,
  chainOf,
  jsonBody,
  waitForRun,
} from '../testing/features/webhook-run-test-kit';
import { TABLES_PIECE, tablesApi, tablesStep } from '../testing/features/tables-piece-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({}, { runs: { workerThreads: 1 } });
  user = await signUpTestUser(server);
}, 60_000);
afterAll(() => server.close(), 60_000);

/** Runs the published webhook flow of `steps` once with `body`; answers the finished run. */
async function runFlowOnce(...steps: Parameters<typeof chainOf>) {
  const { flowId } = await buildFlow(server, user.token, user.projectId!, chainOf(...steps));
  const answer = await callWebhook(server, flowId, '', jsonBody({}));
  expect(answer.status).toBe(200);
  const runId = answer.headers.get('x-webhook-id')!;
  return waitForRun(server, user.token, runId);
}

describe('the tables piece in a flow', () => {
  it('creates records, finds them with a filter, updates one and deletes one', async () => {
    const tables = tablesApi(server, user.token);
    const table = await tables.createPeopleTable(user.projectId!);
    const run = await runFlowOnce(
      tablesStep('step_1', 'tables-create-records', {
        table_id: table.externalId,
        values: {
          values: [
            { name: 'Ada', age: 36 },
            { name: 'Bob', age: 17 },
            { name: 'Cy', age: '52' },
          ],
        },
      }),
      tablesStep('step_2', 'tables-find-records', {
        table_id: table.externalId,
        filters: {
          filters: [
            { field: { id: table.ageField, type: 'NUMBER', name: 'Age' }, operator: 'gt', value: '30' },
          ],
        },
      }),
      tablesStep('step_3', 'tables-update-record', {
        table_id: table.externalId,
        record_id: "{{step_2['output'][0].id}}",
        values: { name: 'Cyrus', age: '' },
      }),
      tablesStep('step_4', 'tables-delete-record', {
        table_id: table.externalId,
        records_ids: ["{{step_2['output'][1].id}}"],
      }),
      tablesStep('step_5', 'tables-get-record', {
        table_id: table.externalId,
        record_id: "{{step_2['output'][0].id}}",
      }),
    );
    expect(run.status).toBe('SUCCEEDED');
    const outputs = (name: string) => run.steps?.[name]?.output as never;
    const created = outputs('step_1') as { id: string; cells: Record<string, { value: unknown }> }[];
    expect(created.map((record) => record.cells[table.nameField]?.value)).toEqual(['Ada', 'Bob', 'Cy']);
    // Cy and Ada are over 30; the run updated the first found and deleted the second.
    const found = (outputs('step_2') as { id: string }[]).map((record) => record.id);
    expect([...found].sort()).toEqual([created[0]!.id, created[2]!.id].sort());
    const [kept, gone] = found as [string, string];
    const keptAge = kept === created[0]!.id ? '36' : '52';
    expect(outputs('step_4')).toEqual({ success: true });
    expect(outputs('step_5')).toMatchObject({
      id: kept,
      cells: {
        [table.nameField]: { value: 'Cyrus', fieldName: 'Name' },
        [table.ageField]: { value: keptAge },
      },
    });

    const left = await tables.listRecords(table.id);
    expect(left.map((record) => record.id).sort()).toEqual([kept, created[1]!.id].sort());
    expect(left.map((record) => record.id)).not.toContain(gone);
    const cellsOf = (id: string) => left.find((record) => record.id === id)!.cells;
    expect(cellsOf(kept)[table.nameField]?.value).toBe('Cyrus');
    expect(cellsOf(kept)[table.ageField]?.value).toBe(keptAge);
    expect(cellsOf(created[1]!.id)[table.nameField]?.value).toBe('Bob');
  }, 60_000);

  it('upserts: updates the matching record, creates one when none matches; clears the table', async () => {
    const tables = tablesApi(server, user.token);
    const table = await tables.createPeopleTable(user.projectId!);
    await tables.createRecords(table.id, [[{ fieldId: table.nameField, value: 'Ada' }]]);
    const upsert = (name: string, age: number, step: string) =>
      tablesStep(step, 'tables-upsert-record', {
        table_id: table.externalId,
        match_field: 'name',
        match_value: name,
        values: { name, age },
      });
    const run = await runFlowOnce(
      upsert('Ada', 37, 'step_1'),
      upsert('Eve', 29, 'step_2'),
      tablesStep('step_3', 'tables-find-records', { table_id: table.externalId }),
    );
    expect(run.status).toBe('SUCCEEDED');
    expect(run.steps?.['step_1']?.output).toMatchObject({ operation: 'update' });
    expect(run.steps?.['step_2']?.output).toMatchObject({ operation: 'create' });
    expect((run.steps?.['step_3']?.output as unknown[]).length).toBe(2);
    const ages = (await tables.listRecords(table.id)).map((record) => record.cells[table.ageField]?.value);
    expect(ages).toEqual(['29', '37']);

    const cleared = await runFlowOnce(
      tablesStep('step_1', 'tables-clear-table', { table_id: table.externalId }),
    );
    expect(cleared.steps?.['step_1']?.output).toEqual({ success: true, deletedCount: 2 });
    expect(await tables.listRecords(table.id)).toEqual([]);
  }, 60_000);

  it('fails the step on a value that does not fit its field, writing nothing', async () => {
    const tables = tablesApi(server, user.token);
    const table = await tables.createPeopleTable(user.projectId!);
    const run = await runFlowOnce(
      tablesStep('step_1', 'tables-create-records', {
        table_id: table.externalId,
        values: { values: [{ name: 'Ada', age: 'thirty' }] },
      }),
    );
    expect(run.status).toBe('FAILED');
    expect(JSON.stringify(run.steps?.['step_1'])).toContain('Invalid number for field \\"Age\\"');
    expect(await tables.listRecords(table.id)).toEqual([]);
  }, 60_000);
});

describe('project scope', () => {
  it('refuses a table or record of another project as not found, and changes nothing there', async () => {
    const stranger = await signUpTestUser(server);
    const theirs = tablesApi(server, stranger.token);
    const table = await theirs.createPeopleTable(stranger.projectId!, 'Secrets');
    const [secret] = await theirs.createRecords(table.id, [[{ fieldId: table.nameField, value: 'hidden' }]]);

    const write = await runFlowOnce(
      tablesStep('step_1', 'tables-create-records', {
        table_id: table.externalId,
        values: { values: [{ name: 'planted' }] },
      }),
    );
    expect(write.status).toBe('FAILED');
    expect(JSON.stringify(write.steps?.['step_1'])).toContain(
      `Table with externalId ${table.externalId} not found`,
    );

    const mine = await tablesApi(server, user.token).createPeopleTable(user.projectId!);
    const read = await runFlowOnce(
      tablesStep('step_1', 'tables-get-record', { table_id: mine.externalId, record_id: secret!.id }),
    );
    expect(read.status).toBe('FAILED');
    expect(JSON.stringify(read.steps?.['step_1'])).toContain('was not found');
    expect(JSON.stringify(read.steps?.['step_1'])).not.toContain('hidden');
    expect(await theirs.listRecords(table.id)).toHaveLength(1);
  }, 60_000);
});

describe('the piece in the builder', () => {
  it('is listed by GET /v1/pieces with its actions and triggers', async () => {
    const list = await callApi<{ name: string }[]>(server.apiUrl, 'GET', '/v1/pieces', { token: user.token });
    expect(list.body.map((piece) => piece.name)).toContain(TABLES_PIECE.pieceName);
    const piece = await callApi<{ actions: Record<string, unknown>; triggers: Record<string, unknown> }>(
      server.apiUrl,
      'GET',
      `/v1/pieces/${encodeURIComponent(TABLES_PIECE.pieceName)}`,
      { token: user.token },
    );
    expect(piece.status).toBe(200);
    expect(Object.keys(piece.body.actions).sort()).toEqual([
      'tables-clear-table',
      'tables-create-records',
      'tables-delete-record',
      'tables-find-records',
      'tables-get-record',
      'tables-update-record',
      'tables-upsert-record',
    ]);
    expect(Object.keys(piece.body.triggers).sort()).toEqual(['deletedRecord', 'newRecord', 'updatedRecord']);
  }, 60_000);

  it("lists the project's tables and a table's fields as the dropdowns' options", async () => {
    const table = await tablesApi(server, user.token).createPeopleTable(user.projectId!, 'Listed');
    const options = (propertyName: string, input: Record<string, unknown>) =>
      callApi<{ type: string; options: { options: { label: string; value: unknown }[] } }>(
        server.apiUrl,
        'POST',
        '/v1/pieces/options',
        {
          token: user.token,
          body: {
            projectId: user.projectId,
            pieceName: TABLES_PIECE.pieceName,
            pieceVersion: TABLES_PIECE.pieceVersion,
            actionOrTriggerName: 'tables-update-record',
            propertyName,
            input,
          },
        },
      );
    const tablesAnswer = await options('table_id', {});
    expect(tablesAnswer.status).toBe(200);
    expect(tablesAnswer.body.type).toBe('DROPDOWN');
    expect(tablesAnswer.body.options.options).toContainEqual({ label: 'Listed', value: table.externalId });
    const fields = await options('values', { table_id: table.externalId, record_id: 'x' });
    expect(fields.status).toBe(200);
    expect(JSON.stringify(fields.body)).toContain('"age"');
    expect(JSON.stringify(fields.body)).toContain('"NUMBER"');
  }, 60_000);
});
