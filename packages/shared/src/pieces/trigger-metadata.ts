import { z } from 'zod';
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
 * data and whether it needs auth (default true). Framework extras (`handshakeConfiguration`,
 * `renewConfiguration`, `testStrategy`, `outputSchema`, ...) are kept as they are.
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
});
export type TriggerMetadata = z.infer<typeof TriggerMetadata>;
