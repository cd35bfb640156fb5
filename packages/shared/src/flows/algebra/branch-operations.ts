import { defaultBranchConditions } from '../conditions';
import type { FlowVersion } from '../flow-version';
import type { FlowOperationRequest } from '../operations';
import type { RouterBranch } from '../router';
import { copyChain } from './copy-subtree';
import { type FlowOperationContext, editStepTree, fail, requireStep } from './edit-context';
import { stepNameAllocator } from './naming';
import { treeNames, type StepNode, type StepTree } from './step-tree';

type RouterNode = StepNode & { body: Extract<StepNode['body'], { type: 'ROUTER' }> };

function requireRouter(tree: StepTree, stepName: string): RouterNode {
  const { node } = requireStep(tree, stepName, 'router');
  if (node.body.type !== 'ROUTER')
    fail(`step '${stepName}' is ${node.body.type}, not a ROUTER`, { stepName });
  return node as RouterNode;
}

function requireBranch(router: RouterNode, index: number): RouterBranch {
  const branch = router.body.settings.branches[index];
  if (!branch) {
    fail(
      `router '${router.body.name}' has no branch ${index} (it has ${router.body.settings.branches.length})`,
      {
        stepName: router.body.name,
        branchIndex: index,
      },
    );
  }
  return branch;
}

function setBranches(router: RouterNode, branches: RouterBranch[], now: string): void {
  router.body = { ...router.body, settings: { ...router.body.settings, branches }, lastUpdatedDate: now };
}

function fallbackIndex(branches: readonly RouterBranch[]): number {
  return branches.findIndex((branch) => branch.branchType === 'FALLBACK');
}

/**
 * ADD_BRANCH: inserts a CONDITION branch at `branchIndex` with a `null` child. Without
 * conditions it gets one group with one empty TEXT_CONTAINS condition. The FALLBACK branch
 * stays last, so the index may be at most the FALLBACK's.
 */
export function addBranch(
  version: FlowVersion,
  request: FlowOperationRequest<'ADD_BRANCH'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const router = requireRouter(tree, request.stepName);
    const branches = [...router.body.settings.branches];
    const fallback = fallbackIndex(branches);
    const highest = fallback === -1 ? branches.length : fallback;
    if (request.branchIndex > highest) {
      fail(
        `branch index ${request.branchIndex} is out of range: new branches go at 0..${highest}, before the FALLBACK branch`,
        {
          stepName: request.stepName,
          branchIndex: request.branchIndex,
        },
      );
    }
    const conditions = request.conditions ?? defaultBranchConditions();
    branches.splice(request.branchIndex, 0, {
      branchType: 'CONDITION',
      branchName: request.branchName,
      conditions,
    });
    setBranches(router, branches, context.now);
    router.chains.splice(request.branchIndex, 0, []);
  });
}

/** DELETE_BRANCH: removes a branch and every step in it. */
export function deleteBranch(
  version: FlowVersion,
  request: FlowOperationRequest<'DELETE_BRANCH'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const router = requireRouter(tree, request.stepName);
    requireBranch(router, request.branchIndex);
    const branches = router.body.settings.branches.filter((_, index) => index !== request.branchIndex);
    setBranches(router, branches, context.now);
    router.chains.splice(request.branchIndex, 1);
  });
}

/**
 * DUPLICATE_BRANCH: copies a CONDITION branch right after itself as `<name> Copy`, its steps
 * renamed and their references rewritten (see {@link copyChain}). The FALLBACK branch cannot be
 * duplicated: a router has at most one.
 */
export function duplicateBranch(
  version: FlowVersion,
  request: FlowOperationRequest<'DUPLICATE_BRANCH'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const router = requireRouter(tree, request.stepName);
    const branch = requireBranch(router, request.branchIndex);
    if (branch.branchType === 'FALLBACK') {
      fail('the FALLBACK branch cannot be duplicated; a router has only one', { stepName: request.stepName });
    }
    const copiedSteps = copyChain(
      router.chains[request.branchIndex]!,
      stepNameAllocator(treeNames(tree)),
      context.now,
    );
    const branches = [...router.body.settings.branches];
    branches.splice(request.branchIndex + 1, 0, { ...branch, branchName: `${branch.branchName} Copy` });
    setBranches(router, branches, context.now);
    router.chains.splice(request.branchIndex + 1, 0, copiedSteps);
  });
}

/**
 * MOVE_BRANCH: moves a branch and its child to `targetBranchIndex`. The FALLBACK branch stays
 * last: moving it, moving onto or past it, or an index out of range is refused with
 * FLOW_OPERATION_INVALID and nothing changes. Moving a branch onto itself changes nothing.
 */
export function moveBranch(
  version: FlowVersion,
  request: FlowOperationRequest<'MOVE_BRANCH'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const router = requireRouter(tree, request.stepName);
    const { sourceBranchIndex: source, targetBranchIndex: target } = request;
    const branch = requireBranch(router, source);
    requireBranch(router, target);
    const branches = [...router.body.settings.branches];
    const fallback = fallbackIndex(branches);
    if (branch.branchType === 'FALLBACK' || (fallback !== -1 && target >= fallback)) {
      fail('the FALLBACK branch stays last: it cannot move, and no branch can move onto or past it', {
        stepName: request.stepName,
        sourceBranchIndex: source,
        targetBranchIndex: target,
      });
    }
    branches.splice(target, 0, ...branches.splice(source, 1));
    router.chains.splice(target, 0, ...router.chains.splice(source, 1));
    setBranches(router, branches, context.now);
  });
}
