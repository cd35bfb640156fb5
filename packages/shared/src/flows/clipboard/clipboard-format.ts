import { z } from 'zod';
import { StepLocationRelativeToParent } from '../operations';
import { CodeStepFields, LoopStepFields, PieceStepFields, RouterStepFields, Step } from '../step';

/** The `type` of the object Activepieces' builder writes to the clipboard when copying steps. */
export const COPY_ACTIONS_TYPE = 'COPY_ACTIONS';

/**
 * The clipboard text Activepieces' builder writes when steps are copied:
 * `JSON.stringify({type: 'COPY_ACTIONS', actions})`, where `actions` are the topmost copied steps
 * in flow order, each with its loop body or router children and without its `nextAction`.
 * Piecework adds `schemaVersion`, the reference dialect of the steps (`CURRENT_SCHEMA_VERSION`);
 * Activepieces reads only `type` and `actions`, and text without it is in Activepieces' old
 * dialect. Use it to parse or write that text.
 */
export const CopiedStepsClipboard = z.object({
  type: z.literal(COPY_ACTIONS_TYPE),
  actions: z.array(Step),
  schemaVersion: z.string().nullish(),
});
export type CopiedStepsClipboard = z.infer<typeof CopiedStepsClipboard>;

/**
 * The `parentStep` older Activepieces builders write for a copied step whose parent was not
 * copied: the step goes at the paste location (or after the first such step).
 */
export const LEGACY_EMPTY_PARENT = 'empty-step-parent';

/**
 * One entry of the clipboard text older Activepieces builders wrote: an ADD_ACTION request per
 * copied step (the step without links), its `parentStep` naming another copied step or
 * {@link LEGACY_EMPTY_PARENT}. Accepted on paste only; copies are written as
 * {@link CopiedStepsClipboard}.
 */
export const LegacyClipboardEntry = z.object({
  parentStep: z.string(),
  action: z.discriminatedUnion('type', [CodeStepFields, LoopStepFields, PieceStepFields, RouterStepFields]),
  stepLocationRelativeToParent: StepLocationRelativeToParent.optional(),
  branchIndex: z.number().int().min(0).nullish(),
});
export type LegacyClipboardEntry = z.infer<typeof LegacyClipboardEntry>;

/** The clipboard text of older Activepieces builders: `JSON.stringify(AddActionRequest[])`. */
export const LegacyClipboard = z.array(LegacyClipboardEntry);
export type LegacyClipboard = z.infer<typeof LegacyClipboard>;

/**
 * Where pasted steps go, as in ADD_ACTION: after `parentStep`, at the head of its loop body
 * (INSIDE_LOOP) or at the head of its router branch `branchIndex` (INSIDE_BRANCH).
 */
export const PasteTarget = z.object({
  parentStep: z.string(),
  stepLocationRelativeToParent: StepLocationRelativeToParent,
  branchIndex: z.number().int().min(0).optional(),
});
export type PasteTarget = z.infer<typeof PasteTarget>;
