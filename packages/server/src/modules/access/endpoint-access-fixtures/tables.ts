/** The fixtures of the table, field and record endpoints: one row per endpoint (`area.name`). */
import { adminCall, name, type Fixture, type World } from './world';

/** A fresh table of the team project with one TEXT field `A`, and one record in it. */
async function freshTable(world: World) {
  const table = await adminCall<{ id: string }>(world, 'POST', '/v1/tables', {
    projectId: world.projectId,
    name: name('Table'),
    fields: [{ name: 'A', type: 'TEXT' }],
  });
  const [field] = await adminCall<{ id: string }[]>(world, 'GET', `/v1/fields?tableId=${table.id}`);
  const [record] = await adminCall<{ id: string }[]>(world, 'POST', '/v1/records', {
    tableId: table.id,
    records: [[{ fieldId: field!.id, value: 'a' }]],
  });
  return { tableId: table.id, fieldId: field!.id, recordId: record!.id };
}

/** One row per table, field and record endpoint. */
export const TABLES_FIXTURES: Record<string, Fixture> = {
  'tables.create': async (w) => ({ body: { projectId: w.projectId, name: name('Table') } }),
  'tables.list': async (w) => ({ query: { projectId: w.projectId } }),
  'tables.get': async (w) => ({ params: { id: (await freshTable(w)).tableId } }),
  'tables.update': async (w) => ({
    params: { id: (await freshTable(w)).tableId },
    body: { name: name('T') },
  }),
  'tables.delete': async (w) => ({ params: { id: (await freshTable(w)).tableId } }),
  'tables.export': async (w) => ({ params: { id: (await freshTable(w)).tableId } }),
  'tables.exportCsv': async (w) => ({ params: { id: (await freshTable(w)).tableId } }),
  // A JSON string body is the CSV text: a header naming the existing field, no rows.
  'tables.import': async (w) => ({ params: { id: (await freshTable(w)).tableId }, body: 'A' }),
  'fields.create': async (w) => ({
    body: { tableId: (await freshTable(w)).tableId, name: 'B', type: 'NUMBER' },
  }),
  'fields.list': async (w) => ({ query: { tableId: (await freshTable(w)).tableId } }),
  'fields.get': async (w) => ({ params: { id: (await freshTable(w)).fieldId } }),
  'fields.update': async (w) => ({
    params: { id: (await freshTable(w)).fieldId },
    body: { name: 'Renamed' },
  }),
  'fields.delete': async (w) => ({ params: { id: (await freshTable(w)).fieldId } }),
  'records.create': async (w) => {
    const { tableId, fieldId } = await freshTable(w);
    return { body: { tableId, records: [[{ fieldId, value: 'b' }]] } };
  },
  'records.list': async (w) => ({ query: { tableId: (await freshTable(w)).tableId } }),
  'records.get': async (w) => ({ params: { id: (await freshTable(w)).recordId } }),
  'records.update': async (w) => {
    const { tableId, fieldId, recordId } = await freshTable(w);
    return { params: { id: recordId }, body: { tableId, cells: [{ fieldId, value: 'c' }] } };
  },
  'records.delete': async (w) => {
    const { tableId, recordId } = await freshTable(w);
    return { body: { tableId, ids: [recordId] } };
  },
};
