/**
 * A flow operation with its trigger's hooks around it: `onEnable` before the change's
 * transaction (a failure refuses the change, nothing written; when it replaces the enabled
 * trigger of an older version, that one's `onDisable` runs first, as on Activepieces,
 * and its `onEnable` again if the change is refused), the source recorded inside it, and after
 * it `onDisable` for every other trigger the change stopped — or for the trigger just enabled
 * when the change itself was refused, so nothing stays half-enabled.
 */
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import type { ServerBase } from '../../server-context';
import { applyFlowChangeWithTrigger, type FlowChangeCaller } from './apply-flow-change';
import { prepareTriggerEnable } from '../triggers/prepare-trigger-enable';
import { disableTriggers, reenableTrigger } from '../triggers/trigger-lifecycle-hooks';

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
    if (prepared !== null) {
      await disableTriggers(ctx, [prepared.target]);
      if (prepared.replaced !== null) await reenableTrigger(ctx, prepared.replaced);
    }
    throw error;
  }
  const replacedVersion = prepared?.replaced?.flowVersionId;
  // The replaced trigger's onDisable ran before the new one's onEnable, as on Activepieces.
  const stopped = result.triggers.removed.filter((removed) => removed.flowVersionId !== replacedVersion);
  if (prepared !== null && !result.triggers.enabled) stopped.push(prepared.target);
  await disableTriggers(ctx, stopped);
  return result.flow;
}
