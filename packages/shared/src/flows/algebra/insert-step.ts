import type { StepLocationRelativeToParent } from '../operations';
import { fail, requireStep } from './edit-context';
import type { StepNode, StepTree } from './step-tree';

/** Where to put a step: after/inside which parent, and which branch for INSIDE_BRANCH. */
export interface InsertionPoint {
  parentStep: string;
  location?: StepLocationRelativeToParent;
  branchIndex?: number;
}

/**
 * Inserts a node (with its nested chains) into the tree, as ADD_ACTION and MOVE_ACTION do:
 * - AFTER: directly after the parent (the old successor follows the new step);
 * - INSIDE_LOOP: head of the loop's body (the old head follows it);
 * - INSIDE_BRANCH: head of router branch `branchIndex` (the old head follows it).
 * A loop or router parent needs an explicit location; a location must fit its parent.
 */
export function insertStep(tree: StepTree, node: StepNode, point: InsertionPoint): void {
  const { parentStep, location, branchIndex } = point;
  if (parentStep === tree.trigger.name) {
    if (location !== undefined && location !== 'AFTER') {
      fail(`a step can only go AFTER the trigger, not ${location}`, { parentStep, location });
    }
    tree.chain.unshift(node);
    return;
  }
  const parent = requireStep(tree, parentStep, 'parent step');
  const parentType = parent.node.body.type;
  const isContainer = parentType === 'LOOP_ON_ITEMS' || parentType === 'ROUTER';
  if (location === undefined && isContainer) {
    fail(
      `adding to ${parentType} step '${parentStep}' needs stepLocationRelativeToParent (AFTER, INSIDE_LOOP or INSIDE_BRANCH)`,
      {
        parentStep,
      },
    );
  }
  switch (location ?? 'AFTER') {
    case 'AFTER':
      parent.chain.splice(parent.chain.indexOf(parent.node) + 1, 0, node);
      return;
    case 'INSIDE_LOOP':
      if (parentType !== 'LOOP_ON_ITEMS') {
        fail(`INSIDE_LOOP needs a LOOP_ON_ITEMS parent, but '${parentStep}' is ${parentType}`, {
          parentStep,
        });
      }
      parent.node.chains[0]!.unshift(node);
      return;
    case 'INSIDE_BRANCH': {
      if (parentType !== 'ROUTER') {
        fail(`INSIDE_BRANCH needs a ROUTER parent, but '${parentStep}' is ${parentType}`, { parentStep });
      }
      const branch = branchIndex === undefined ? undefined : parent.node.chains[branchIndex];
      if (!branch) {
        fail(
          `router '${parentStep}' has no branch ${String(branchIndex)} (it has ${parent.node.chains.length})`,
          {
            parentStep,
            branchIndex,
          },
        );
      }
      branch.unshift(node);
      return;
    }
  }
}
