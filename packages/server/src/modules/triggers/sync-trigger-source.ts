/**
 * Keeps a flow's trigger source in step with its publication, inside the transaction that
 * changes the flow (the second half of enabling, see `prepare-trigger-enable.ts`): an ENABLED
 * flow whose published trigger has hooks has a source row (written from the prepared
 * `onEnable`, with its store writes and app-event listeners); any other flow has none, so a
 * disabled flow is never polled, renewed or reached by app events once its change commits. The
 * sources this removes or replaces are answered, for their `onDisable` after the commit.
 */
import type { Flow, FlowVersion, PieceTrigger } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { ruleViolation } from '../../infrastructure/errors';
import type { Database } from '../../infrastructure/storage/database';
import { findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { publishedVersionOf } from '../schedules/sync-schedule';
import type { PreparedTriggerEnable } from './prepare-trigger-enable';
import { hasTriggerHooks, triggerLabel, type HookedTrigger } from './trigger-hooks';
import {
  deleteAppEventListeners,
  insertAppEventListeners,
  deleteTriggerSource,
  findTriggerSource,
  upsertTriggerSource,
  type TriggerSourceRow,
} from './trigger-source-repository';

/** What a flow change did to its trigger source. */
export interface TriggerSourceChange {
  /** Triggers no longer enabled (their `onDisable` is due). */
  readonly removed: readonly HookedTrigger[];
  /** True when the prepared enabling was recorded. */
  readonly enabled: boolean;
}

const UNCHANGED: TriggerSourceChange = { removed: [], enabled: false };

/**
 * {@link syncTriggerSource} after a flow operation that started from `before`, when the
 * operation changed the flow's status or published version.
 */
export async function syncTriggerSourceAfterChange(
  trx: Kysely<Database>,
  before: Flow,
  saved: { readonly flow: Flow; readonly version: FlowVersion },
  now: string,
  prepared: PreparedTriggerEnable | null,
): Promise<TriggerSourceChange> {
  const { flow } = saved;
  if (flow.status === before.status && flow.publishedVersionId === before.publishedVersionId)
    return UNCHANGED;
  return syncTriggerSource(trx, flow, saved.version, now, prepared);
}

/**
 * Writes (or removes) the trigger source of `flow` as saved in `trx`. Enabling a trigger needs
 * its prepared `onEnable` for that very version and input; without it the change is refused
 * (409 VALIDATION: the flow changed while its trigger was being enabled).
 */
export async function syncTriggerSource(
  trx: Kysely<Database>,
  flow: Flow,
  latest: FlowVersion,
  now: string,
  prepared: PreparedTriggerEnable | null,
): Promise<TriggerSourceChange> {
  const published = await publishedVersionOf(trx, flow, latest);
  const existing = await findTriggerSource(trx, flow.id);
  const wanted = published !== null && hasTriggerHooks(published.trigger) ? published : null;
  if (wanted === null) {
    if (existing === undefined) return UNCHANGED;
    const removed = await hookedTriggerOf(trx, existing);
    await deleteTriggerSource(trx, flow.id);
    return { removed: removed === null ? [] : [removed], enabled: false };
  }
  // Enabled already (by a concurrent change when this one prepared the same version: that
  // enabling stands, and the prepared one must not be undone by onDisable).
  if (existing?.flowVersionId === wanted.id) {
    return prepared?.target.flowVersionId === wanted.id ? { removed: [], enabled: true } : UNCHANGED;
  }
  const trigger = wanted.trigger as PieceTrigger;
  if (prepared?.target.flowVersionId !== wanted.id || !sameTrigger(prepared.target.trigger, trigger)) {
    throw ruleViolation(
      `Trigger ${triggerLabel(trigger)} was not enabled: the flow changed while it was being enabled; try again`,
      { flowId: flow.id, versionId: wanted.id },
    );
  }
  const removed = existing === undefined ? null : await hookedTriggerOf(trx, existing);
  await deleteAppEventListeners(trx, flow.id);
  await upsertTriggerSource(trx, { ...prepared.source, created: existing?.created ?? now, updated: now });
  await prepared.store.commit(trx, now);
  const listeners = prepared.listeners.flatMap((listener) =>
    [...new Set(listener.events)].map((event) => ({
      flowId: flow.id,
      projectId: flow.projectId,
      pieceName: prepared.source.pieceName,
      event,
      identifierValue: listener.identifierValue,
    })),
  );
  if (listeners.length > 0) {
    await insertAppEventListeners(trx, listeners);
  }
  return { removed: removed === null ? [] : [removed], enabled: true };
}

/** The enabled trigger a source row stands for (its version's trigger), or null if that version is gone. */
export async function hookedTriggerOf(
  db: Kysely<Database>,
  source: TriggerSourceRow,
): Promise<HookedTrigger | null> {
  const row = await findVersionOfFlow(db, source.flowId, source.flowVersionId);
  if (row === undefined) return null;
  const { trigger } = flowVersionFromRow(row);
  if (!hasTriggerHooks(trigger)) return null;
  return { flowId: source.flowId, projectId: source.projectId, flowVersionId: source.flowVersionId, trigger };
}

function sameTrigger(a: PieceTrigger, b: PieceTrigger): boolean {
  const essentials = (trigger: PieceTrigger) => {
    const { pieceName, pieceVersion, triggerName, input } = trigger.settings;
    return JSON.stringify({ pieceName, pieceVersion, triggerName, input });
  };
  return essentials(a) === essentials(b);
}
