import type { FlowVersion } from '../flow-version';
import type { FlowOperationRequest } from '../operations';
import { copyChain } from './copy-subtree';
import { type FlowOperationContext, editStepTree, requireStep } from './edit-context';
import { stepNameAllocator } from './naming';
import { treeNames } from './step-tree';

/**
 * DUPLICATE_ACTION: inserts a copy of the step (with its loop body / router children) right
 * after the original. See {@link copyChain} for names, display names, references and sample data.
 */
export function duplicateAction(
  version: FlowVersion,
  request: FlowOperationRequest<'DUPLICATE_ACTION'>,
  context: FlowOperationContext,
): FlowVersion {
  return editStepTree(version, context, (tree) => {
    const original = requireStep(tree, request.stepName);
    const [copy] = copyChain([original.node], stepNameAllocator(treeNames(tree)), context.now);
    original.chain.splice(original.chain.indexOf(original.node) + 1, 0, copy!);
  });
}
