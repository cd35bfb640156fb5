import { z } from 'zod';
import { PieceVersion } from './piece-version';
import { RouterBranch, RouterExecutionType } from './router';

/** Whether a property value is typed by hand (MANUAL) or computed from other props (DYNAMIC). */
export const PropertyExecutionType = z.enum(['MANUAL', 'DYNAMIC']);
export type PropertyExecutionType = z.infer<typeof PropertyExecutionType>;

/** Per-property settings of a piece step or trigger. */
export const PropertySettings = z.record(
  z.string(),
  z.object({ type: PropertyExecutionType, schema: z.unknown().optional() }),
);
export type PropertySettings = z.infer<typeof PropertySettings>;

/** Where a step's or trigger's saved sample data lives. */
export const SampleDataSettings = z.object({
  sampleDataFileId: z.string().optional(),
  sampleDataInputFileId: z.string().optional(),
  lastTestDate: z.string().optional(),
});
export type SampleDataSettings = z.infer<typeof SampleDataSettings>;

/** `continueOnFailure` / `retryOnFailure` switches of CODE and PIECE steps. */
export const ErrorHandlingOptions = z.object({
  continueOnFailure: z.object({ value: z.boolean() }).optional(),
  retryOnFailure: z.object({ value: z.boolean() }).optional(),
});
export type ErrorHandlingOptions = z.infer<typeof ErrorHandlingOptions>;

/** A step's input map: property name to value (strings may hold `{{ }}` references). */
export const StepInput = z.record(z.string(), z.unknown());
export type StepInput = z.infer<typeof StepInput>;

const commonSettings = {
  customLogoUrl: z.string().optional(),
  sampleData: SampleDataSettings.optional(),
};

/** Settings of a CODE step: its source (`export const code = async (inputs) => ...`) and input. */
export const CodeStepSettings = z.object({
  ...commonSettings,
  sourceCode: z.object({ packageJson: z.string(), code: z.string() }),
  input: StepInput,
  errorHandlingOptions: ErrorHandlingOptions.optional(),
});
export type CodeStepSettings = z.infer<typeof CodeStepSettings>;

/** Settings of a LOOP_ON_ITEMS step: `items` resolves to the list to loop over. */
export const LoopStepSettings = z.object({
  ...commonSettings,
  items: z.string(),
});
export type LoopStepSettings = z.infer<typeof LoopStepSettings>;

/** Settings of a PIECE step: which piece, version and action, and its input. */
export const PieceStepSettings = z.object({
  ...commonSettings,
  propertySettings: PropertySettings,
  pieceName: z.string().min(1),
  pieceVersion: PieceVersion,
  actionName: z.string().optional(),
  input: StepInput,
  errorHandlingOptions: ErrorHandlingOptions.optional(),
});
export type PieceStepSettings = z.infer<typeof PieceStepSettings>;

/** Settings of a ROUTER step: its branches (same order as `children`) and how it picks them. */
export const RouterStepSettings = z.object({
  ...commonSettings,
  branches: z.array(RouterBranch),
  executionType: RouterExecutionType,
});
export type RouterStepSettings = z.infer<typeof RouterStepSettings>;

/** Settings of a PIECE_TRIGGER. */
export const PieceTriggerSettings = z.object({
  ...commonSettings,
  propertySettings: PropertySettings,
  pieceName: z.string().min(1),
  pieceVersion: PieceVersion,
  triggerName: z.string().optional(),
  input: StepInput,
});
export type PieceTriggerSettings = z.infer<typeof PieceTriggerSettings>;
