import type { StepLocationRelativeToParent } from '../operations';
import type { StepNode, StepTree } from './step-tree';

/**
 * Where a step sits, in the words of ADD_ACTION / MOVE_ACTION: after its previous sibling (or the
 * trigger), first in a loop's body, or first in a router's branch.
 */
export interface StepPlace {
  parentStep: string;
  stepLocationRelativeToParent: StepLocationRelativeToParent;
  branchIndex?: number;
}

/**
 * The place of step `name` in `tree` as ADD_ACTION / MOVE_ACTION name it, or undefined when the
 * tree has no such step. Use it to put a step back where it was (undo of a delete or a move).
 */
export function placeOfStep(tree: StepTree, name: string): StepPlace | undefined {
  const search = (chain: readonly StepNode[], first: StepPlace): StepPlace | undefined => {
    for (const [index, node] of chain.entries()) {
      if (node.body.name === name) {
        return index === 0
          ? first
          : { parentStep: chain[index - 1]!.body.name, stepLocationRelativeToParent: 'AFTER' };
      }
      const found = node.chains
        .map((nested, branch) => search(nested, placeInside(node, branch)))
        .find((place) => place !== undefined);
      if (found) return found;
    }
    return undefined;
  };
  return search(tree.chain, { parentStep: tree.trigger.name, stepLocationRelativeToParent: 'AFTER' });
}

/** The place of the first step of `node`'s nested chain `branch` (a loop's body or a router's branch). */
export function placeInside(node: StepNode, branch: number): StepPlace {
  return node.body.type === 'ROUTER'
    ? { parentStep: node.body.name, stepLocationRelativeToParent: 'INSIDE_BRANCH', branchIndex: branch }
    : { parentStep: node.body.name, stepLocationRelativeToParent: 'INSIDE_LOOP' };
}
