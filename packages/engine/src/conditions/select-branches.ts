import type { RouterExecutionType } from '@piecework/shared';
import { evaluateConditions } from './evaluate-condition';
import type { ResolvedRouterBranch } from './resolved-condition';

/** How one branch evaluated: one entry of a router step's output. */
export interface BranchEvaluation {
  branchName: string;
  /** 1-based position of the branch in `settings.branches`. */
  branchIndex: number;
  evaluation: boolean;
}

/** A router step's output, as Activepieces records it: every branch, in order, with its evaluation. */
export interface RouterOutput {
  branches: BranchEvaluation[];
}

/**
 * What a router decided. Its step output is `{ branches }` (a {@link RouterOutput}); `selected`
 * says which children to run.
 */
export interface RouterSelection {
  /** Every branch, in order, with its evaluation: the router step's output is `{ branches }`. */
  branches: BranchEvaluation[];
  /**
   * 0-based positions of the branches to run, in order (`children[i]`; the branch's
   * `branchIndex` is `i + 1`): the first branch whose evaluation is true for
   * EXECUTE_FIRST_MATCH (none when no branch is true), every such branch for EXECUTE_ALL_MATCH.
   */
  selected: number[];
}

/**
 * Evaluates a router's resolved branches.
 *
 * A CONDITION branch's evaluation is {@link evaluateConditions} of its conditions; a FALLBACK
 * branch's is true exactly when no CONDITION branch is true. The output lists EVERY branch with
 * its own evaluation, whatever the execution type (as Activepieces records it): with
 * EXECUTE_FIRST_MATCH several branches may show `evaluation: true` while only the first of them
 * is `selected`. A router with no branches selects nothing.
 *
 * @example
 * ```ts
 * selectBranches([isBig, isRed, fallback], 'EXECUTE_FIRST_MATCH');
 * // when both conditions hold:
 * // { branches: [{ branchName: 'Big', branchIndex: 1, evaluation: true },
 * //             { branchName: 'Red', branchIndex: 2, evaluation: true },
 * //             { branchName: 'Otherwise', branchIndex: 3, evaluation: false }],
 * //   selected: [0] }
 * ```
 */
export function selectBranches(
  branches: readonly ResolvedRouterBranch[],
  executionType: RouterExecutionType,
): RouterSelection {
  const conditionResults = branches.map((branch) =>
    branch.branchType === 'CONDITION' ? evaluateConditions(branch.conditions) : false,
  );
  const anyConditionTrue = conditionResults.some(Boolean);
  const evaluations = branches.map((branch, index): BranchEvaluation => ({
    branchName: branch.branchName,
    branchIndex: index + 1,
    evaluation: branch.branchType === 'FALLBACK' ? !anyConditionTrue : (conditionResults[index] ?? false),
  }));
  const positions = evaluations.filter((branch) => branch.evaluation).map((branch) => branch.branchIndex - 1);
  return {
    branches: evaluations,
    selected: executionType === 'EXECUTE_FIRST_MATCH' ? positions.slice(0, 1) : positions,
  };
}
