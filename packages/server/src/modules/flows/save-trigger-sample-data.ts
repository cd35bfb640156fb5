/**
 * SAVE_SAMPLE_DATA of a flow's trigger for a caller that is not a user: the webhook `/test` route
 * stores the request it received as the trigger's sample output. The same operation code as
 * `POST /v1/flows/:id` (applyFlowOperation, saveFlowEdit, flow.updated) in one write transaction;
 * the audit event carries the platform and the caller's IP, and no user.
 */
import type { Flow, FlowOperation, FlowVersion, PopulatedFlow } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { AuditActor } from '../../audit/record-audit-event';
import type { ProjectRow } from '../../auth/project-access';
import { notFound } from '../../errors';
import type { ServerBase } from '../../server-context';
import type { Database } from '../../storage/database';
import { recordFlowUpdated } from './flow-audit';
import { startFlowEdit, type FlowEditEnv } from './flow-edit';
import { applyFlowOperation } from './flow-operations';
import * as repository from './flow-repository';
import { flowFromRow, flowVersionFromRow, populatedFlow } from './flow-rows';
import { saveFlowEdit } from './save-flow-edit';

/**
 * Stores `payload` as the sample output of the trigger of flow `flowId` (on its draft, made from
 * the locked latest version if needed) and answers the flow. 404 when the flow is gone; 413 when
 * the payload is over AP_MAX_FILE_SIZE_MB.
 */
export async function saveTriggerSampleData(
  ctx: Pick<ServerBase, 'store' | 'now' | 'settings'>,
  flowId: string,
  payload: unknown,
  caller: { actor: AuditActor; project: ProjectRow },
): Promise<PopulatedFlow> {
  const operation: FlowOperation = {
    type: 'SAVE_SAMPLE_DATA',
    request: { stepName: 'trigger', type: 'OUTPUT', payload },
  };
  return ctx.store.write(async (trx) => {
    const { flow, version } = await loadForChange(trx, flowId);
    const env: FlowEditEnv = {
      trx,
      now: ctx.now(),
      userId: null,
      platformId: caller.actor.platformId,
      maxFileSizeMb: ctx.settings.config.maxFileSizeMb,
    };
    const before = startFlowEdit(flow, version);
    const after = await applyFlowOperation(before, operation, env);
    const saved = await saveFlowEdit(before, after, env);
    await recordFlowUpdated(
      { trx, clock: ctx.now, actor: caller.actor, project: caller.project },
      saved,
      operation,
      after.events,
    );
    return populatedFlow(saved.flow, saved.version);
  });
}

async function loadForChange(
  trx: Kysely<Database>,
  flowId: string,
): Promise<{ flow: Flow; version: FlowVersion }> {
  const flowRow = await repository.findFlow(trx, flowId);
  const versionRow = flowRow === undefined ? undefined : await repository.findLatestVersion(trx, flowId);
  if (flowRow === undefined || versionRow === undefined) throw notFound('flow', flowId);
  return { flow: flowFromRow(flowRow), version: flowVersionFromRow(versionRow) };
}
