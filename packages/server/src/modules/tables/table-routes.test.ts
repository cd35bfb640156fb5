import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Field, Page, PopulatedRecord, Table } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { tablesApi } from '../../testing/features/table-test-kit';

let server: TestServer;
let user: TestUser;
let api: ReturnType<typeof tablesApi>;
beforeAll(async () => {
  server = await startTestServer({
    AP_MAX_TABLES_PER_PROJECT: '30',
    AP_MAX_FIELDS_PER_TABLE: '3',
    AP_MAX_RECORDS_PER_TABLE: '60',
  });
  user = await signUpTestUser(server);
  api = tablesApi(server, user);
});
afterAll(() => server.close());

const count = async (table: 'dataTable' | 'tableField' | 'tableRecord' | 'tableCell', tableId: string) => {
  const db = server.server.context.store.db;
  const column = table === 'dataTable' ? 'id' : 'tableId';
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(column, '=', tableId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('tables', () => {
  it('creates a table with fields (201), reads, lists, renames and deletes it with everything in it', async () => {
    const table = await api.createTable({
      name: 'Customers',
      externalId: 'customers',
      fields: [
        { name: 'Name', type: 'TEXT' },
        { name: 'Tier', type: 'STATIC_DROPDOWN', data: { options: [{ value: 'gold' }] }, externalId: 'tier' },
      ],
    });
    expect(table).toMatchObject({
      name: 'Customers',
      projectId: user.projectId,
      externalId: 'customers',
      folderId: null,
      status: null,
      trigger: null,
    });
    const fields = (await api.call<Field[]>('GET', `/v1/fields?tableId=${table.id}`)).body;
    expect(fields.map((field) => [field.name, field.type, field.data])).toEqual([
      ['Name', 'TEXT', null],
      ['Tier', 'STATIC_DROPDOWN', { options: [{ value: 'gold' }] }],
    ]);
    expect((await api.call<Table>('GET', `/v1/tables/${table.id}`)).body).toEqual(table);

    const updated = await api.call<Table>('POST', `/v1/tables/${table.id}`, {
      name: 'Clients',
      status: 'ENABLED',
      trigger: 'ON_NEW_RECORD',
    });
    expect(updated.body).toMatchObject({ name: 'Clients', status: 'ENABLED', trigger: 'ON_NEW_RECORD' });

    const list = await api.call<Page<Table>>(
      'GET',
      `/v1/tables?projectId=${user.projectId!}&externalIds[]=customers`,
    );
    expect(list.body.data.map((t) => t.id)).toEqual([table.id]);
    const byName = await api.call<Page<Table>>('GET', `/v1/tables?projectId=${user.projectId!}&name=LIEN`);
    expect(byName.body.data.map((t) => t.id)).toEqual([table.id]);

    await api.createRecords(table.id, [[{ fieldId: fields[0]!.id, value: 'Ada' }]]);
    expect(await count('tableCell', table.id)).toBe(1);
    expect((await api.call('DELETE', `/v1/tables/${table.id}`)).status).toBe(204);
    for (const part of ['dataTable', 'tableField', 'tableRecord', 'tableCell'] as const) {
      expect(await count(part, table.id)).toBe(0);
    }
    expect((await api.call('GET', `/v1/tables/${table.id}`)).status).toBe(404);
  });

  it.each([
    ['no name', { name: '' }],
    ['an unknown field type', { fields: [{ name: 'A', type: 'BLOB' }] }],
    [
      'two fields of one name',
      {
        fields: [
          { name: 'A', type: 'TEXT' },
          { name: 'A', type: 'NUMBER' },
        ],
      },
    ],
    ['a folder of nowhere', { folderId: 'f'.repeat(21) }],
  ])('refuses a table with %s and writes nothing', async (_, body) => {
    const before = (await api.call<Page<Table>>('GET', `/v1/tables?projectId=${user.projectId!}&limit=100`))
      .body;
    const answer = await api.call<{ code: string }>('POST', '/v1/tables', {
      name: 'T',
      projectId: user.projectId,
      ...body,
    });
    expect([400, 404, 409]).toContain(answer.status);
    expect(answer.body.code).toMatch(/VALIDATION|ENTITY_NOT_FOUND/);
    const after = (await api.call<Page<Table>>('GET', `/v1/tables?projectId=${user.projectId!}&limit=100`))
      .body;
    expect(after.data).toEqual(before.data);
  });

  it('refuses a table over the project limit (402 QUOTA_EXCEEDED) and one with too many fields', async () => {
    const other = await signUpTestUser(server);
    const otherApi = tablesApi(server, other);
    const tooMany = await otherApi.call<{ code: string }>('POST', '/v1/tables', {
      name: 'Wide',
      projectId: other.projectId,
      fields: ['a', 'b', 'c', 'd'].map((name) => ({ name, type: 'TEXT' })),
    });
    expect(tooMany.status).toBe(402);
    expect(tooMany.body).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      params: { limit: 'fieldsPerTable', max: 3 },
    });
    for (let i = 0; i < 30; i++) await otherApi.createTable({ name: `T${String(i)}` });
    const sixth = await otherApi.call<{ code: string; params: Record<string, unknown> }>(
      'POST',
      '/v1/tables',
      {
        name: 'T31',
        projectId: other.projectId,
      },
    );
    expect(sixth.status).toBe(402);
    expect(sixth.body).toMatchObject({ code: 'QUOTA_EXCEEDED', params: { limit: 'tables', max: 30 } });
    const list = await otherApi.call<Page<Table>>(
      'GET',
      `/v1/tables?projectId=${other.projectId!}&limit=100`,
    );
    expect(list.body.data).toHaveLength(30);
  });
});

