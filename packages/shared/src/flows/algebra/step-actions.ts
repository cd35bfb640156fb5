import type { FlowVersion } from '../flow-version';
import type { FlowOperationRequest } from '../operations';
import {
  type FlowOperationContext,
  editStepTree,
  fail,
  requireStep,
  stepBodyFromRequest,
} from './edit-context';
import { insertStep } from './insert-step';
import { emptyChains, locateStep, subtreeNodes, treeNames, type StepNode } from './step-tree';

/**
 * ADD_ACTION: inserts a new step (see {@link insertStep} for where). A new loop starts with an
 * empty body and a new router with a `null` child per branch, whatever the request held.
 * The name must be free in the whole version.
 */
export function addAction(
  version: FlowVersion,
  request: FlowOperationRequest<'ADD_ACTION'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const name = request.action.name;
    if (treeNames(tree).has(name)) fail(`a step named '${name}' already exists`, { stepName: name });
    const body = stepBodyFromRequest(request.action, context.now);
    insertStep(
      tree,
      { body, chains: emptyChains(body) },
      {
        parentStep: request.parentStep,
        location: request.stepLocationRelativeToParent,
        branchIndex: request.branchIndex,
      },
    );
  });
}

/**
 * UPDATE_ACTION: replaces a step's fields (settings, displayName, valid, skip) and keeps its
 * links. A loop keeps its body and a router its children while they stay a loop / a router of
 * as many branches; turning one into another type drops its body or children. Sample data in
 * the request is ignored and the stored sample data kept; `lastUpdatedDate` is stamped.
 */
export function updateAction(
  version: FlowVersion,
  request: FlowOperationRequest<'UPDATE_ACTION'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const { node } = requireStep(tree, request.name);
    const body = stepBodyFromRequest(request, context.now);
    const keptSampleData = node.body.settings.sampleData;
    if (keptSampleData)
      body.settings = { ...body.settings, sampleData: keptSampleData } as typeof body.settings;
    node.chains = chainsAfterUpdate(node, body);
    node.body = body;
  });
}

function chainsAfterUpdate(node: StepNode, body: StepNode['body']): StepNode[][] {
  if (body.type === 'LOOP_ON_ITEMS') return node.body.type === 'LOOP_ON_ITEMS' ? node.chains : [[]];
  if (body.type !== 'ROUTER') return [];
  const branchCount = body.settings.branches.length;
  if (node.body.type !== 'ROUTER') return body.settings.branches.map(() => []);
  if (branchCount !== node.chains.length) {
    fail(
      `router '${body.name}' has ${node.chains.length} branches; UPDATE_ACTION cannot change that to ${branchCount} (use ADD_BRANCH / DELETE_BRANCH)`,
      { stepName: body.name },
    );
  }
  return node.chains;
}

/**
 * DELETE_ACTION: removes each named step with its loop body / router children; its successor
 * takes its place. Names that do not exist (or were removed with an earlier one) are ignored,
 * as Activepieces does, so a repeated delete is harmless. The trigger cannot go.
 */
export function deleteAction(
  version: FlowVersion,
  request: FlowOperationRequest<'DELETE_ACTION'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    for (const name of request.names) {
      if (name === tree.trigger.name)
        fail('the trigger cannot be deleted; use UPDATE_TRIGGER', { stepName: name });
      const location = locateStep(tree, name);
      if (location) location.chain.splice(location.chain.indexOf(location.node), 1);
    }
  });
}

/**
 * MOVE_ACTION: detaches a step together with its body or children and inserts it like
 * ADD_ACTION at the new place. Names do not change. A step cannot move into itself.
 */
export function moveAction(
  version: FlowVersion,
  request: FlowOperationRequest<'MOVE_ACTION'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const moved = requireStep(tree, request.name);
    const inside = subtreeNodes(moved.node).some((node) => node.body.name === request.newParentStep);
    if (inside) {
      fail(
        `step '${request.name}' cannot move relative to '${request.newParentStep}', which is itself or inside it`,
        {
          stepName: request.name,
          newParentStep: request.newParentStep,
        },
      );
    }
    moved.chain.splice(moved.chain.indexOf(moved.node), 1);
    insertStep(tree, moved.node, {
      parentStep: request.newParentStep,
      location: request.stepLocationRelativeToNewParent,
      branchIndex: request.branchIndex,
    });
  });
}

/** SET_SKIP_ACTION: sets `skip` on each named step; every name must exist. */
export function setSkipAction(
  version: FlowVersion,
  request: FlowOperationRequest<'SET_SKIP_ACTION'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    for (const name of request.names) {
      const { node } = requireStep(tree, name);
      node.body = { ...node.body, skip: request.skip, lastUpdatedDate: context.now };
    }
  });
}
