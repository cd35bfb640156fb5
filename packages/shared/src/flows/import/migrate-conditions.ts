import { SingleValueConditionOperator } from '../conditions';
import { isRecord } from './import-refusal';

const singleValue = new Set<string>(SingleValueConditionOperator.options);
const text = (value: unknown) => (typeof value === 'string' ? value : value == null ? '' : String(value));

/**
 * One exported router or branch condition in today's shape: single-value operators keep only
 * `firstValue` (old exports send `secondValue: ""`), two-operand ones get a missing
 * `secondValue` as `""`, and `caseSensitive` is kept only when it is a boolean.
 */
export function migrateCondition(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const operator = raw.operator;
  if (typeof operator === 'string' && singleValue.has(operator))
    return { operator, firstValue: text(raw.firstValue) };
  return {
    operator,
    firstValue: text(raw.firstValue),
    secondValue: text(raw.secondValue),
    ...(typeof raw.caseSensitive === 'boolean' ? { caseSensitive: raw.caseSensitive } : {}),
  };
}

/** Exported conditions (OR of AND-groups) with every condition migrated. */
export function migrateConditions(raw: unknown): unknown {
  if (!Array.isArray(raw)) return [];
  return raw.map((group) => (Array.isArray(group) ? group.map(migrateCondition) : group));
}
