import { z } from 'zod';
import { PiecePropertyMap } from './piece-property';

/** Piece-level defaults of one error-handling switch: its default value and whether the UI hides it. */
const ErrorHandlingDefault = z.object({
  defaultValue: z.boolean().optional(),
  hide: z.boolean().optional(),
});

/**
 * The description of one piece action: name, labels, input `props`, whether it needs the piece's
 * auth (`requireAuth`, default true) and defaults of its error-handling switches. Framework
 * extras (`outputSchema`, `audience`, `classification`, ...) are kept as they are.
 */
export const ActionMetadata = z.looseObject({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  props: PiecePropertyMap,
  requireAuth: z.boolean().default(true),
  errorHandlingOptions: z
    .object({
      continueOnFailure: ErrorHandlingDefault.optional(),
      retryOnFailure: ErrorHandlingDefault.optional(),
    })
    .optional(),
});
export type ActionMetadata = z.infer<typeof ActionMetadata>;
