/**
 * Record filters as SQL: each checked cell condition (`record-filters.ts`) as a condition on
 * `tableRecord.id`, built only from bound parameters, and the measure of how many cells it matches.
 */
import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { textContains } from '../../infrastructure/storage/text-contains';
import { COMPARISONS, type CellCondition, type CheckedFilter } from './record-filters';

/**
 * A condition matching at most this many cells is "selective": its records are found through its
 * cell index (`(fieldId, value|number|instant)`) as a list; one matching more is checked record by
 * record, in page order, with a primary-key probe of the record's cell, which finds a page's
 * records after a few probes because so many match.
 */
export const SELECTIVE_CELLS = 5000;

/** One filter as a condition on a `tableCell` row (`neq` as `value = v`, negated by its caller). */
function cellTest(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'tableCell'>, filter: CheckedFilter) {
  switch (filter.operator) {
    case 'eq':
    case 'neq':
      return eb('tableCell.value', '=', String(filter.value));
    case 'co':
      return textContains(db, eb.ref('tableCell.value'), String(filter.value));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return eb(`tableCell.${filter.column}`, COMPARISONS[filter.operator], filter.value);
  }
}

/** The cells of the condition's field that every one of its filters holds for. */
function matchingCells(db: Kysely<Database>, condition: CellCondition) {
  return db
    .selectFrom('tableCell')
    .select('tableCell.recordId')
    .where('tableCell.fieldId', '=', condition.fieldId)
    .where((eb) => eb.and(condition.filters.map((filter) => cellTest(db, eb, filter))));
}

/**
 * Whether `condition` matches at most `selectiveCells` cells, read from its index with a bounded
 * read. A negated one (matches nearly everything) and one of `co` filters only (no index) are
 * never selective.
 */
export async function isSelective(
  db: Kysely<Database>,
  condition: CellCondition,
  selectiveCells = SELECTIVE_CELLS,
): Promise<boolean> {
  if (condition.negated || condition.filters.every((filter) => filter.operator === 'co')) return false;
  const rows = await matchingCells(db, condition)
    .limit(selectiveCells + 1)
    .execute();
  return rows.length <= selectiveCells;
}

/**
 * The condition on `tableRecord` of one cell condition: a selective one as `id in (its records)`,
 * any other as a probe of the record's own cell (`exists`, `not exists` when negated).
 */
export function recordFilterCondition(
  db: Kysely<Database>,
  eb: ExpressionBuilder<Database, 'tableRecord'>,
  condition: CellCondition,
  selective: boolean,
): Expression<SqlBool> {
  const cells = matchingCells(db, condition);
  if (selective) return eb('tableRecord.id', 'in', cells);
  const own = cells.where(sql<SqlBool>`${sql.ref('tableCell.recordId')} = ${sql.ref('tableRecord.id')}`);
  return condition.negated ? eb.not(eb.exists(own)) : eb.exists(own);
}
