import { PieceworkError } from '../../common/errors';
import { CURRENT_SCHEMA_VERSION } from '../flow-version';
import { unlinkChain, type StepNode } from '../algebra/step-tree';
import { CopiedStepsClipboard, LegacyClipboard } from './clipboard-format';
import { legacyClipboardNodes } from './legacy-clipboard';
import { migrateCopiedSteps } from './migrate-copied-steps';
import { ImportRefusedError } from '../import/import-refusal';

/** The steps of a clipboard text, and whether their references are in the old dialect. */
export interface CopiedSteps {
  /** The copied steps, each with its nested chains, in order. */
  nodes: StepNode[];
  /**
   * True when the steps come from Activepieces (no Piecework `schemaVersion`): their `{{ }}`
   * references are in the old dialect and need `upgradeToNestedDialect`.
   */
  oldDialect: boolean;
}

/**
 * The copied steps in a clipboard text, as step nodes (each with its nested chains), in order:
 * Activepieces' current format ({@link CopiedStepsClipboard}) or its older one
 * ({@link LegacyClipboard}), steps of older releases migrated as imports are. Text that is
 * neither throws a `PieceworkError` `VALIDATION` (status 400) whose `params.reason` is
 * `NOT_JSON`, `NOT_COPIED_STEPS` or `UNSUPPORTED_STEPS` (steps no Activepieces release has).
 * Use it before pasting, or to tell whether the clipboard holds steps at all.
 */
export function readClipboard(text: string): CopiedSteps {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw clipboardError('NOT_JSON', 'the clipboard does not hold copied steps (it is not JSON)');
  }
  try {
    json = migrateCopiedSteps(json);
  } catch (error) {
    if (!(error instanceof ImportRefusedError)) throw error;
    throw clipboardError('UNSUPPORTED_STEPS', `the copied steps cannot be pasted: ${error.message}`, {
      refusal: error.refusal,
    });
  }
  const current = CopiedStepsClipboard.safeParse(json);
  if (current.success) {
    return {
      nodes: current.data.actions.flatMap((action) => unlinkChain(action)),
      oldDialect: current.data.schemaVersion !== CURRENT_SCHEMA_VERSION,
    };
  }
  const legacy = LegacyClipboard.safeParse(json);
  if (legacy.success) return { nodes: legacyClipboardNodes(legacy.data), oldDialect: true };
  throw clipboardError('NOT_COPIED_STEPS', 'the clipboard does not hold copied steps', {
    issues: current.error.issues.slice(0, 5).map((issue) => ({ path: issue.path, message: issue.message })),
  });
}

function clipboardError(reason: string, message: string, details: Record<string, unknown> = {}) {
  return new PieceworkError('VALIDATION', { ...details, message, reason }, 400);
}
