import { FlowOperationError } from '../../common/errors';
import type { FlowVersion } from '../flow-version';
import type { FlowOperationOf } from '../operations';
import type { StepRequest } from '../step';
import type { StepNode } from '../algebra/step-tree';
import { findStep } from '../algebra/walk';
import type { PasteTarget } from './clipboard-format';
import { readClipboard } from './read-clipboard';
import { renamePastedSteps } from './rename-pasted-steps';
import { upgradePastedReferences } from './upgrade-pasted-references';

/** An ADD_ACTION flow operation, as {@link pasteOperations} answers them. */
export type AddActionOperation = FlowOperationOf<'ADD_ACTION'>;

/**
 * The ADD_ACTION operations that paste the steps of a clipboard text (Activepieces' current or
 * older format, see `readClipboard`) into `version` at `target`, to be applied in order: the
 * first copied step at the target, each next one after the previous, and every loop body or
 * router branch step inside its pasted parent (INSIDE_LOOP / INSIDE_BRANCH, then AFTER).
 * Names, references and display names are made to fit as `renamePastedSteps` says; steps copied
 * in Activepieces get their references upgraded to Piecework's dialect first.
 * Throws a `PieceworkError` for text that holds no copied steps and a `FlowOperationError` for
 * a target step the version lacks; nothing is changed either way (the function is pure).
 * Use it for the builder's paste; apply the answer through the flow's one edit path.
 *
 * @example
 * ```ts
 * const operations = pasteOperations(draft, text, { parentStep: 'trigger', stepLocationRelativeToParent: 'AFTER' });
 * ```
 */
export function pasteOperations(
  version: Pick<FlowVersion, 'trigger'>,
  clipboardText: string,
  target: PasteTarget,
): AddActionOperation[] {
  const copied = readClipboard(clipboardText);
  if (!findStep(version, target.parentStep)) {
    throw new FlowOperationError(`no step named '${target.parentStep}' to paste at`, {
      parentStep: target.parentStep,
    });
  }
  const operations: AddActionOperation[] = [];
  const nodes = copied.oldDialect ? upgradePastedReferences(copied.nodes, version) : copied.nodes;
  addChain(renamePastedSteps(nodes, version), target, operations);
  return operations;
}

function addChain(chain: readonly StepNode[], head: PasteTarget, into: AddActionOperation[]): void {
  let point = head;
  for (const node of chain) {
    into.push({
      type: 'ADD_ACTION',
      request: {
        parentStep: point.parentStep,
        action: stepRequest(node),
        stepLocationRelativeToParent: point.stepLocationRelativeToParent,
        ...(point.branchIndex === undefined ? {} : { branchIndex: point.branchIndex }),
      },
    });
    const parentStep = node.body.name;
    if (node.body.type === 'LOOP_ON_ITEMS') {
      addChain(node.chains[0] ?? [], { parentStep, stepLocationRelativeToParent: 'INSIDE_LOOP' }, into);
    } else if (node.body.type === 'ROUTER') {
      node.chains.forEach((branch, branchIndex) =>
        addChain(branch, { parentStep, stepLocationRelativeToParent: 'INSIDE_BRANCH', branchIndex }, into),
      );
    }
    point = { parentStep, stepLocationRelativeToParent: 'AFTER' };
  }
}

function stepRequest(node: StepNode): StepRequest {
  const { lastUpdatedDate: _updated, ...body } = node.body;
  const { sampleData: _sampleData, ...settings } = body.settings;
  return { ...body, settings } as StepRequest;
}
