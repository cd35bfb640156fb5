/**
 * How a trigger is tested from the builder, as Activepieces decides it: the trigger's own
 * `testStrategy` when it declares one; otherwise webhook triggers wait for a real request to the
 * flow's test URL (SIMULATION) and the others call their test hook (TEST_FUNCTION).
 */
import type { TriggerMetadata, TriggerTestStrategy } from '@piecework/shared';

/** The test strategy of `trigger`. */
export function triggerTestStrategy(
  trigger: Pick<TriggerMetadata, 'type' | 'testStrategy'>,
): TriggerTestStrategy {
  if (trigger.testStrategy === 'SIMULATION' || trigger.testStrategy === 'TEST_FUNCTION')
    return trigger.testStrategy;
  return trigger.type === 'WEBHOOK' ? 'SIMULATION' : 'TEST_FUNCTION';
}

/** The URL a request must reach to become a flow's trigger sample (`/api/v1/webhooks/:flowId/test`). */
export function webhookTestUrl(origin: string, flowId: string): string {
  return `${origin}/api/v1/webhooks/${flowId}/test`;
}
