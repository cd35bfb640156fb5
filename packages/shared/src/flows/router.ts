import { z } from 'zod';
import { BranchConditions } from './conditions';

/** How a router picks branches: every true branch, or the first true one. */
export const RouterExecutionType = z.enum(['EXECUTE_ALL_MATCH', 'EXECUTE_FIRST_MATCH']);
export type RouterExecutionType = z.infer<typeof RouterExecutionType>;

/** The two kinds of router branch. */
export const BranchType = z.enum(['CONDITION', 'FALLBACK']);
export type BranchType = z.infer<typeof BranchType>;

/** A branch taken when its conditions hold. */
export const ConditionBranch = z.object({
  branchType: z.literal('CONDITION'),
  branchName: z.string(),
  conditions: BranchConditions,
});
export type ConditionBranch = z.infer<typeof ConditionBranch>;

/** The branch taken exactly when no CONDITION branch is; always last. */
export const FallbackBranch = z.object({
  branchType: z.literal('FALLBACK'),
  branchName: z.string(),
});
export type FallbackBranch = z.infer<typeof FallbackBranch>;

/** A router branch, told apart by `branchType`. */
export const RouterBranch = z.discriminatedUnion('branchType', [ConditionBranch, FallbackBranch]);
export type RouterBranch = z.infer<typeof RouterBranch>;
