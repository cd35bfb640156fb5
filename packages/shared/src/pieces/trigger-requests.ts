import { z } from 'zod';
import { Id } from '../common/id';

/**
 * How a trigger is tested from the builder: TEST_FUNCTION calls the trigger's `test` hook (for
 * polling and app triggers: recent items of the source); SIMULATION waits for a real call (for
 * webhook triggers: a request to the flow's `/v1/webhooks/:flowId/test` URL stores it).
 */
export const TriggerTestStrategy = z.enum(['SIMULATION', 'TEST_FUNCTION']);
export type TriggerTestStrategy = z.infer<typeof TriggerTestStrategy>;

/** `POST /v1/test-trigger`: test the trigger of a version of a flow of the project. */
export const TestTriggerRequest = z.object({
  projectId: Id,
  flowId: Id,
  flowVersionId: Id,
  testStrategy: TriggerTestStrategy,
});
export type TestTriggerRequest = z.infer<typeof TestTriggerRequest>;

/** One item a trigger test produced (Activepieces' TriggerEventWithPayload). */
export const TriggerEventWithPayload = z.object({
  id: Id,
  created: z.string(),
  updated: z.string(),
  projectId: Id,
  flowId: Id,
  /** The trigger it came from: `<pieceName>@<pieceVersion>:<triggerName>`. */
  sourceName: z.string(),
  payload: z.unknown(),
});
export type TriggerEventWithPayload = z.infer<typeof TriggerEventWithPayload>;

/** The path parameter of `ALL /v1/app-events/:pieceUrl`: `slack` for `@activepieces/piece-slack`. */
export const AppEventParams = z.object({ pieceUrl: z.string().min(1).max(214) });
export type AppEventParams = z.infer<typeof AppEventParams>;
