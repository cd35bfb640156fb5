/**
 * A place in a flow where a step can go: after a step (or the trigger), first inside a loop, or
 * first in a router's branch. The canvas puts one "+" button on the edge of each; the piece
 * picker turns it into ADD_ACTION and the move chooser into MOVE_ACTION.
 */
import type { FlowOperation, StepRequest } from '@piecework/shared';

/** Where a new or moved step goes, relative to `parentStep`. */
export type Insertion =
  | { readonly parentStep: string; readonly location: 'AFTER' }
  | { readonly parentStep: string; readonly location: 'INSIDE_LOOP' }
  | { readonly parentStep: string; readonly location: 'INSIDE_BRANCH'; readonly branchIndex: number };

/** A unique key of an insertion point (one per canvas edge), e.g. `step_2:INSIDE_BRANCH:1`. */
export function insertionKey(insertion: Insertion): string {
  return insertion.location === 'INSIDE_BRANCH'
    ? `${insertion.parentStep}:${insertion.location}:${String(insertion.branchIndex)}`
    : `${insertion.parentStep}:${insertion.location}`;
}

/** Whether two insertion points are the same place. */
export function sameInsertion(a: Insertion, b: Insertion): boolean {
  return insertionKey(a) === insertionKey(b);
}

/**
 * Words for an insertion point, e.g. "after step_1", "inside loop step_3", "in branch
 * “Branch 1” of step_4" (`branchName` names the branch when it is known).
 */
export function describeInsertion(insertion: Insertion, branchName?: string): string {
  switch (insertion.location) {
    case 'AFTER':
      return `after ${insertion.parentStep}`;
    case 'INSIDE_LOOP':
      return `inside loop ${insertion.parentStep}`;
    case 'INSIDE_BRANCH':
      return `in branch “${branchName ?? `#${String(insertion.branchIndex + 1)}`}” of ${insertion.parentStep}`;
  }
}

/** The ADD_ACTION operation that puts `action` at `insertion`. */
export function addActionAt(insertion: Insertion, action: StepRequest): FlowOperation {
  return {
    type: 'ADD_ACTION',
    request: {
      parentStep: insertion.parentStep,
      action,
      stepLocationRelativeToParent: insertion.location,
      ...(insertion.location === 'INSIDE_BRANCH' ? { branchIndex: insertion.branchIndex } : {}),
    },
  };
}

/** The MOVE_ACTION operation that moves step `name` (with its body) to `insertion`. */
export function moveActionTo(name: string, insertion: Insertion): FlowOperation {
  return {
    type: 'MOVE_ACTION',
    request: {
      name,
      newParentStep: insertion.parentStep,
      stepLocationRelativeToNewParent: insertion.location,
      ...(insertion.location === 'INSIDE_BRANCH' ? { branchIndex: insertion.branchIndex } : {}),
    },
  };
}
