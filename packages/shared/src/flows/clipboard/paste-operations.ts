import { FlowOperationError } from '../../common/errors';
import type { FlowVersion } from '../flow-version';
import type { FlowOperationOf } from '../operations';
import { restoreChain } from '../algebra/restore-steps';
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
  const nodes = copied.oldDialect ? upgradePastedReferences(copied.nodes, version) : copied.nodes;
  // Pasted steps carry no sample data, so rebuilding them is ADD_ACTION operations only.
  return restoreChain(renamePastedSteps(nodes, version), target) as AddActionOperation[];
}
