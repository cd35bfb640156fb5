/**
 * SAVE_SAMPLE_DATA of a flow's trigger for a caller that is not a user: the webhook `/test` route
 * stores the request it received as the trigger's sample output. The same operation code as
 * `POST /v1/flows/:id` (`applyFlowChange`) in one write transaction;
 * the audit event carries the platform and the caller's IP, and no user.
 */
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import type { AuditActor } from '../audit-events/record-audit-event';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { ServerBase } from '../../server-context';
import { applyFlowChange } from './apply-flow-change';

/**
 * Stores `payload` as the sample output of the trigger of flow `flowId` (on its draft, made from
 * the locked latest version if needed) and answers the flow. 404 when the flow is gone; 413 when
 * the payload is over AP_MAX_FILE_SIZE_MB.
 */
export async function saveTriggerSampleData(
  ctx: Pick<ServerBase, 'store' | 'now' | 'settings' | 'pieces'>,
  flowId: string,
  payload: unknown,
  caller: { actor: AuditActor; project: ProjectRow },
): Promise<PopulatedFlow> {
  const operation: FlowOperation = {
    type: 'SAVE_SAMPLE_DATA',
    request: { stepName: 'trigger', type: 'OUTPUT', payload },
  };
  return applyFlowChange(ctx, flowId, operation, {
    userId: null,
    platformId: caller.actor.platformId,
    actor: caller.actor,
    project: caller.project,
  });
}
