/**
 * The edits of the router panel, each a function from the router as it is when the edit is sent
 * to one flow operation (so quick successive edits build on each other, never on a stale copy).
 * Changes of the router's own settings (name, execution type, branch names, conditions) are one
 * UPDATE_ACTION of the whole router with `valid` recomputed (every condition has the values its
 * operator needs); adding, duplicating, moving and deleting branches are their own operations.
 */
import type {
  BranchConditions,
  FlowOperation,
  RouterBranch,
  RouterExecutionType,
  RouterStep,
  StepRequest,
} from '@piecework/shared';
import { stepRequestOf } from '../structure/step-request';
import { conditionComplete } from './operators';

/** An edit of a router: the operation to send, made from the router's latest state. */
export type RouterEdit = (step: RouterStep) => FlowOperation;

/** Whether every CONDITION branch has conditions and each has the values its operator needs. */
export function branchesComplete(branches: readonly RouterBranch[]): boolean {
  return branches.every(
    (branch) =>
      branch.branchType === 'FALLBACK' ||
      (branch.conditions.length > 0 &&
        branch.conditions.every((group) => group.length > 0 && group.every(conditionComplete))),
  );
}

type RouterRequest = Extract<StepRequest, { type: 'ROUTER' }>;

function update(change: (request: RouterRequest) => RouterRequest): RouterEdit {
  return (step) => {
    const request = change(stepRequestOf(step) as RouterRequest);
    return {
      type: 'UPDATE_ACTION',
      request: { ...request, valid: branchesComplete(request.settings.branches) },
    };
  };
}

/** Renames the router step. */
export function renameRouter(displayName: string): RouterEdit {
  return update((request) => ({ ...request, displayName }));
}

/** Sets how the router picks branches. */
export function setExecutionType(executionType: RouterExecutionType): RouterEdit {
  return update((request) => ({ ...request, settings: { ...request.settings, executionType } }));
}

function updateBranch(index: number, change: (branch: RouterBranch) => RouterBranch): RouterEdit {
  return update((request) => ({
    ...request,
    settings: {
      ...request.settings,
      branches: request.settings.branches.map((branch, at) => (at === index ? change(branch) : branch)),
    },
  }));
}

/** Renames branch `index`. */
export function renameBranch(index: number, branchName: string): RouterEdit {
  return updateBranch(index, (branch) => ({ ...branch, branchName }));
}

/** Changes the conditions of CONDITION branch `index`. */
export function editConditions(
  index: number,
  change: (conditions: BranchConditions) => BranchConditions,
): RouterEdit {
  return updateBranch(index, (branch) =>
    branch.branchType === 'CONDITION' ? { ...branch, conditions: change(branch.conditions) } : branch,
  );
}

/** A branch name not used yet by the router: "Branch N". */
function freshBranchName(step: RouterStep): string {
  const used = new Set(step.settings.branches.map((branch) => branch.branchName));
  let n = step.settings.branches.filter((branch) => branch.branchType === 'CONDITION').length + 1;
  while (used.has(`Branch ${String(n)}`)) n++;
  return `Branch ${String(n)}`;
}

/** ADD_BRANCH: a new condition branch, last before the fallback. */
export const addBranch: RouterEdit = (step) => {
  const fallback = step.settings.branches.findIndex((branch) => branch.branchType === 'FALLBACK');
  return {
    type: 'ADD_BRANCH',
    request: {
      stepName: step.name,
      branchIndex: fallback === -1 ? step.settings.branches.length : fallback,
      branchName: freshBranchName(step),
    },
  };
};

/** DUPLICATE_BRANCH of branch `index`. */
export function duplicateBranch(index: number): RouterEdit {
  return (step) => ({ type: 'DUPLICATE_BRANCH', request: { stepName: step.name, branchIndex: index } });
}

/** DELETE_BRANCH of branch `index` (and its steps). */
export function deleteBranch(index: number): RouterEdit {
  return (step) => ({ type: 'DELETE_BRANCH', request: { stepName: step.name, branchIndex: index } });
}

/** MOVE_BRANCH of branch `from` to position `to`. */
export function moveBranch(from: number, to: number): RouterEdit {
  return (step) => ({
    type: 'MOVE_BRANCH',
    request: { stepName: step.name, sourceBranchIndex: from, targetBranchIndex: to },
  });
}
