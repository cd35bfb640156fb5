/**
 * Enabling a flow's trigger happens in two halves, because a trigger hook must never run inside
 * a write transaction: before the flow change, the trigger's `onEnable` runs (its store writes
 * held back, see `buffered-key-value-store.ts`); then the change's transaction records the
 * source with those writes (`sync-trigger-source.ts`), or, if the change is refused, the caller
 * undoes the enabling with `onDisable`. An `onEnable` that fails refuses the change with 409
 * VALIDATION quoting the piece's message, before anything is written. A trigger of an older
 * version being replaced gets its `onDisable` first (Activepieces' order), and its
 * `onEnable` again when the new one fails.
 */
import type { FlowOperation } from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';
import { installCommand } from '../pieces/piece-availability';
import type { ServerBase } from '../../server-context';
import * as flows from '../flow-definitions/flow-repository';
import { flowFromRow, flowVersionFromRow } from '../flow-definitions/flow-rows';
import { bufferedKeyValueStore, type BufferedKeyValueStore } from './buffered-key-value-store';
import { callTriggerHook, hasTriggerHooks, triggerLabel, type HookedTrigger } from './trigger-hooks';
import { planTriggerSource, type PlannedTriggerSource } from './trigger-source-plan';
import { hookedTriggerOf } from './sync-trigger-source';
import { disableTriggers, reenableTrigger } from './trigger-lifecycle-hooks';
import { findTriggerSource } from './trigger-source-repository';
import type { AppEventListener } from '@piecework/pieces';

/** A trigger whose `onEnable` ran, waiting for the flow change that records it. */
export interface PreparedTriggerEnable {
  target: HookedTrigger;
  source: PlannedTriggerSource;
  listeners: AppEventListener[];
  /** The store writes of `onEnable`, committed with the source. */
  store: BufferedKeyValueStore;
  /** The enabled trigger of an older version this one replaces (its `onDisable` ran already). */
  replaced: HookedTrigger | null;
}

/**
 * Runs `onEnable` of the trigger that `operation` is about to enable on flow `flowId` (the
 * latest version for LOCK_AND_PUBLISH to ENABLED, the published one for CHANGE_STATUS to
 * ENABLED), or answers null when the operation enables no trigger with hooks, or when that
 * version's trigger is enabled already.
 */
export async function prepareTriggerEnable(
  ctx: ServerBase,
  flowId: string,
  operation: FlowOperation,
): Promise<PreparedTriggerEnable | null> {
  const target = await triggerToEnable(ctx, flowId, operation);
  if (target === null) return null;
  const existing = await findTriggerSource(ctx.store.db, flowId);
  if (existing?.flowVersionId === target.flowVersionId) return null;
  const { pieceName, pieceVersion, triggerName } = target.trigger.settings;
  const params = { pieceName, pieceVersion, triggerName: triggerName ?? '' };
  if (!(await ctx.pieces.ensure(pieceName, pieceVersion))) {
    const command = installCommand(pieceName, pieceVersion);
    throw ruleViolation(
      `Trigger ${triggerLabel(target.trigger)} cannot be enabled: the piece is not installed on this server (add it with "${command}")`,
      params,
    );
  }
  // The enabled trigger of an older version goes first (its onDisable may clean up state that
  // the new onEnable then writes again under the same keys).
  const replaced = existing === undefined ? null : await hookedTriggerOf(ctx.store.db, existing);
  if (replaced !== null) await disableTriggers(ctx, [replaced]);
  const store = bufferedKeyValueStore(ctx.store, target.projectId);
  const outcome = await callTriggerHook(ctx, target, {
    hook: 'onEnable',
    store,
    isRepublish: existing !== undefined,
  });
  if (outcome.status === 'FAILED') {
    if (replaced !== null) await reenableTrigger(ctx, replaced);
    throw ruleViolation(`Trigger ${triggerLabel(target.trigger)} could not be enabled: ${outcome.message}`, {
      ...params,
      reason: outcome.message,
    });
  }
  let source: PlannedTriggerSource;
  try {
    const interval = ctx.settings.config.triggerDefaultPollInterval;
    source = planTriggerSource(target, outcome, ctx.now(), interval);
  } catch (error) {
    await disableTriggers(ctx, [target]);
    if (replaced !== null) await reenableTrigger(ctx, replaced);
    throw error;
  }
  return { target, source, listeners: outcome.listeners, store, replaced };
}

/** The trigger `operation` would enable, when it is one with hooks. */
async function triggerToEnable(
  ctx: ServerBase,
  flowId: string,
  operation: FlowOperation,
): Promise<HookedTrigger | null> {
  const enablesLatest =
    operation.type === 'LOCK_AND_PUBLISH' && (operation.request.status ?? 'ENABLED') === 'ENABLED';
  const enablesPublished = operation.type === 'CHANGE_STATUS' && operation.request.status === 'ENABLED';
  if (!enablesLatest && !enablesPublished) return null;
  const { db } = ctx.store;
  const flowRow = await flows.findFlow(db, flowId);
  if (flowRow === undefined) return null;
  const flow = flowFromRow(flowRow);
  if (enablesPublished && (flow.status === 'ENABLED' || !flow.publishedVersionId)) return null;
  const versionRow = enablesLatest
    ? await flows.findLatestVersion(db, flowId)
    : await flows.findVersionOfFlow(db, flowId, flow.publishedVersionId!);
  if (versionRow === undefined) return null;
  const version = flowVersionFromRow(versionRow);
  // A version that is not valid is refused by the change itself, with the reasons.
  if (!version.valid || !hasTriggerHooks(version.trigger)) return null;
  return { flowId, projectId: flow.projectId, flowVersionId: version.id, trigger: version.trigger };
}
