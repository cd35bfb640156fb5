/**
 * The 22 router condition operators as the conditions editor shows them: their labels (the
 * reference builder's), which take a second value, which can be case-sensitive, and how a
 * condition changes shape when its operator changes.
 */
import {
  BranchOperator,
  SingleValueConditionOperator,
  TextConditionOperator,
  type BranchCondition,
} from '@piecework/shared';

/** Each operator's label, grouped by the kind of value it compares. */
export const OPERATOR_LABELS: Readonly<Record<BranchOperator, string>> = {
  TEXT_CONTAINS: '(Text) Contains',
  TEXT_DOES_NOT_CONTAIN: '(Text) Does not contain',
  TEXT_EXACTLY_MATCHES: '(Text) Exactly matches',
  TEXT_DOES_NOT_EXACTLY_MATCH: '(Text) Does not exactly match',
  TEXT_START_WITH: '(Text) Starts with',
  TEXT_DOES_NOT_START_WITH: '(Text) Does not start with',
  TEXT_ENDS_WITH: '(Text) Ends with',
  TEXT_DOES_NOT_END_WITH: '(Text) Does not end with',
  NUMBER_IS_GREATER_THAN: '(Number) Is greater than',
  NUMBER_IS_LESS_THAN: '(Number) Is less than',
  NUMBER_IS_EQUAL_TO: '(Number) Is equal to',
  BOOLEAN_IS_TRUE: '(Boolean) Is true',
  BOOLEAN_IS_FALSE: '(Boolean) Is false',
  DATE_IS_BEFORE: '(Date) Is before',
  DATE_IS_EQUAL: '(Date) Is equal to',
  DATE_IS_AFTER: '(Date) Is after',
  LIST_CONTAINS: '(List) Contains',
  LIST_DOES_NOT_CONTAIN: '(List) Does not contain',
  LIST_IS_EMPTY: '(List) Is empty',
  LIST_IS_NOT_EMPTY: '(List) Is not empty',
  EXISTS: 'Exists',
  DOES_NOT_EXIST: 'Does not exist',
};

/** The operator options in the order of the select. */
export const OPERATOR_OPTIONS = BranchOperator.options.map((value) => ({
  value,
  label: OPERATOR_LABELS[value],
}));

const singleValue = new Set<string>(SingleValueConditionOperator.options);
const textLike = new Set<string>(TextConditionOperator.options);

/** Whether `operator` compares `firstValue` with a `secondValue`. */
export function takesSecondValue(operator: BranchOperator): boolean {
  return !singleValue.has(operator);
}

/** Whether `operator` has the case-sensitive switch (the text and list-contains ones). */
export function takesCaseSensitive(operator: BranchOperator): boolean {
  return textLike.has(operator);
}

/** `condition` with `operator`: the second value kept where it applies, the switch only on text. */
export function withOperator(condition: BranchCondition, operator: BranchOperator): BranchCondition {
  const firstValue = condition.firstValue;
  const secondValue = 'secondValue' in condition ? condition.secondValue : '';
  const caseSensitive = 'caseSensitive' in condition ? (condition.caseSensitive ?? false) : false;
  if (!takesSecondValue(operator)) return { operator: operator as SingleValueConditionOperator, firstValue };
  if (takesCaseSensitive(operator))
    return { operator: operator as TextConditionOperator, firstValue, secondValue, caseSensitive };
  return { operator, firstValue, secondValue } as BranchCondition;
}

/** A new empty condition (text contains). */
export function emptyCondition(): BranchCondition {
  return { operator: 'TEXT_CONTAINS', firstValue: '', secondValue: '', caseSensitive: false };
}

/** Whether a condition has every value its operator needs. */
export function conditionComplete(condition: BranchCondition): boolean {
  if (condition.firstValue.trim() === '') return false;
  return !('secondValue' in condition) || condition.secondValue.trim() !== '';
}
