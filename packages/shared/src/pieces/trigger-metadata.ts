import { z } from 'zod';
import { StepAiMetadata, StepErrorHandlingDefaults } from './action-metadata';
import { PiecePropertyMap } from './piece-property';

/**
 * How a piece trigger receives events: WEBHOOK (its own URL), POLLING (on a schedule, default
 * every AP_TRIGGER_DEFAULT_POLL_INTERVAL minutes), APP_WEBHOOK (one app-level webhook fanned out
 * to listeners) or MANUAL (started by hand).
 */
export const TriggerStrategy = z.enum(['WEBHOOK', 'POLLING', 'APP_WEBHOOK', 'MANUAL']);
export type TriggerStrategy = z.infer<typeof TriggerStrategy>;

/**
 * The description of one piece trigger: name, labels, input `props`, strategy (`type`), sample
 * data, whether it needs auth (default true), how the builder tests it (`testStrategy`:
 * SIMULATION or TEST_FUNCTION) and optionally `classification`, `aiMetadata` and
 * error-handling defaults. Other framework extras (`handshakeConfiguration`,
 * `renewConfiguration`, `outputSchema`, ...) are kept as they are.
 */
export const TriggerMetadata = z.looseObject({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  props: PiecePropertyMap,
  type: TriggerStrategy,
  sampleData: z.unknown().optional(),
  requireAuth: z.boolean().default(true),
  testStrategy: z.string().optional(),
  classification: z.string().optional(),
  aiMetadata: StepAiMetadata.optional(),
  errorHandlingOptions: StepErrorHandlingDefaults.optional(),
});
export type TriggerMetadata = z.infer<typeof TriggerMetadata>;
