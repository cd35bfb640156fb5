/**
 * Applies a release's flow steps inside one write transaction the caller owns: each flow created
 * (as `POST /v1/flows` does), its version imported with IMPORT_FLOW and, when the source flow is
 * published, locked and published with the source's status; flows updated the same way; flows
 * deleted (as `DELETE /v1/flows/:id` does). Every change records its usual flow.* audit events.
 * Trigger hooks never run inside a transaction: what must run after the commit is returned
 * (triggers to disable, and flows whose hooked trigger is to be enabled).
 */
import {
  createEmptyFlowVersion,
  generateId,
  type Flow,
  type FlowOperation,
  type FlowState,
  type FlowStatus,
  type Trigger,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { ServerBase } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';
import { applyFlowChangeIn, loadForChange, type FlowChangeCaller } from '../flows/apply-flow-change';
import { recordFlowCreated, recordFlowDeleted } from '../flows/flow-audit';
import * as repository from '../flow-definitions/flow-repository';
import { deleteSampleDataFiles, sampleDataFileIds } from '../flow-definitions/sample-data-files';
import { hasTriggerHooks, type HookedTrigger } from '../triggers/trigger-hooks';
import { hookedTriggerOf } from '../triggers/sync-trigger-source';
import { findTriggerSource } from '../triggers/trigger-source-repository';
import type { FlowStep } from './release-plan';
import { selectFlowVersionTriggers } from './release-repository';

/** What must happen once the release's transaction committed. */
export interface AfterCommit {
  /** Triggers the release stopped: their `onDisable` runs after the commit. */
  readonly stopped: HookedTrigger[];
  /** Flows to enable after the commit (their trigger has hooks, which run outside transactions). */
  readonly enable: string[];
}

type Ctx = Pick<ServerBase, 'now' | 'settings' | 'pieces'>;

/** Applies `steps` in `trx` for `caller` (authorized on the target project). */
export async function applyFlowSteps(
  trx: Kysely<Database>,
  ctx: Ctx,
  steps: readonly FlowStep[],
  caller: FlowChangeCaller,
): Promise<AfterCommit> {
  const after: AfterCommit = { stopped: [], enable: [] };
  for (const step of steps) {
    switch (step.type) {
      case 'CREATE_FLOW': {
        const flowId = await insertEmptyFlow(trx, ctx, step.source, caller);
        await change(trx, ctx, flowId, importOf(step.source), caller, after);
        if (step.source.published) await publish(trx, ctx, flowId, step.source, caller, after);
        break;
      }
      case 'UPDATE_FLOW': {
        const flowId = step.target.flowId;
        const content = step.changes.some((c) => c === 'displayName' || c === 'steps' || c === 'notes');
        if (content) await change(trx, ctx, flowId, importOf(step.source), caller, after);
        if (step.source.published && (content || step.changes.includes('published'))) {
          await publish(trx, ctx, flowId, step.source, caller, after);
        } else if (step.changes.includes('status')) {
          await setStatus(trx, ctx, flowId, step.source, caller, after);
        }
        break;
      }
      case 'DELETE_FLOW':
        await deleteFlow(trx, ctx, step.target.flowId, caller, after);
        break;
    }
  }
  return after;
}

function importOf(source: FlowState): FlowOperation {
  return { type: 'IMPORT_FLOW', request: source.version };
}

/** True when enabling `source` runs trigger hooks (then it is enabled after the commit). */
function enablesHookedTrigger(source: FlowState): boolean {
  return source.status === 'ENABLED' && hasTriggerHooks(source.version.trigger as Trigger);
}

async function publish(
  trx: Kysely<Database>,
  ctx: Ctx,
  flowId: string,
  source: FlowState,
  caller: FlowChangeCaller,
  after: AfterCommit,
): Promise<void> {
  const later = enablesHookedTrigger(source);
  const status: FlowStatus = later ? 'DISABLED' : source.status;
  await change(trx, ctx, flowId, { type: 'LOCK_AND_PUBLISH', request: { status } }, caller, after);
  if (later) after.enable.push(flowId);
}

async function setStatus(
  trx: Kysely<Database>,
  ctx: Ctx,
  flowId: string,
  source: FlowState,
  caller: FlowChangeCaller,
  after: AfterCommit,
): Promise<void> {
  if (enablesHookedTrigger(source)) {
    after.enable.push(flowId);
    return;
  }
  await change(
    trx,
    ctx,
    flowId,
    { type: 'CHANGE_STATUS', request: { status: source.status } },
    caller,
    after,
  );
}

async function change(
  trx: Kysely<Database>,
  ctx: Ctx,
  flowId: string,
  operation: FlowOperation,
  caller: FlowChangeCaller,
  after: AfterCommit,
): Promise<void> {
  const { triggers } = await applyFlowChangeIn(trx, ctx, flowId, operation, caller, null);
  after.stopped.push(...triggers.removed);
}

/** Inserts a DISABLED flow with an empty draft, as `POST /v1/flows` does; answers its id. */
async function insertEmptyFlow(
  trx: Kysely<Database>,
  ctx: Ctx,
  source: FlowState,
  caller: FlowChangeCaller,
): Promise<string> {
  const now = ctx.now();
  const flow: Flow = {
    id: generateId(),
    created: now,
    updated: now,
    projectId: caller.project.id,
    externalId: source.externalId,
    ownerId: caller.userId,
    folderId: null,
    status: 'DISABLED',
    publishedVersionId: null,
    metadata: null,
    operationStatus: 'NONE',
    timeSavedPerRun: null,
    templateId: null,
  };
  const version = createEmptyFlowVersion({
    id: generateId(),
    flowId: flow.id,
    displayName: source.version.displayName,
    now,
    userId: caller.userId,
  });
  await repository.insertFlow(trx, flow);
  await repository.insertVersion(trx, version);
  await recordFlowCreated({ trx, clock: ctx.now, actor: caller.actor, project: caller.project }, flow);
  return flow.id;
}

/** Deletes a flow with its versions, trigger source and sample-data files, as `DELETE /v1/flows/:id` does. */
async function deleteFlow(
  trx: Kysely<Database>,
  ctx: Ctx,
  flowId: string,
  caller: FlowChangeCaller,
  after: AfterCommit,
): Promise<void> {
  const { flow, version } = await loadForChange(trx, flowId);
  const source = await findTriggerSource(trx, flowId);
  const enabledTrigger = source === undefined ? null : await hookedTriggerOf(trx, source);
  const triggers = await selectFlowVersionTriggers(trx, flowId);
  const fileIds = new Set(triggers.flatMap((row) => [...sampleDataFileIds(fromJson<Trigger>(row.trigger)!)]));
  await repository.deleteFlow(trx, flowId);
  await deleteSampleDataFiles(trx, flow.projectId, [...fileIds]);
  await recordFlowDeleted(
    { trx, clock: ctx.now, actor: caller.actor, project: caller.project },
    flow,
    version,
  );
  if (enabledTrigger !== null) after.stopped.push(enabledTrigger);
}
