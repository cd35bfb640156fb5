import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPieceworkError, type TableDefinition } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import type { RecordEvent } from './record-events';
import {
  createTableFromDefinition,
  deleteTable,
  listProjectTables,
  tableDefinitionOf,
  updateTableFromDefinition,
} from './table-definitions';
import { tablesApi } from '../../testing/features/table-test-kit';

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer({ AP_MAX_FIELDS_PER_TABLE: '3', AP_MAX_RECORDS_PER_TABLE: '5' });
  user = await signUpTestUser(server);
});
afterAll(() => server.close());
const ctx = () => server.server.context;

const definition = (more: Partial<TableDefinition> = {}): TableDefinition => ({
  name: 'Leads',
  externalId: 'leads',
  fields: [
    { name: 'Email', type: 'TEXT', externalId: 'email' },
    { name: 'Stage', type: 'STATIC_DROPDOWN', externalId: 'stage', data: { options: [{ value: 'new' }] } },
  ],
  status: 'ENABLED',
  trigger: 'ON_NEW_RECORD',
  data: {
    type: 'CSV',
    rows: [
      [
        { fieldId: 'email', value: 'a@example.com' },
        { fieldId: 'stage', value: 'new' },
      ],
      [{ fieldId: 'email', value: 'b@example.com' }],
    ],
  },
  ...more,
});

describe('table definitions', () => {
  it('creates a table from a definition and describes it back as the same definition', async () => {
    const table = await createTableFromDefinition(ctx(), user.projectId!, definition());
    expect(table).toMatchObject({
      name: 'Leads',
      externalId: 'leads',
      status: 'ENABLED',
      trigger: 'ON_NEW_RECORD',
    });
    expect(await tableDefinitionOf(ctx(), table.id, { withData: true })).toEqual({
      ...definition(),
      fields: [{ ...definition().fields[0], data: null }, definition().fields[1]],
    });
    const { data, ...withoutData } = await tableDefinitionOf(ctx(), table.id, { withData: false });
    expect(data).toBeUndefined();
    expect(withoutData.fields.map((field) => field.externalId)).toEqual(['email', 'stage']);
  });

  it('brings a table to a definition: adds, renames, retypes and deletes fields, rows untouched', async () => {
    const table = await createTableFromDefinition(
      ctx(),
      user.projectId!,
      definition({ externalId: 'leads-2' }),
    );
    const updated = await updateTableFromDefinition(ctx(), table.id, {
      name: 'Prospects',
      externalId: 'leads-2',
      fields: [
        { name: 'Mail', type: 'TEXT', externalId: 'email' },
        { name: 'Score', type: 'NUMBER', externalId: 'score' },
      ],
      status: 'DISABLED',
      trigger: null,
    });
    expect(updated).toMatchObject({ name: 'Prospects', status: 'DISABLED', trigger: null });
    const after = await tableDefinitionOf(ctx(), table.id, { withData: true });
    expect(after.fields).toEqual([
      { name: 'Mail', type: 'TEXT', externalId: 'email', data: null },
      { name: 'Score', type: 'NUMBER', externalId: 'score', data: null },
    ]);
    expect(after.data?.rows).toEqual([
      [{ fieldId: 'email', value: 'a@example.com' }],
      [{ fieldId: 'email', value: 'b@example.com' }],
    ]);
  });

  it.each([
    [
      'more fields than the limit',
      definition({ fields: ['a', 'b', 'c', 'd'].map((x) => ({ name: x, type: 'TEXT', externalId: x })) }),
      'QUOTA_EXCEEDED',
    ],
    [
      'more rows than the limit',
      definition({ data: { type: 'CSV', rows: Array(6).fill([{ fieldId: 'email', value: 'x' }]) } }),
      'QUOTA_EXCEEDED',
    ],
    [
      'an unknown field type',
      definition({ fields: [{ name: 'X', type: 'BLOB', externalId: 'x' }] }),
      'VALIDATION',
    ],
    [
      'a row naming no field',
      definition({ data: { type: 'CSV', rows: [[{ fieldId: 'nope', value: 'x' }]] } }),
      'VALIDATION',
    ],
  ])('refuses %s and creates nothing', async (_, bad, code) => {
    const before = await listProjectTables(ctx(), user.projectId!);
    const error = await createTableFromDefinition(ctx(), user.projectId!, bad).catch((e: unknown) => e);
    expect(isPieceworkError(error, code as 'VALIDATION')).toBe(true);
    expect(await listProjectTables(ctx(), user.projectId!)).toEqual(before);
  });

  it('lists a project’s tables oldest first and deletes one with its fields and records', async () => {
    const owner = await signUpTestUser(server);
    const first = await createTableFromDefinition(ctx(), owner.projectId!, definition({ externalId: 'one' }));
    const second = await createTableFromDefinition(
      ctx(),
      owner.projectId!,
      definition({ externalId: 'two' }),
    );
    expect((await listProjectTables(ctx(), owner.projectId!)).map((t) => t.id)).toEqual([
      first.id,
      second.id,
    ]);
    await deleteTable(ctx(), first.id);
    expect((await listProjectTables(ctx(), owner.projectId!)).map((t) => t.id)).toEqual([second.id]);
    const db = ctx().store.db;
    expect(await db.selectFrom('tableRecord').select('id').where('tableId', '=', first.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('tableField').select('id').where('tableId', '=', first.id).execute()).toEqual(
      [],
    );
  });
});

describe('record events', () => {
  it('tells listeners of each created, updated and deleted record once committed, not of refused writes', async () => {
    const events: RecordEvent[] = [];
    const stop = ctx().recordEvents.on((event) => {
      events.push(event);
    });
    try {
      const api = tablesApi(server, user);
      const table = await api.createTable({ name: 'Events' });
      const field = await api.createField(table.id, 'A');
      const [record] = await api.createRecords(table.id, [[{ fieldId: field.id, value: '1' }]]);
      await api.call('POST', `/v1/records/${record!.id}`, {
        tableId: table.id,
        cells: [{ fieldId: field.id, value: '2' }],
      });
      expect(
        (await api.call('POST', '/v1/records', { tableId: table.id, records: Array(6).fill([]) })).status,
      ).toBe(402);
      await api.call('DELETE', '/v1/records', { tableId: table.id, ids: [record!.id] });
      expect(events.map((event) => [event.type, event.tableId, event.record.cells[field.id]?.value])).toEqual(
        [
          ['RECORD_CREATED', table.id, '1'],
          ['RECORD_UPDATED', table.id, '2'],
          ['RECORD_DELETED', table.id, '2'],
        ],
      );
      expect(events[0]!.projectId).toBe(user.projectId);
    } finally {
      stop();
    }
  });
});