describe('fields', () => {
  it('adds (201), reads, renames and deletes a field with its cells; refuses a 4th (limit 3)', async () => {
    const table = await api.createTable({ name: 'Fields' });
    const a = await api.createField(table.id, 'A');
    const b = await api.createField(table.id, 'B', 'NUMBER');
    await api.createField(table.id, 'C', 'DATE');
    const fourth = await api.call<{ code: string }>('POST', '/v1/fields', {
      tableId: table.id,
      name: 'D',
      type: 'TEXT',
    });
    expect(fourth.status).toBe(402);
    expect(fourth.body.code).toBe('QUOTA_EXCEEDED');

    expect((await api.call<Field>('GET', `/v1/fields/${a.id}`)).body).toEqual(a);
    const clash = await api.call('POST', `/v1/fields/${a.id}`, { name: 'B' });
    expect(clash.status).toBe(409);
    const renamed = await api.call<Field>('POST', `/v1/fields/${a.id}`, { name: 'Alpha' });
    expect(renamed.body.name).toBe('Alpha');

    const [record] = await api.createRecords(table.id, [
      [
        { fieldId: a.id, value: 'x' },
        { fieldId: b.id, value: 2 },
      ],
    ]);
    expect((await api.call('DELETE', `/v1/fields/${b.id}`)).status).toBe(204);
    const after = await api.call<PopulatedRecord>('GET', `/v1/records/${record!.id}`);
    expect(Object.keys(after.body.cells)).toEqual([a.id]);
    expect(after.body.cells[a.id]).toMatchObject({ value: 'x', fieldName: 'Alpha' });
  });

  it('refuses bad fields: unknown type, empty name, a table of nowhere', async () => {
    const table = await api.createTable({ name: 'Bad fields' });
    expect(
      (await api.call('POST', '/v1/fields', { tableId: table.id, name: 'A', type: 'BLOB' })).status,
    ).toBe(400);
    expect(
      (await api.call('POST', '/v1/fields', { tableId: table.id, name: ' ', type: 'TEXT' })).status,
    ).toBe(400);
    expect(
      (await api.call('POST', '/v1/fields', { tableId: 'x'.repeat(21), name: 'A', type: 'TEXT' })).status,
    ).toBe(404);
    expect((await api.call<Field[]>('GET', `/v1/fields?tableId=${table.id}`)).body).toEqual([]);
  });
});

