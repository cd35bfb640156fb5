import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCsv, type ExportTableResponse, type Field, type ImportTableResponse } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { tablesApi } from '../../testing/features/table-test-kit';

let server: TestServer;
let user: TestUser;
let api: ReturnType<typeof tablesApi>;
beforeAll(async () => {
  server = await startTestServer({ AP_MAX_FIELDS_PER_TABLE: '4', AP_MAX_RECORDS_PER_TABLE: '1000' });
  user = await signUpTestUser(server);
  api = tablesApi(server, user);
});
afterAll(() => server.close());

/** Imports CSV text sent as `text/csv` (or, with `asJson`, as one JSON string, as the client sends it). */
const importCsv = async (tableId: string, csv: string, asJson = false) => {
  const response = await fetch(`${server.apiUrl}/v1/tables/${tableId}/import`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${user.token}`,
      'content-type': asJson ? 'application/json' : 'text/csv',
    },
    body: asJson ? JSON.stringify(csv) : csv,
  });
  return {
    status: response.status,
    body: (await response.json()) as ImportTableResponse & { code?: string },
  };
};
const exportCsv = async (tableId: string) => {
  const response = await fetch(`${server.apiUrl}/v1/tables/${tableId}/export/csv`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.headers.get('content-type')).toContain('text/csv');
  return response.text();
};

describe('CSV import and export', () => {
  it('exports exactly what it imported: quotes, commas, line breaks, empty cells, order kept', async () => {
    const table = await api.createTable({ name: 'Round trip', fields: [{ name: 'Name', type: 'TEXT' }] });
    const rows = [
      ['Name', 'Note', 'When'],
      ['Ada', 'says "hi", twice', '2026-01-02T03:04:05Z'],
      ['Alan', 'line one\nline two', ''],
      ['', 'crlf\r\ninside', '2026-01-03'],
      ['Grace', ' spaced ', 'é😀'],
    ];
    const csv = formatCsv(rows);
    const imported = await importCsv(table.id, csv);
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ records: 4, createdFields: ['Note', 'When'] });
    expect(await exportCsv(table.id)).toBe(csv);

    const fields = (await api.call<Field[]>('GET', `/v1/fields?tableId=${table.id}`)).body;
    expect(fields.map((field) => [field.name, field.type])).toEqual([
      ['Name', 'TEXT'],
      ['Note', 'TEXT'],
      ['When', 'TEXT'],
    ]);
    const json = await api.call<ExportTableResponse>('GET', `/v1/tables/${table.id}/export`);
    expect(json.body.name).toBe('Round trip');
    expect(json.body.fields.map((field) => field.name)).toEqual(['Name', 'Note', 'When']);
    expect(json.body.rows[1]).toEqual({ Name: 'Alan', Note: 'line one\nline two', When: '' });

    // A second import appends, in any column order, to the fields it names.
    const again = await importCsv(table.id, 'When,Name\n2027-01-01,Linus\n');
    expect(again.body).toEqual({ records: 1, createdFields: [] });
    expect((await exportCsv(table.id)).endsWith('Linus,,2027-01-01\r\n')).toBe(true);
  });

  it.each([
    ['an unclosed quote', 'A,B\n"x,y\n', 400],
    ['a row of the wrong width', 'A,B\n1,2\n3\n', 400],
    ['a header naming a field twice', 'A,A\n1,2\n', 409],
    ['an empty header name', 'A,\n1,2\n', 400],
    ['more fields than the limit (4)', 'A,B,C,D,E\n1,2,3,4,5\n', 402],
  ])('refuses %s and writes nothing', async (_, csv, status) => {
    const table = await api.createTable({ name: `Bad ${csv.length}`, fields: [{ name: 'A', type: 'TEXT' }] });
    const answer = await importCsv(table.id, csv);
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBeDefined();
    expect(await exportCsv(table.id)).toBe('A\r\n');
  });

  it('refuses an import that would pass the record limit (402), writing none of it', async () => {
    const table = await api.createTable({ name: 'Too long', fields: [{ name: 'N', type: 'NUMBER' }] });
    const csv = formatCsv([['N'], ...Array.from({ length: 1001 }, (_, i) => [String(i)])]);
    const answer = await importCsv(table.id, csv);
    expect(answer.status).toBe(402);
    expect(answer.body.code).toBe('QUOTA_EXCEEDED');
    expect((await api.listRecords(table.id)).data).toEqual([]);
  });

  it('takes the CSV as one JSON string (the client), and refuses other JSON', async () => {
    const table = await api.createTable({ name: 'Json' });
    expect((await importCsv(table.id, 'X\n"a,b"\n', true)).body).toEqual({
      records: 1,
      createdFields: ['X'],
    });
    expect(await exportCsv(table.id)).toBe('X\r\n"a,b"\r\n');
    const refused = await api.call<{ code: string }>('POST', `/v1/tables/${table.id}/import`, { csv: 'X' });
    expect(refused.status).toBe(400);
  });

  it('imports a header-only or empty CSV as no rows', async () => {
    const table = await api.createTable({ name: 'Empty' });
    expect((await importCsv(table.id, '')).body).toEqual({ records: 0, createdFields: [] });
    expect((await importCsv(table.id, 'X\r\n')).body).toEqual({ records: 0, createdFields: ['X'] });
  });

  it('exports cells a spreadsheet would run as formulas as text, and imports them back unchanged', async () => {
    const table = await api.createTable({
      name: 'Formulas',
      fields: [{ name: 'Cell', type: 'TEXT' }],
    });
    const fieldId = (await api.call<Field[]>('GET', `/v1/fields?tableId=${table.id}`)).body[0]!.id;
    const cells = ['=HYPERLINK("http://evil.example","x")', '+1', '-2', '@SUM(A1)', '\tTab', '\rCR', 'plain'];
    await api.createRecords(
      table.id,
      cells.map((value) => [{ fieldId, value }]),
    );
    const csv = await exportCsv(table.id);
    expect(csv).toBe(
      [
        'Cell',
        '"\'=HYPERLINK(""http://evil.example"",""x"")"',
        `"'+1"`,
        `"'-2"`,
        `"'@SUM(A1)"`,
        `"'\tTab"`,
        `"'\rCR"`,
        'plain',
        '',
      ].join('\r\n'),
    );
    const copy = await api.createTable({ name: 'Formulas copy' });
    expect((await importCsv(copy.id, csv)).status).toBe(201);
    expect(await exportCsv(copy.id)).toBe(csv);
    const json = await api.call<ExportTableResponse>('GET', `/v1/tables/${copy.id}/export`);
    expect(json.body.rows.map((row) => row.Cell)).toEqual(cells);
  });
});
