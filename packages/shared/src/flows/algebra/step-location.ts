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
 * The place of every step of `tree` as ADD_ACTION / MOVE_ACTION name it, by step name, found in
 * one walk. Use it when many places are needed (the footprint of an edit); {@link placeOfStep}
 * for one.
 */
export function stepPlaces(tree: StepTree): Map<string, StepPlace> {
  const places = new Map<string, StepPlace>();
  const walk = (chain: readonly StepNode[], first: StepPlace) => {
    for (const [index, node] of chain.entries()) {
      const previous = chain[index - 1];
      places.set(
        node.body.name,
        previous === undefined
          ? first
          : { parentStep: previous.body.name, stepLocationRelativeToParent: 'AFTER' },
      );
      node.chains.forEach((nested, branch) => walk(nested, placeInside(node, branch)));
    }
  };
  walk(tree.chain, { parentStep: tree.trigger.name, stepLocationRelativeToParent: 'AFTER' });
  return places;
}

/**
 * The place of step `name` in `tree` as ADD_ACTION / MOVE_ACTION name it, or undefined when the
 * tree has no such step. Use it to put a step back where it was (undo of a delete or a move).
 */
export function placeOfStep(tree: StepTree, name: string): StepPlace | undefined {
  return stepPlaces(tree).get(name);
}

/** The place of the first step of `node`'s nested chain `branch` (a loop's body or a router's branch). */
export function placeInside(node: StepNode, branch: number): StepPlace {
  return node.body.type === 'ROUTER'
    ? { parentStep: node.body.name, stepLocationRelativeToParent: 'INSIDE_BRANCH', branchIndex: branch }
    : { parentStep: node.body.name, stepLocationRelativeToParent: 'INSIDE_LOOP' };
}
