import { z } from 'zod';
import { PiecePropertyMap } from './piece-property';

/** Piece-level defaults of one error-handling switch: its default value and whether the UI hides it. */
const ErrorHandlingDefault = z.object({
  defaultValue: z.boolean().optional(),
  hide: z.boolean().optional(),
});

/**
 * What a step does, for AI agents choosing among steps (`aiMetadata` of an action or trigger):
 * a description and whether running it twice does no more than once.
 */
export const StepAiMetadata = z.looseObject({
  description: z.string().optional(),
  idempotent: z.boolean().optional(),
});
export type StepAiMetadata = z.infer<typeof StepAiMetadata>;

/** Defaults of a step's error-handling switches (`continueOnFailure`, `retryOnFailure`). */
export const StepErrorHandlingDefaults = z.object({
  continueOnFailure: ErrorHandlingDefault.optional(),
  retryOnFailure: ErrorHandlingDefault.optional(),
});
export type StepErrorHandlingDefaults = z.infer<typeof StepErrorHandlingDefaults>;

/**
 * The description of one piece action: name, labels, input `props`, whether it needs the piece's
 * auth (`requireAuth`, default true) and defaults of its error-handling switches; optionally an
 * example output (`sampleData`, pieces of the pre-rename framework), who it is offered to
 * (`audience`: human, ai or both), how it touches the app's data (`classification`: READ,
 * SEARCH, WRITE or DESTRUCTIVE) and `aiMetadata`. Other framework extras (`outputSchema`,
 * `propertyGroups`, ...) are kept as they are.
 */
export const ActionMetadata = z.looseObject({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  props: PiecePropertyMap,
  requireAuth: z.boolean().default(true),
  errorHandlingOptions: StepErrorHandlingDefaults.optional(),
  sampleData: z.unknown().optional(),
  audience: z.string().optional(),
  classification: z.string().optional(),
  aiMetadata: StepAiMetadata.optional(),
});
export type ActionMetadata = z.infer<typeof ActionMetadata>;
