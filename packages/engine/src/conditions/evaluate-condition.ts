import {
  conditionDate,
  conditionListCoerced,
  conditionListOrUndefined,
  conditionNumber,
  conditionText,
} from './condition-coercions';
import type { ResolvedCondition, ResolvedConditionGroups } from './resolved-condition';

function text(value: unknown, caseSensitive: boolean | undefined): string {
  const result = conditionText(value);
  return caseSensitive === true ? result : result.toLowerCase();
}

function compareNumbers(first: unknown, second: unknown, test: (a: number, b: number) => boolean): boolean {
  const a = conditionNumber(first);
  const b = conditionNumber(second);
  return !Number.isNaN(a) && !Number.isNaN(b) && test(a, b);
}

function compareDates(first: unknown, second: unknown, test: (a: number, b: number) => boolean): boolean {
  const a = conditionDate(first);
  const b = conditionDate(second);
  return a !== undefined && b !== undefined && test(a, b);
}

function listContains(list: unknown, item: unknown, caseSensitive: boolean | undefined): boolean {
  const wanted = text(item, caseSensitive);
  return conditionListCoerced(list).some((entry) => text(entry, caseSensitive) === wanted);
}

function exists(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/**
 * Evaluates one resolved router condition, as Activepieces does:
 * - TEXT_*: both sides as text ({@link conditionText}: non-strings as compact JSON, `undefined`
 *   and `null` as `''`), lower-cased unless `caseSensitive` is true. Every text contains, starts
 *   and ends with `''`.
 * - NUMBER_*: `Number()` on both sides ({@link conditionNumber}: `''` is 0); a side that is not
 *   numeric makes the condition false (also for NUMBER_IS_EQUAL_TO between two equal words).
 * - DATE_*: both sides must be valid dates ({@link conditionDate}), compared to the millisecond;
 *   an invalid side makes every DATE_* operator false.
 * - LIST_CONTAINS / LIST_DOES_NOT_CONTAIN: `firstValue` as a list ({@link conditionListCoerced}),
 *   its items compared as text with `secondValue` (equal text, `caseSensitive` as for TEXT_*).
 *   LIST_DOES_NOT_CONTAIN is the exact negation of LIST_CONTAINS.
 * - LIST_IS_EMPTY / LIST_IS_NOT_EMPTY: false for anything that is not a list or a JSON-array string.
 * - EXISTS: not `undefined`, `null` or `''`; DOES_NOT_EXIST is its negation.
 * - BOOLEAN_IS_TRUE: JavaScript truthiness (the text `'false'` is true, `0` and `''` false);
 *   BOOLEAN_IS_FALSE is its negation.
 *
 * Never throws for any operand value; throws only for an operator outside the schema (a bug).
 *
 * @example
 * ```ts
 * evaluateCondition({ operator: 'TEXT_CONTAINS', firstValue: 'Hello', secondValue: 'hell' }); // true
 * evaluateCondition({ operator: 'NUMBER_IS_GREATER_THAN', firstValue: '10', secondValue: 9 }); // true
 * ```
 */
export function evaluateCondition(condition: ResolvedCondition): boolean {
  switch (condition.operator) {
    case 'TEXT_CONTAINS':
    case 'TEXT_DOES_NOT_CONTAIN': {
      const { firstValue, secondValue, caseSensitive } = condition;
      const contains = text(firstValue, caseSensitive).includes(text(secondValue, caseSensitive));
      return condition.operator === 'TEXT_CONTAINS' ? contains : !contains;
    }
    case 'TEXT_EXACTLY_MATCHES':
    case 'TEXT_DOES_NOT_EXACTLY_MATCH': {
      const { firstValue, secondValue, caseSensitive } = condition;
      const matches = text(firstValue, caseSensitive) === text(secondValue, caseSensitive);
      return condition.operator === 'TEXT_EXACTLY_MATCHES' ? matches : !matches;
    }
    case 'TEXT_START_WITH':
    case 'TEXT_DOES_NOT_START_WITH': {
      const { firstValue, secondValue, caseSensitive } = condition;
      const starts = text(firstValue, caseSensitive).startsWith(text(secondValue, caseSensitive));
      return condition.operator === 'TEXT_START_WITH' ? starts : !starts;
    }
    case 'TEXT_ENDS_WITH':
    case 'TEXT_DOES_NOT_END_WITH': {
      const { firstValue, secondValue, caseSensitive } = condition;
      const ends = text(firstValue, caseSensitive).endsWith(text(secondValue, caseSensitive));
      return condition.operator === 'TEXT_ENDS_WITH' ? ends : !ends;
    }
    case 'LIST_CONTAINS':
      return listContains(condition.firstValue, condition.secondValue, condition.caseSensitive);
    case 'LIST_DOES_NOT_CONTAIN':
      return !listContains(condition.firstValue, condition.secondValue, condition.caseSensitive);
    case 'NUMBER_IS_GREATER_THAN':
      return compareNumbers(condition.firstValue, condition.secondValue, (a, b) => a > b);
    case 'NUMBER_IS_LESS_THAN':
      return compareNumbers(condition.firstValue, condition.secondValue, (a, b) => a < b);
    case 'NUMBER_IS_EQUAL_TO':
      return compareNumbers(condition.firstValue, condition.secondValue, (a, b) => a === b);
    case 'DATE_IS_BEFORE':
      return compareDates(condition.firstValue, condition.secondValue, (a, b) => a < b);
    case 'DATE_IS_EQUAL':
      return compareDates(condition.firstValue, condition.secondValue, (a, b) => a === b);
    case 'DATE_IS_AFTER':
      return compareDates(condition.firstValue, condition.secondValue, (a, b) => a > b);
    case 'LIST_IS_EMPTY':
      return conditionListOrUndefined(condition.firstValue)?.length === 0;
    case 'LIST_IS_NOT_EMPTY': {
      const length = conditionListOrUndefined(condition.firstValue)?.length;
      return length !== undefined && length > 0;
    }
    case 'EXISTS':
      return exists(condition.firstValue);
    case 'DOES_NOT_EXIST':
      return !exists(condition.firstValue);
    case 'BOOLEAN_IS_TRUE':
      return Boolean(condition.firstValue);
    case 'BOOLEAN_IS_FALSE':
      return !condition.firstValue;
    default: {
      const unknown: never = condition;
      throw new Error(
        `Unknown router condition operator: ${String((unknown as { operator: unknown }).operator)}`,
      );
    }
  }
}

/**
 * Evaluates a branch's resolved conditions: true when at least one group has all its
 * conditions true (OR over groups, AND inside a group). An empty list of groups is false; an
 * empty group inside a non-empty list is true (an AND over nothing), as on Activepieces.
 *
 * @example
 * ```ts
 * evaluateConditions([[isAdmin], [isOwner, isActive]]); // isAdmin || (isOwner && isActive)
 * evaluateConditions([]); // false
 * ```
 */
export function evaluateConditions(groups: ResolvedConditionGroups): boolean {
  return groups.some((group) => group.every((condition) => evaluateCondition(condition)));
}
