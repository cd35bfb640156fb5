/**
 * `GET /v1/records` filters, checked and grouped; `record-filter-repository.ts` turns them into SQL
 * conditions on `tableRecord.id`, built only from bound parameters. Each filter is checked first:
 * its field must be a field of the listed table (else 400 VALIDATION naming the fieldId), and a
 * typed comparison's value must read as its field's type.
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
import { invalidRequest } from '../../infrastructure/errors';
import { instantOf, numberOf } from './cell-values';
import type { FieldRow } from './table-views';

/** A filter whose field and value were checked, ready to become SQL. */
export interface CheckedFilter {
  readonly fieldId: string;
  readonly operator: RecordFilter['operator'];
  readonly column: 'value' | 'number' | 'instant';
  readonly value: string | number;
}

/** The SQL operator of each typed comparison. */
export const COMPARISONS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

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
 * What one record's cell of one field must satisfy: the positive filters on that field together
 * (they hold for one cell at once, so a range `gte` + `lt` is one index range), or one `neq`
 * (`negated`: no cell of the field may equal the value).
 */
export interface CellCondition {
  readonly fieldId: string;
  readonly negated: boolean;
  readonly filters: readonly CheckedFilter[];
}

/** Checked filters grouped into {@link CellCondition}s: positive ones by field, each `neq` alone. */
export function cellConditions(filters: readonly CheckedFilter[]): CellCondition[] {
  const positive = new Map<string, CheckedFilter[]>();
  const conditions: CellCondition[] = [];
  for (const filter of filters) {
    if (filter.operator === 'neq') {
      conditions.push({ fieldId: filter.fieldId, negated: true, filters: [filter] });
    } else {
      const list = positive.get(filter.fieldId) ?? [];
      list.push(filter);
      positive.set(filter.fieldId, list);
    }
  }
  for (const [fieldId, list] of positive) conditions.push({ fieldId, negated: false, filters: list });
  return conditions;
}