describe('records', () => {
  it('creates (201), reads, updates some cells, lists with paging and deletes records', async () => {
    const table = await api.createTable({ name: 'Records' });
    const name = await api.createField(table.id, 'Name');
    const age = await api.createField(table.id, 'Age', 'NUMBER');
    const created = await api.createRecords(table.id, [
      [
        { fieldId: name.id, value: 'Ada' },
        { fieldId: age.id, value: 36 },
      ],
      [{ fieldId: name.id, value: 'Alan' }],
      [{ fieldId: name.id, value: { nested: true } }],
    ]);
    expect(created.map((record) => record.cells[name.id]!.value)).toEqual(['Ada', 'Alan', '{"nested":true}']);
    expect(created[0]!.cells[age.id]).toMatchObject({ value: '36', fieldName: 'Age' });

    const updated = await api.call<PopulatedRecord>('POST', `/v1/records/${created[1]!.id}`, {
      tableId: table.id,
      cells: [{ fieldId: age.id, value: 41 }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.cells[name.id]!.value).toBe('Alan');
    expect(updated.body.cells[age.id]!.value).toBe('41');

    const first = await api.listRecordsRaw(table.id, [], { limit: 2 });
    expect(first.body.data).toHaveLength(2);
    const second = await api.listRecordsRaw(table.id, [], { limit: 2, cursor: first.body.next });
    const ids = [...first.body.data, ...second.body.data].map((record) => record.id);
    expect(new Set(ids)).toEqual(new Set(created.map((record) => record.id)));

    const deleted = await api.call('DELETE', '/v1/records', { tableId: table.id, ids: [created[0]!.id] });
    expect(deleted).toMatchObject({ status: 200, body: [] });
    expect((await api.call('GET', `/v1/records/${created[0]!.id}`)).status).toBe(404);
    expect((await api.listRecords(table.id)).data).toHaveLength(2);
  });

  it('defaults to 10 records a page and keeps paging stable while records are added', async () => {
    const table = await api.createTable({ name: 'Paging' });
    const n = await api.createField(table.id, 'N', 'NUMBER');
    await api.createRecords(
      table.id,
      Array.from({ length: 25 }, (_, i) => [{ fieldId: n.id, value: i }]),
    );
    const first = await api.listRecordsRaw(table.id);
    expect(first.body.data).toHaveLength(10);
    await api.createRecords(table.id, [[{ fieldId: n.id, value: 'late' }]]);
    const seen = [...first.body.data];
    let cursor = first.body.next;
    while (cursor !== null) {
      const page = await api.listRecordsRaw(table.id, [], { cursor });
      seen.push(...page.body.data);
      cursor = page.body.next;
    }
    const values = seen.map((record) => record.cells[n.id]!.value);
    expect(values).toHaveLength(25);
    expect(new Set(values).size).toBe(25);
    expect(values).not.toContain('late');
  });

  it('refuses more than 50 rows a call, fields of another table, and rows over the table limit (nothing written)', async () => {
    const table = await api.createTable({ name: 'Limits' });
    const other = await api.createTable({ name: 'Other' });
    const a = await api.createField(table.id, 'A');
    const foreign = await api.createField(other.id, 'Foreign');
    const row = [{ fieldId: a.id, value: 'v' }];
    const tooMany = await api.call('POST', '/v1/records', {
      tableId: table.id,
      records: Array(51).fill(row),
    });
    expect(tooMany.status).toBe(400);
    const mixed = await api.call<{ code: string; params: Record<string, unknown> }>('POST', '/v1/records', {
      tableId: table.id,
      records: [row, [{ fieldId: foreign.id, value: 'x' }]],
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body.params['fieldId']).toBe(foreign.id);
    await api.createRecords(table.id, Array(50).fill(row));
    const over = await api.call<{ code: string }>('POST', '/v1/records', {
      tableId: table.id,
      records: Array(11).fill(row),
    });
    expect(over.status).toBe(402);
    expect(over.body.code).toBe('QUOTA_EXCEEDED');
    expect(await count('tableRecord', table.id)).toBe(50);
    expect(await count('tableRecord', other.id)).toBe(0);
    const badUpdate = await api.call('POST', `/v1/records/${(await api.listRecords(table.id)).data[0]!.id}`, {
      tableId: table.id,
      cells: [{ fieldId: foreign.id, value: 'x' }],
    });
    expect(badUpdate.status).toBe(400);
    expect(await count('tableCell', other.id)).toBe(0);
  });

  it('answers 404 for a record named with another table, and 400 for malformed bodies', async () => {
    const table = await api.createTable({ name: 'R404' });
    const other = await api.createTable({ name: 'R404 other' });
    const a = await api.createField(table.id, 'A');
    const [record] = await api.createRecords(table.id, [[{ fieldId: a.id, value: 'v' }]]);
    const wrongTable = await api.call('POST', `/v1/records/${record!.id}`, { tableId: other.id, cells: [] });
    expect(wrongTable.status).toBe(404);
    expect((await api.call('POST', '/v1/records', { tableId: table.id, records: [] })).status).toBe(400);
    expect((await api.call('POST', '/v1/records', { tableId: table.id, records: 'x' })).status).toBe(400);
    expect((await api.call('DELETE', '/v1/records', { tableId: table.id })).status).toBe(400);
    expect((await api.call('GET', `/v1/records?tableId=${table.id}&limit=0`)).status).toBe(400);
    expect((await api.call('GET', `/v1/records?tableId=${table.id}&cursor=nope`)).status).toBe(400);
    expect((await api.call('GET', `/v1/records/${record!.id}`)).status).toBe(200);
  });
});

describe('another platform', () => {
  it('sees none of the tables, fields or records (404)', async () => {
    const table = await api.createTable({ name: 'Private' });
    const field = await api.createField(table.id, 'Secret');
    const [record] = await api.createRecords(table.id, [[{ fieldId: field.id, value: 's' }]]);
    const stranger = tablesApi(server, await signUpTestUser(server));
    for (const [method, path, body] of [
      ['GET', `/v1/tables/${table.id}`],
      ['GET', `/v1/fields?tableId=${table.id}`],
      ['GET', `/v1/fields/${field.id}`],
      ['GET', `/v1/records?tableId=${table.id}`],
      ['GET', `/v1/records/${record!.id}`],
      ['POST', '/v1/records', { tableId: table.id, records: [[{ fieldId: field.id, value: 'x' }]] }],
      ['DELETE', '/v1/records', { tableId: table.id, ids: [record!.id] }],
      ['DELETE', `/v1/tables/${table.id}`],
    ] as const) {
      expect((await stranger.call(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    expect((await api.listRecords(table.id)).data).toHaveLength(1);
  });
});
