import { z } from 'zod';

/** Operators of the two-operand text and list conditions. */
export const TextConditionOperator = z.enum([
  'TEXT_CONTAINS',
  'TEXT_DOES_NOT_CONTAIN',
  'TEXT_EXACTLY_MATCHES',
  'TEXT_DOES_NOT_EXACTLY_MATCH',
  'TEXT_START_WITH',
  'TEXT_DOES_NOT_START_WITH',
  'TEXT_ENDS_WITH',
  'TEXT_DOES_NOT_END_WITH',
  'LIST_CONTAINS',
  'LIST_DOES_NOT_CONTAIN',
]);
export type TextConditionOperator = z.infer<typeof TextConditionOperator>;

/** Operators of the number conditions. */
export const NumberConditionOperator = z.enum([
  'NUMBER_IS_GREATER_THAN',
  'NUMBER_IS_LESS_THAN',
  'NUMBER_IS_EQUAL_TO',
]);
export type NumberConditionOperator = z.infer<typeof NumberConditionOperator>;

/** Operators of the date conditions. */
export const DateConditionOperator = z.enum(['DATE_IS_BEFORE', 'DATE_IS_EQUAL', 'DATE_IS_AFTER']);
export type DateConditionOperator = z.infer<typeof DateConditionOperator>;

/** Operators that take only `firstValue`. */
export const SingleValueConditionOperator = z.enum([
  'EXISTS',
  'DOES_NOT_EXIST',
  'BOOLEAN_IS_TRUE',
  'BOOLEAN_IS_FALSE',
  'LIST_IS_EMPTY',
  'LIST_IS_NOT_EMPTY',
]);
export type SingleValueConditionOperator = z.infer<typeof SingleValueConditionOperator>;

/** All 22 router condition operators. */
export const BranchOperator = z.enum([
  ...TextConditionOperator.options,
  ...NumberConditionOperator.options,
  ...DateConditionOperator.options,
  ...SingleValueConditionOperator.options,
]);
export type BranchOperator = z.infer<typeof BranchOperator>;

/** A condition operand: a literal or a `{{ }}` template, resolved when the router runs. */
const Operand = z.string();

/** Text and list condition: `firstValue`, `secondValue`, optional `caseSensitive`. */
export const TextCondition = z.object({
  operator: TextConditionOperator,
  firstValue: Operand,
  secondValue: Operand,
  caseSensitive: z.boolean().optional(),
});
export type TextCondition = z.infer<typeof TextCondition>;

/** Number condition: both sides go through `Number()`. */
export const NumberCondition = z.object({
  operator: NumberConditionOperator,
  firstValue: Operand,
  secondValue: Operand,
});
export type NumberCondition = z.infer<typeof NumberCondition>;

/** Date condition: both sides must be valid dates. */
export const DateCondition = z.object({
  operator: DateConditionOperator,
  firstValue: Operand,
  secondValue: Operand,
});
export type DateCondition = z.infer<typeof DateCondition>;

/** Single-value condition: only `firstValue`. */
export const SingleValueCondition = z.object({
  operator: SingleValueConditionOperator,
  firstValue: Operand,
});
export type SingleValueCondition = z.infer<typeof SingleValueCondition>;

/** Any of the four condition shapes, told apart by `operator`. */
export const BranchCondition = z.discriminatedUnion('operator', [
  TextCondition,
  NumberCondition,
  DateCondition,
  SingleValueCondition,
]);
export type BranchCondition = z.infer<typeof BranchCondition>;

/** Conditions of a branch: OR over groups, AND inside a group. */
export const BranchConditions = z.array(z.array(BranchCondition));
export type BranchConditions = z.infer<typeof BranchConditions>;

/** The conditions a new branch gets: one group with one empty TEXT_CONTAINS condition. */
export function defaultBranchConditions(): BranchConditions {
  return [[{ operator: 'TEXT_CONTAINS', firstValue: '', secondValue: '', caseSensitive: false }]];
}
