/**
 * Copy and paste of steps in Activepieces' clipboard format: {@link copySteps} writes the text
 * Activepieces' builder writes (`{type: 'COPY_ACTIONS', actions}`), and {@link pasteOperations}
 * turns such text (or the older `AddActionRequest[]` text) into ADD_ACTION operations with
 * fresh names and rewritten references.
 *
 * @example
 * ```ts
 * const text = copySteps(source, ['step_2', 'step_3']);
 * const operations = pasteOperations(target, text, { parentStep: 'trigger', stepLocationRelativeToParent: 'AFTER' });
 * ```
 * @module
 */
export {
  COPY_ACTIONS_TYPE,
  CopiedStepsClipboard,
  LEGACY_EMPTY_PARENT,
  LegacyClipboard,
  LegacyClipboardEntry,
  PasteTarget,
} from './clipboard-format';
export { copySteps } from './copy-steps';
export { pasteOperations } from './paste-operations';
export type { AddActionOperation } from './paste-operations';
