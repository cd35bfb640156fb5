import type { BranchCondition, ConditionBranch, FallbackBranch } from '@piecework/shared';

/** One condition shape with its operands replaced by resolved values of any type. */
type WithResolvedOperands<C> = C extends unknown
  ? Omit<C, 'firstValue' | 'secondValue'> & { firstValue: unknown } & ('secondValue' extends keyof C
        ? { secondValue: unknown }
        : { secondValue?: unknown })
  : never;

/**
 * A router condition after its settings were resolved: the operands are no longer the stored
 * `{{ }}` strings but whatever they resolved to (a single-token operand keeps its value's own
 * type: a number, a list, an object, `''` for a missing value...). The operator decides how the
 * values are compared; see {@link evaluateCondition}.
 */
export type ResolvedCondition = WithResolvedOperands<BranchCondition>;

/** Conditions of a resolved branch: OR over the groups, AND inside a group. */
export type ResolvedConditionGroups = readonly (readonly ResolvedCondition[])[];

/** A CONDITION router branch whose conditions were resolved. */
export type ResolvedConditionBranch = Omit<ConditionBranch, 'conditions'> & {
  conditions: ResolvedConditionGroups;
};

/** A router branch after its settings were resolved (FALLBACK branches carry no conditions). */
export type ResolvedRouterBranch = ResolvedConditionBranch | FallbackBranch;
