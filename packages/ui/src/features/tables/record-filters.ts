/**
 * The grid's filter bar as data: filters being written (a field, an operator and a value each)
 * and the `filters[]` of `GET /v1/records` they stand for — those naming a field still in the
 * table, ANDed by the server.
 */
import type { Field, RecordFilter, RecordFilterOperator } from '@piecework/shared';

/** One filter of the bar; `key` keeps its row's identity while others are removed. */
export interface FilterDraft {
  key: number;
  fieldId: string;
  operator: RecordFilterOperator;
  value: string;
}

/** The operators as users read them, in the menu's order. */
export const OPERATOR_LABELS: Record<RecordFilterOperator, string> = {
  eq: 'equals',
  neq: 'does not equal',
  co: 'contains',
  gt: 'greater than',
  gte: 'greater than or equal',
  lt: 'less than',
  lte: 'less than or equal',
};

/** The `filters[]` the drafts stand for: those whose field is one of `fields`. */
export function recordFilters(
  drafts: readonly FilterDraft[],
  fields: readonly Pick<Field, 'id'>[],
): RecordFilter[] {
  const ids = new Set(fields.map((field) => field.id));
  return drafts
    .filter((draft) => ids.has(draft.fieldId))
    .map(({ fieldId, operator, value }) => ({ fieldId, operator, value }));
}
