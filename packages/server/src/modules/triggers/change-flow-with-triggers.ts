/**
 * A flow operation with its trigger's hooks around it: `onEnable` before the change's
 * transaction (a failure refuses the change, nothing written), the source recorded inside it,
 * and after it `onDisable` for every trigger the change stopped — or for the trigger just
 * enabled when the change itself was refused, so nothing stays half-enabled.
 */
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { entityFields } from '../../logging/create-logger';
import type { ServerBase } from '../../server-context';
import { applyFlowChangeWithTrigger, type FlowChangeCaller } from '../flows/apply-flow-change';
import { prepareTriggerEnable } from './prepare-trigger-enable';
import { callTriggerHook, triggerLabel, type HookedTrigger } from './trigger-hooks';

/** Applies `operation` to flow `flowId` (see the module comment) and answers the flow. */
export async function changeFlowWithTriggers(
  ctx: ServerBase,
  flowId: string,
  operation: FlowOperation,
  caller: FlowChangeCaller,
): Promise<PopulatedFlow> {
  const prepared = await prepareTriggerEnable(ctx, flowId, operation);
  let result: Awaited<ReturnType<typeof applyFlowChangeWithTrigger>>;
  try {
    result = await applyFlowChangeWithTrigger(ctx, flowId, operation, caller, prepared);
  } catch (error) {
    if (prepared !== null) await disableTriggers(ctx, [prepared.target]);
    throw error;
  }
  const stopped = [...result.triggers.removed];
  if (prepared !== null && !result.triggers.enabled) stopped.push(prepared.target);
  await disableTriggers(ctx, stopped);
  return result.flow;
}

/**
 * Calls `onDisable` of each trigger (already removed from the trigger sources: nothing fires it
 * any more). A failing hook is logged with its flow, never thrown: the flow change stands.
 */
export async function disableTriggers(ctx: ServerBase, triggers: readonly HookedTrigger[]): Promise<void> {
  for (const target of triggers) {
    const outcome = await callTriggerHook(ctx, target, { hook: 'onDisable' }).catch((error: unknown) => ({
      status: 'FAILED' as const,
      message: error instanceof Error ? error.message : String(error),
    }));
    if (outcome.status === 'FAILED') {
      ctx.logger.warn(
        { ...entityFields({ flowId: target.flowId, projectId: target.projectId }), reason: outcome.message },
        `onDisable of trigger ${triggerLabel(target.trigger)} failed`,
      );
    }
  }
}
