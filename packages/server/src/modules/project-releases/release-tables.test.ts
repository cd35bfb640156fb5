import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectState } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { code, pieceStep } from '../../testing/features/flow-test-kit';
import { buildFlow, ok, releasesApi, teamProject } from '../../testing/features/release-test-kit';

let server: TestServer;
let admin: TestUser;
let api: ReturnType<typeof releasesApi>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  api = releasesApi(server, admin.token);
});
afterAll(async () => {
  await server.close();
});

const call = <T>(method: string, path: string, body?: unknown) =>
  callApi<T>(server.apiUrl, method, path, { token: admin.token, body }).then(ok);

function table(
  projectId: string,
  externalId: string,
  fields: { name: string; type: string; externalId: string }[],
) {
  return call<{ id: string }>('POST', '/v1/tables', {
    projectId,
    name: `Table ${externalId}`,
    externalId,
    fields,
  });
}

async function fieldsOf(tableId: string) {
  return call<{ id: string; externalId: string; name: string; type: string }[]>(
    'GET',
    `/v1/fields?tableId=${tableId}`,
  );
}

async function tablesOf(projectId: string) {
  return server.server.context.store.db
    .selectFrom('dataTable')
    .select(['id', 'externalId', 'name', 'updated'])
    .where('projectId', '=', projectId)
    .orderBy('externalId')
    .execute();
}

const byExternalId = (state: ProjectState) =>
  [...state.tables].sort((a, b) => a.externalId.localeCompare(b.externalId));

const release = (projectId: string, sourceProjectId: string, name: string) => ({
  projectId,
  type: 'PROJECT',
  sourceProjectId,
  name,
});

