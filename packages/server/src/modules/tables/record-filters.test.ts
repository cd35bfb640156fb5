import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Field, PopulatedRecord, RecordFilter, RecordFilterOperator } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { instantOf, numberOf } from './cell-values';
import { loadFields } from './field-service';
import { checkRecordFilters } from './record-filters';
import { filteredRecords } from './record-repository';
import { tablesApi } from '../../testing/features/table-test-kit';

let server: TestServer;
let user: TestUser;
let api: ReturnType<typeof tablesApi>;
beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  api = tablesApi(server, user);
});
afterAll(() => server.close());

const OPERATORS: readonly RecordFilterOperator[] = ['eq', 'neq', 'co', 'gt', 'gte', 'lt', 'lte'];

describe('date filters', () => {
  it('match two spellings of one instant under gte/lte, but not under eq', async () => {
    const table = await api.createTable({ name: 'Instants' });
    const when = await api.createField(table.id, 'When', 'DATE');
    await api.createRecords(
      table.id,
      ['2026-01-02T03:04:05Z', '2026-01-02T05:04:05+02:00', '2026-01-02T03:04:06Z', 'not a date'].map(
        (value) => [{ fieldId: when.id, value }],
      ),
    );
    const values = async (filters: RecordFilter[]) =>
      (await api.listRecords(table.id, filters)).data.map((record) => record.cells[when.id]!.value).sort();
    const at = (operator: RecordFilterOperator, value = '2026-01-02T03:04:05Z') => ({
      fieldId: when.id,
      operator,
      value,
    });
    expect(await values([at('eq')])).toEqual(['2026-01-02T03:04:05Z']);
    expect(await values([at('gte'), at('lte')])).toEqual([
      '2026-01-02T03:04:05Z',
      '2026-01-02T05:04:05+02:00',
    ]);
    expect(await values([at('gt')])).toEqual(['2026-01-02T03:04:06Z']);
    expect(await values([at('lt', '2026-01-02T05:04:06+02:00')])).toEqual([
      '2026-01-02T03:04:05Z',
      '2026-01-02T05:04:05+02:00',
    ]);
    expect(await values([at('neq')])).toEqual([
      '2026-01-02T03:04:06Z',
      '2026-01-02T05:04:05+02:00',
      'not a date',
    ]);
    const bad = await api.listRecordsRaw(table.id, [at('gt', 'tomorrow')]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION', params: { fieldId: when.id, value: 'tomorrow' } });
  });
});

/** Cell texts of each field type, small domains so that filters hit. */
const TEXTS = ['a', 'ab', 'B', 'é', '%', '_', "' OR 1=1 --", '"q"', 'a%b', 'a_b', ''];
const NUMBERS = ['-2', '0', '1', '1.5', '10', '2e1', 'n/a'];
const DATES = [
  '2026-01-02T03:04:05Z',
  '2026-01-02T05:04:05+02:00',
  '2026-01-01',
  '2025-12-31T23:59:59-01:00',
  '2026-06-30T12:00:00.500Z',
  'soon',
];

type Kind = 'TEXT' | 'NUMBER' | 'DATE' | 'STATIC_DROPDOWN';

/** The JS model of one filter on one cell text (undefined: the record has no cell). */
function matches(
  kind: Kind,
  operator: RecordFilterOperator,
  cell: string | undefined,
  value: string,
): boolean {
  const has = cell !== undefined && cell !== null;
  switch (operator) {
    case 'eq':
      return has && cell === value;
    case 'neq':
      return !(has && cell === value);
    case 'co':
      return has && cell.includes(value);
    default: {
      if (!has) return false;
      let order: number | null;
      if (kind === 'NUMBER') {
        const a = numberOf(cell);
        order = a === null ? null : a - numberOf(value)!;
      } else if (kind === 'DATE') {
        const a = instantOf(cell);
        order = a === null ? null : a - instantOf(value)!;
      } else {
        order = Buffer.compare(Buffer.from(cell), Buffer.from(value));
      }
      if (order === null) return false;
      return { gt: order > 0, gte: order >= 0, lt: order < 0, lte: order <= 0 }[operator];
    }
  }
}

describe('every operator on every field type (property)', () => {
  let fields: Record<Kind, Field>;
  let records: PopulatedRecord[];
  let tableId: string;
  beforeAll(async () => {
    const table = await api.createTable({ name: 'Random' });
    tableId = table.id;
    fields = {
      TEXT: await api.createField(table.id, 'Text'),
      NUMBER: await api.createField(table.id, 'Number', 'NUMBER'),
      DATE: await api.createField(table.id, 'Date', 'DATE'),
      STATIC_DROPDOWN: await api.createField(table.id, 'Choice', 'STATIC_DROPDOWN', {
        data: { options: [{ value: 'a' }, { value: 'B' }] },
      }),
    };
    const rows = fc.sample(
      fc.record({
        TEXT: fc.option(fc.constantFrom(...TEXTS), { nil: undefined }),
        NUMBER: fc.option(fc.constantFrom(...NUMBERS), { nil: undefined }),
        DATE: fc.option(fc.constantFrom(...DATES), { nil: undefined }),
        STATIC_DROPDOWN: fc.option(fc.constantFrom('a', 'B', 'ab'), { nil: undefined }),
      }),
      { numRuns: 45, seed: 7 },
    );
    records = await api.createRecords(
      table.id,
      rows.map((row) =>
        (Object.keys(row) as Kind[]).flatMap((kind) =>
          row[kind] === undefined ? [] : [{ fieldId: fields[kind].id, value: row[kind] }],
        ),
      ),
    );
  });

  const filterOf = (kind: Kind) =>
    fc.record({
      kind: fc.constant(kind),
      operator: fc.constantFrom(...OPERATORS),
      value: fc.constantFrom(
        ...(kind === 'NUMBER'
          ? NUMBERS.filter((n) => numberOf(n) !== null)
          : kind === 'DATE'
            ? DATES.filter((d) => instantOf(d) !== null)
            : TEXTS),
      ),
    });

  it('answers exactly the records the model says, filters ANDed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<Kind>('TEXT', 'NUMBER', 'DATE', 'STATIC_DROPDOWN').chain(filterOf), {
          minLength: 1,
          maxLength: 3,
        }),
        async (filters) => {
          const answer = await api.listRecords(
            tableId,
            filters.map((f) => ({ fieldId: fields[f.kind].id, operator: f.operator, value: f.value })),
          );
          const expected = records
            .filter((record) =>
              filters.every((f) =>
                matches(f.kind, f.operator, record.cells[fields[f.kind].id]?.value ?? undefined, f.value),
              ),
            )
            .map((record) => record.id)
            .sort();
          expect(answer.data.map((record) => record.id).sort()).toEqual(expected);
          // The same filters in both forms of their SQL: through the cell index as a list
          // (selective), and as a probe of each record's cell (threshold 0: nothing is selective).
          const db = server.server.context.store.db;
          const fieldMap = new Map((await loadFields(db, tableId)).map((field) => [field.id, field]));
          const checked = checkRecordFilters(
            filters.map((f) => ({ fieldId: fields[f.kind].id, operator: f.operator, value: f.value })),
            fieldMap,
          );
          for (const threshold of [0, 1_000_000]) {
            const rows = await (await filteredRecords(db, tableId, checked, threshold)).execute();
            expect(rows.map((row) => row.id).sort()).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);

  it('refuses a value of the wrong type for gt/gte/lt/lte on NUMBER and DATE fields (400)', async () => {
    for (const kind of ['NUMBER', 'DATE'] as const) {
      for (const operator of ['gt', 'gte', 'lt', 'lte'] as const) {
        const answer = await api.listRecordsRaw(tableId, [
          { fieldId: fields[kind].id, operator, value: "1' OR 1=1 --" },
        ]);
        expect(answer.status).toBe(400);
      }
    }
  });
});

describe('injection attempts', () => {
  it('match literally in values and are refused as field ids, changing nothing', async () => {
    const table = await api.createTable({ name: 'Injection' });
    const text = await api.createField(table.id, 'Text');
    await api.createRecords(
      table.id,
      ["' OR 1=1 --", 'plain', '100%', 'a_b', 'axb', "it's"].map((value) => [{ fieldId: text.id, value }]),
    );
    const values = async (operator: RecordFilterOperator, value: string) =>
      (await api.listRecords(table.id, [{ fieldId: text.id, operator, value }])).data
        .map((record) => record.cells[text.id]!.value)
        .sort();
    expect(await values('eq', "' OR 1=1 --")).toEqual(["' OR 1=1 --"]);
    expect(await values('co', '%')).toEqual(['100%']);
    expect(await values('co', '_')).toEqual(['a_b']);
    expect(await values('co', "'")).toEqual(["' OR 1=1 --", "it's"]);
    expect(await values('eq', '%')).toEqual([]);

    const otherTable = await api.createTable({ name: 'Elsewhere' });
    const otherField = await api.createField(otherTable.id, 'Other');
    const stranger = await signUpTestUser(server);
    const strangerTable = await tablesApi(server, stranger).createTable({ name: 'Stranger' });
    const strangerField = await tablesApi(server, stranger).createField(strangerTable.id, 'Theirs');
    const db = server.server.context.store.db;
    const cellsBefore = await db
      .selectFrom('tableCell')
      .selectAll()
      .orderBy('recordId')
      .orderBy('fieldId')
      .execute();
    for (const fieldId of ["' OR 1=1 --", `${text.id}' OR '1'='1`, '%', otherField.id, strangerField.id]) {
      const answer = await api.listRecordsRaw(table.id, [{ fieldId, operator: 'eq', value: 'plain' }]);
      expect(answer.status, fieldId).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION', params: { fieldId } });
    }
    const cellsAfter = await db
      .selectFrom('tableCell')
      .selectAll()
      .orderBy('recordId')
      .orderBy('fieldId')
      .execute();
    expect(cellsAfter).toEqual(cellsBefore);
    const unknownOperator = await api.call(
      'GET',
      `/v1/records?tableId=${table.id}&filters[0][fieldId]=${text.id}&filters[0][operator]=like&filters[0][value]=x`,
    );
    expect(unknownOperator.status).toBe(400);
  });
});
