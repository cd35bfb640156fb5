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
import type { ExpressionBuilder, Expression, Kysely, SqlBool } from 'kysely';
import { invalidRequest } from '../../errors';
import type { Database } from '../../storage/database';
import { textContains } from '../../storage/text-contains';
import { instantOf, numberOf } from './cell-values';
import type { FieldRow } from './table-views';

/** A filter whose field and value were checked, ready to become SQL. */
interface CheckedFilter {
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

/** The condition on `tableRecord.id` of one checked filter. */
export function recordFilterCondition(
  db: Kysely<Database>,
  eb: ExpressionBuilder<Database, 'tableRecord'>,
  filter: CheckedFilter,
): Expression<SqlBool> {
  const cells = eb
    .selectFrom('tableCell')
    .select('tableCell.recordId')
    .where('tableCell.fieldId', '=', filter.fieldId);
  switch (filter.operator) {
    case 'eq':
      return eb('tableRecord.id', 'in', cells.where('tableCell.value', '=', String(filter.value)));
    case 'neq':
      return eb('tableRecord.id', 'not in', cells.where('tableCell.value', '=', String(filter.value)));
    case 'co':
      return eb(
        'tableRecord.id',
        'in',
        cells.where((inner) => textContains(db, inner.ref('tableCell.value'), String(filter.value))),
      );
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return eb(
        'tableRecord.id',
        'in',
        cells.where(`tableCell.${filter.column}`, COMPARISONS[filter.operator], filter.value),
      );
  }
}
