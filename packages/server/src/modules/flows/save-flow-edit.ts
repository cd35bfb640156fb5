/**
 * Writes a finished {@link FlowEdit}: the flow (its `updated` bumped), the version when the
 * operation changed or created it (stamped with an `updated` strictly after the one before,
 * `connectionIds` recomputed, and validity recomputed by `validateFlowVersion` with the server's
 * own checks: code syntax, installed pieces), and the cleanup of sample-data files the version
 * stopped pointing to; the flow's schedule and trigger source follow its status and published
 * version (`syncScheduleAfterChange`, `syncTriggerSourceAfterChange`).
 */
import { validateFlowVersion, type Flow, type FlowVersion } from '@piecework/shared';
import { timestampAfter } from '../../infrastructure/storage/timestamp';
import { syncScheduleAfterChange } from '../schedules/sync-schedule';
import { syncTriggerSourceAfterChange, type TriggerSourceChange } from '../triggers/sync-trigger-source';
import { referencedConnectionIds } from './connection-references';
import type { FlowEdit, FlowEditEnv } from './flow-edit';
import { insertVersion, updateFlow, updateVersion } from '../flow-definitions/flow-repository';
import { deleteUnreferencedSampleData, sampleDataFileIds } from '../flow-definitions/sample-data-files';
import { serverStepChecks } from './server-step-checks';

/** The flow and its latest version as saved, and what happened to its trigger source. */
export interface SavedFlow {
  readonly flow: Flow;
  readonly version: FlowVersion;
  readonly triggers: TriggerSourceChange;
}

/**
 * Saves `after` (the result of an operation that started from `before`) in `env.trx`. Call it
 * once per operation, inside the same transaction as the operation.
 */
export async function saveFlowEdit(before: FlowEdit, after: FlowEdit, env: FlowEditEnv): Promise<SavedFlow> {
  const flow: Flow = { ...after.flow, updated: env.now };
  await updateFlow(env.trx, flow);
  await syncScheduleAfterChange(env.trx, before.flow, { flow, version: after.version }, env.now);
  const triggers = await syncTriggerSourceAfterChange(
    env.trx,
    before.flow,
    { flow, version: after.version },
    env.now,
    env.triggerEnable,
  );
  if (after.versionWrite === 'none') return { flow, version: after.version, triggers };

  const checks = await serverStepChecks(after.version.trigger, env.pieces);
  const version: FlowVersion = {
    ...validateFlowVersion(after.version, checks),
    // Strictly after the version it replaces, so a client's If-Match never mistakes two states.
    updated: timestampAfter(before.version.updated, env.now),
    updatedBy: env.userId,
    connectionIds: referencedConnectionIds(after.version.trigger),
  };
  if (after.versionWrite === 'insert') {
    await insertVersion(env.trx, version);
  } else {
    await updateVersion(env.trx, version);
    const kept = sampleDataFileIds(version.trigger);
    const dropped = [...sampleDataFileIds(before.version.trigger)].filter((id) => !kept.has(id));
    await deleteUnreferencedSampleData(env.trx, flow.projectId, flow.id, dropped);
  }
  return { flow, version, triggers };
}
