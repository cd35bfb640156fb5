/**
 * Router conditions: evaluates a router's resolved conditions and picks the branches to run,
 * exactly as Activepieces does for all 22 operators (Piecework's own choices: `docs/engine.md`,
 * Conditions).
 *
 * @example
 * ```ts
 * import { selectBranches } from './conditions';
 * const { branches, executionType } = resolveValue(router.settings, scope, evaluate);
 * const selection = selectBranches(branches, executionType);
 * // record the output { branches: selection.branches }, then run children[i] for each i of selection.selected
 * ```
 * @module
 */
export {
  conditionDate,
  conditionListCoerced,
  conditionListOrUndefined,
  conditionNumber,
  conditionText,
} from './condition-coercions';
export { evaluateCondition, evaluateConditions } from './evaluate-condition';
export type {
  ResolvedCondition,
  ResolvedConditionBranch,
  ResolvedConditionGroups,
  ResolvedRouterBranch,
} from './resolved-condition';
export { selectBranches } from './select-branches';
export type { BranchEvaluation, RouterOutput, RouterSelection } from './select-branches';
