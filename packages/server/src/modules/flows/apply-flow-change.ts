/**
 * One flow operation applied in one write transaction: the flow and its latest version read again
 * inside it (and checked against the caller's `If-Match`, if any), the operation, the saves, and
 * the audit events (flow.updated, plus flow.published / activated / deactivated) commit together,
 * or, when anything refuses, nothing changes. Enabling a flow over the plan's `activeFlows` is
 * refused (402 QUOTA_EXCEEDED). Used by `POST /v1/flows/:id`, by the webhook `/test`
 * route, and by the end of a single-step test run (inside that run's own write).
 */
import type { Flow, FlowOperation, FlowVersion, PopulatedFlow } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { AuditActor } from '../audit-events/record-audit-event';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { notFound } from '../../infrastructure/errors';
import type { ServerBase } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import { assertActiveFlowsBelowLimit } from '../platform-plan/plan-limits';
import type { PreparedTriggerEnable } from '../triggers/prepare-trigger-enable';
import type { TriggerSourceChange } from '../triggers/sync-trigger-source';
import { recordFlowUpdated } from './flow-audit';
import { startFlowEdit, type FlowEditEnv } from './flow-edit';
import { applyFlowOperation } from './flow-operations';
import * as repository from '../flow-definitions/flow-repository';
import { flowFromRow, flowVersionFromRow, populatedFlow } from '../flow-definitions/flow-rows';
import { saveFlowEdit } from './save-flow-edit';
import { assertVersionUnchanged, type VersionPrecondition } from './version-precondition';

/** Who applies the operation (already authorized for `project`). */
export interface FlowChangeCaller {
  /** The acting user; null for an API key or a public route. */
  userId: string | null;
  platformId: string;
  actor: AuditActor;
  project: ProjectRow;
  /** The request's `If-Match`: the operation applies only to the latest version it names. */
  precondition?: VersionPrecondition | undefined;
}

/**
 * Applies `operation` to flow `flowId` and answers the flow with its (new) latest version. An
 * operation that enables a trigger with hooks needs its `onEnable` run first: use
 * `changeFlowWithTriggers` for those.
 */
export async function applyFlowChange(
  ctx: Pick<ServerBase, 'store' | 'now' | 'settings' | 'pieces'>,
  flowId: string,
  operation: FlowOperation,
  caller: FlowChangeCaller,
): Promise<PopulatedFlow> {
  return (await applyFlowChangeWithTrigger(ctx, flowId, operation, caller, null)).flow;
}

/**
 * {@link applyFlowChange} with the trigger enabling prepared for it (or null), answering also
 * what the change did to the flow's trigger source.
 */
export function applyFlowChangeWithTrigger(
  ctx: Pick<ServerBase, 'store' | 'now' | 'settings' | 'pieces'>,
  flowId: string,
  operation: FlowOperation,
  caller: FlowChangeCaller,
  triggerEnable: PreparedTriggerEnable | null,
): Promise<{ flow: PopulatedFlow; triggers: TriggerSourceChange }> {
  return ctx.store.write((trx) => applyFlowChangeIn(trx, ctx, flowId, operation, caller, triggerEnable));
}

/**
 * {@link applyFlowChangeWithTrigger} inside write transaction `trx` that the caller owns (and
 * commits with its own writes). Every query of the change goes through `trx`.
 */
export async function applyFlowChangeIn(
  trx: Kysely<Database>,
  ctx: Pick<ServerBase, 'now' | 'settings' | 'pieces'>,
  flowId: string,
  operation: FlowOperation,
  caller: FlowChangeCaller,
  triggerEnable: PreparedTriggerEnable | null,
): Promise<{ flow: PopulatedFlow; triggers: TriggerSourceChange }> {
  const { flow, version } = await loadForChange(trx, flowId);
  assertVersionUnchanged(caller.precondition, version);
  const env: FlowEditEnv = {
    trx,
    now: ctx.now(),
    userId: caller.userId,
    platformId: caller.platformId,
    maxFileSizeMb: ctx.settings.config.maxFileSizeMb,
    pieces: ctx.pieces,
    triggerEnable,
  };
  const before = startFlowEdit(flow, version);
  const after = await applyFlowOperation(before, operation, env);
  if (after.flow.status === 'ENABLED' && before.flow.status !== 'ENABLED') {
    await assertActiveFlowsBelowLimit(trx, ctx, caller.platformId);
  }
  const saved = await saveFlowEdit(before, after, env);
  await recordFlowUpdated(
    { trx, clock: ctx.now, actor: caller.actor, project: caller.project },
    saved,
    operation,
    after.events,
  );
  return { flow: populatedFlow(saved.flow, saved.version), triggers: saved.triggers };
}

/**
 * The flow and its latest version, read again inside the write transaction with the flow's row
 * locked for it (404 if deleted meanwhile).
 */
export async function loadForChange(
  trx: Kysely<Database>,
  flowId: string,
): Promise<{ flow: Flow; version: FlowVersion }> {
  // Concurrent edits of one flow take turns: each reads what the one before it saved.
  await lockRowForWrite(trx, 'flow', flowId);
  const flowRow = await repository.findFlow(trx, flowId);
  const versionRow = flowRow === undefined ? undefined : await repository.findLatestVersion(trx, flowId);
  if (flowRow === undefined || versionRow === undefined) throw notFound('flow', flowId);
  return { flow: flowFromRow(flowRow), version: flowVersionFromRow(versionRow) };
}
