/**
 * `GET /v1/records` filters as SQL conditions on `tableRecord.id`, built only from bound
 * parameters. Each filter is checked first: its field must be a field of the listed table (else
 * 400 VALIDATION naming the fieldId), and a typed comparison's value must read as its field's type.
 *
 * What each operator compares (a record with no cell for the field has no value):
 * - `eq`, `neq`, `co`: the stored text, exactly and case-sensitively (two spellings of one
 *   instant are different texts); `neq` matches records whose text is not the value, records with
 *   no value included; `co` is a literal substring (no wildcards);
 * - `gt`, `gte`, `lt`, `lte`: on DATE fields the instants (ISO-8601 texts, offsets applied; cells
 *   that are not dates never match), on NUMBER fields the numbers (cells that are not numbers
 *   never match), on TEXT and STATIC_DROPDOWN fields the texts in byte (code point) order.
 */
import type { RecordFilter } from '@piecework/shared';
import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import { invalidRequest } from '../../errors';
import type { Database } from '../../storage/database';
import { textContains } from '../../storage/text-contains';
import { instantOf, numberOf } from './cell-values';
import type { FieldRow } from './table-views';

/** A filter whose field and value were checked, ready to become SQL. */
export interface CheckedFilter {
  readonly fieldId: string;
  readonly operator: RecordFilter['operator'];
  readonly column: 'value' | 'number' | 'instant';
  readonly value: string | number;
}

const COMPARISONS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Checks `filters` against the table's `fields` (see the module doc); throws 400 for a bad one. */
export function checkRecordFilters(
  filters: readonly RecordFilter[],
  fields: ReadonlyMap<string, FieldRow>,
): CheckedFilter[] {
  return filters.map((filter) => {
    const field = fields.get(filter.fieldId);
    if (field === undefined) {
      throw invalidRequest(`Field ${filter.fieldId} is not a field of this table`, {
        fieldId: filter.fieldId,
      });
    }
    if (!(filter.operator in COMPARISONS) || field.type === 'TEXT' || field.type === 'STATIC_DROPDOWN') {
      return { fieldId: field.id, operator: filter.operator, column: 'value', value: filter.value };
    }
    if (field.type === 'NUMBER') {
      const number = numberOf(filter.value);
      if (number === null) {
        throw invalidRequest(`Filter value ${filter.value} is not a number`, {
          fieldId: field.id,
          value: filter.value,
        });
      }
      return { fieldId: field.id, operator: filter.operator, column: 'number', value: number };
    }
    const instant = instantOf(filter.value);
    if (instant === null) {
      throw invalidRequest(`Filter value ${filter.value} is not an ISO-8601 date`, {
        fieldId: field.id,
        value: filter.value,
      });
    }
    return { fieldId: field.id, operator: filter.operator, column: 'instant', value: instant };
  });
}

/**
 * A filter matching at most this many cells is "selective": its records are found through its
 * cell index (`(fieldId, value|number|instant)`) as a list; a filter matching more is checked
 * record by record, in page order, with a primary-key probe of the record's cell, which finds a
 * page's records after a few probes because so many match.
 */
export const SELECTIVE_CELLS = 1000;

/** The cells of `filter`'s field that its (positive) condition holds for: `eq` and `neq` compare `value = v`. */
function matchingCells(db: Kysely<Database>, filter: CheckedFilter) {
  const cells = db.selectFrom('tableCell').where('tableCell.fieldId', '=', filter.fieldId);
  switch (filter.operator) {
    case 'eq':
    case 'neq':
      return cells.where('tableCell.value', '=', String(filter.value));
    case 'co':
      return cells.where((inner) => textContains(db, inner.ref('tableCell.value'), String(filter.value)));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return cells.where(`tableCell.${filter.column}`, COMPARISONS[filter.operator], filter.value);
  }
}

/**
 * Whether `filter` matches at most {@link SELECTIVE_CELLS} cells, read from its index with a
 * bounded count. `neq` (matches nearly everything) and `co` (no index) are never selective.
 */
export async function isSelective(
  db: Kysely<Database>,
  filter: CheckedFilter,
  selectiveCells = SELECTIVE_CELLS,
): Promise<boolean> {
  if (filter.operator === 'neq' || filter.operator === 'co') return false;
  const rows = await matchingCells(db, filter)
    .select('tableCell.recordId')
    .limit(selectiveCells + 1)
    .execute();
  return rows.length <= selectiveCells;
}

/**
 * The condition on `tableRecord` of one checked filter: a selective one as `id in (its records)`,
 * any other as a probe of the record's own cell (`exists`, `not exists` for `neq`).
 */
export function recordFilterCondition(
  db: Kysely<Database>,
  eb: ExpressionBuilder<Database, 'tableRecord'>,
  filter: CheckedFilter,
  selective: boolean,
): Expression<SqlBool> {
  const cells = matchingCells(db, filter).select('tableCell.recordId');
  if (selective) return eb('tableRecord.id', 'in', cells);
  const own = cells.where(sql<SqlBool>`${sql.ref('tableCell.recordId')} = ${sql.ref('tableRecord.id')}`);
  return filter.operator === 'neq' ? eb.not(eb.exists(own)) : eb.exists(own);
}