describe('tables in project releases', () => {
  it('creates, updates and deletes table definitions by externalId, never copying records', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    const customers = await table(source, 'customers', [
      { name: 'Name', type: 'TEXT', externalId: 'name' },
      { name: 'Age', type: 'NUMBER', externalId: 'age' },
    ]);
    await table(source, 'same', [{ name: 'X', type: 'TEXT', externalId: 'x' }]);
    const sourceFields = await fieldsOf(customers.id);
    await call('POST', '/v1/records', {
      tableId: customers.id,
      records: [[{ fieldId: sourceFields[0]!.id, value: 'Ada' }]],
    });

    expect(ok(await api.diff(release(target, source, 'v1'))).tables).toEqual([
      {
        type: 'CREATE_TABLE',
        externalId: 'customers',
        name: 'Table customers',
        changes: [],
        fieldsAdded: ['name', 'age'],
        fieldsRemoved: [],
        fieldsChanged: [],
      },
      {
        type: 'CREATE_TABLE',
        externalId: 'same',
        name: 'Table same',
        changes: [],
        fieldsAdded: ['x'],
        fieldsRemoved: [],
        fieldsChanged: [],
      },
    ]);
    ok(await api.create(release(target, source, 'v1')));
    const released = await tablesOf(target);
    expect(released.map((t) => t.externalId)).toEqual(['customers', 'same']);
    const targetCustomers = released[0]!;
    const records = await call<{ data: unknown[] }>('GET', `/v1/records?tableId=${targetCustomers.id}`);
    expect(records.data).toEqual([]);
    expect(byExternalId(ok(await api.exportState(target)))).toEqual(
      byExternalId(ok(await api.exportState(source))),
    );

    // Again: nothing to do, nothing touched.
    expect(ok(await api.diff(release(target, source, 'v1 again'))).tables).toEqual([]);
    ok(await api.create(release(target, source, 'v1 again')));
    expect(await tablesOf(target)).toEqual(released);

    // A record in the target's table survives an update of the fields it keeps.
    const targetFields = await fieldsOf(targetCustomers.id);
    const targetAge = targetFields.find((field) => field.externalId === 'age')!;
    await call('POST', '/v1/records', {
      tableId: targetCustomers.id,
      records: [[{ fieldId: targetAge.id, value: '36' }]],
    });

    // Change the source: rename a field, add one, remove one; drop a table, add another.
    const age = sourceFields.find((field) => field.externalId === 'age')!;
    await call('POST', `/v1/fields/${age.id}`, { name: 'Age in years' });
    await call('POST', '/v1/fields', {
      tableId: customers.id,
      name: 'Email',
      type: 'TEXT',
      externalId: 'email',
    });
    await call('DELETE', `/v1/fields/${sourceFields.find((field) => field.externalId === 'name')!.id}`);
    const same = (await tablesOf(source)).find((t) => t.externalId === 'same')!;
    await call('DELETE', `/v1/tables/${same.id}`);
    await table(source, 'orders', [{ name: 'Total', type: 'NUMBER', externalId: 'total' }]);

    expect(ok(await api.diff(release(target, source, 'v2'))).tables).toEqual([
      {
        type: 'UPDATE_TABLE',
        externalId: 'customers',
        name: 'Table customers',
        changes: [],
        fieldsAdded: ['email'],
        fieldsRemoved: ['name'],
        fieldsChanged: ['age'],
      },
      {
        type: 'CREATE_TABLE',
        externalId: 'orders',
        name: 'Table orders',
        changes: [],
        fieldsAdded: ['total'],
        fieldsRemoved: [],
        fieldsChanged: [],
      },
      {
        type: 'DELETE_TABLE',
        externalId: 'same',
        name: 'Table same',
        changes: [],
        fieldsAdded: [],
        fieldsRemoved: ['x'],
        fieldsChanged: [],
      },
    ]);
    ok(await api.create(release(target, source, 'v2')));
    expect(byExternalId(ok(await api.exportState(target)))).toEqual(
      byExternalId(ok(await api.exportState(source))),
    );
    expect((await tablesOf(target)).map((t) => t.externalId)).toEqual(['customers', 'orders']);
    const kept = await call<{ data: { cells: Record<string, { value: unknown }> }[] }>(
      'GET',
      `/v1/records?tableId=${targetCustomers.id}`,
    );
    expect(kept.data.map((record) => record.cells[targetAge.id]?.value)).toEqual(['36']);
    expect(ok(await api.diff(release(target, source, 'v3'))).tables).toEqual([]);
  }, 60_000);

  it('undoes its table changes when the flows cannot be applied', async () => {
    const source = await teamProject(server, admin.token, false);
    const target = await teamProject(server, admin.token, true);
    await table(source, 'kept', [{ name: 'A', type: 'TEXT', externalId: 'a' }]);
    ok(await api.create(release(target, source, 'v1')));
    const before = await tablesOf(target);

    await table(source, 'added', [{ name: 'B', type: 'TEXT', externalId: 'b' }]);
    const kept = (await tablesOf(source)).find((t) => t.externalId === 'kept')!;
    await call('POST', `/v1/tables/${kept.id}`, { name: 'Renamed' });
    await buildFlow(server, admin.token, source, 'broken', [pieceStep('step_1', {}, false)], false);
    await buildFlow(server, admin.token, source, 'fine', [code('step_1', 'return 1;')]);
    const state = ok(await api.exportState(source));
    const file = {
      ...state,
      flows: state.flows.map((flow) => (flow.externalId === 'broken' ? { ...flow, published: true } : flow)),
    };
    const answer = await api.create({ projectId: target, type: 'FILE', state: file, name: 'bad' });
    expect(answer.status).toBe(409);
    const after = await tablesOf(target);
    expect(after.map((t) => [t.externalId, t.name])).toEqual(before.map((t) => [t.externalId, t.name]));
    expect(ok(await api.list({ projectId: target })).data.map((r) => r.name)).toEqual(['v1']);
  }, 60_000);

  it('refuses a file with two tables of one externalId', async () => {
    const target = await teamProject(server, admin.token, true);
    const definition = { name: 'T', externalId: 't', fields: [], status: null, trigger: null };
    const answer = await api.create({
      projectId: target,
      type: 'FILE',
      name: 'dup',
      state: { flows: [], connections: [], tables: [definition, definition] },
    });
    expect(answer.status).toBe(400);
    expect(await tablesOf(target)).toEqual([]);
  });
});
