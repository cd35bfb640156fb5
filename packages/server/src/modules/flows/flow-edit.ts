/**
 * A flow operation in progress: the flow and its latest version as the operation leaves them, how
 * the version must be saved, and the lifecycle events to record. Operations build a new
 * {@link FlowEdit} from the old one (never writing in place); `saveFlowEdit` then writes it.
 */
import type { Flow, FlowVersion } from '@piecework/shared';
import { generateId } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { PieceAvailability } from '../pieces/piece-availability';
import type { Database } from '../../infrastructure/storage/database';
import type { PreparedTriggerEnable } from '../triggers/prepare-trigger-enable';

/** Audit events an operation causes besides the flow.updated every operation records. */
export interface FlowLifecycleEvent {
  readonly action: 'flow.published' | 'flow.activated' | 'flow.deactivated';
  /** The version the event is about (the published one). */
  readonly version: FlowVersion;
}

/** How the edit's version is saved: untouched, changed in place, or new (a draft made by this operation). */
export type VersionWrite = 'none' | 'update' | 'insert';

/** The state of one flow operation. */
export interface FlowEdit {
  readonly flow: Flow;
  /** The latest version: the draft if there is one. */
  readonly version: FlowVersion;
  readonly versionWrite: VersionWrite;
  readonly events: readonly FlowLifecycleEvent[];
}

/** What operations may use: the write transaction, the time, the caller and the limits. */
export interface FlowEditEnv {
  /** The write transaction of the request: every read and write of the operation goes here. */
  readonly trx: Kysely<Database>;
  readonly now: string;
  /** The acting user; null for API keys. */
  readonly userId: string | null;
  readonly platformId: string;
  /** AP_MAX_FILE_SIZE_MB, for sample data. */
  readonly maxFileSizeMb: number;
  /** Which pieces can run here: an unavailable one makes its step invalid. */
  readonly pieces: PieceAvailability;
  /** The trigger whose `onEnable` ran before this change (`prepareTriggerEnable`), if any. */
  readonly triggerEnable: PreparedTriggerEnable | null;
}

/** The starting edit of an operation on `flow` whose latest version is `version`. */
export function startFlowEdit(flow: Flow, version: FlowVersion): FlowEdit {
  return { flow, version, versionWrite: 'none', events: [] };
}

/**
 * The edit with a DRAFT to change: the latest version when it is a draft, otherwise a new draft
 * (new id) copied from the locked latest version, which stays as it is. Use it before any change
 * of version content.
 */
export function withDraft(edit: FlowEdit, env: FlowEditEnv): FlowEdit {
  if (edit.version.state === 'DRAFT') return edit;
  const draft: FlowVersion = {
    ...edit.version,
    id: generateId(),
    created: env.now,
    updated: env.now,
    updatedBy: env.userId,
    state: 'DRAFT',
  };
  return { ...edit, version: draft, versionWrite: 'insert' };
}

/** The edit with its version replaced by `version` (to be saved: inserted if new, else updated). */
export function withVersion(edit: FlowEdit, version: FlowVersion): FlowEdit {
  return { ...edit, version, versionWrite: edit.versionWrite === 'insert' ? 'insert' : 'update' };
}

/** The edit with some fields of the flow changed. */
export function withFlow(edit: FlowEdit, changes: Partial<Flow>): FlowEdit {
  return { ...edit, flow: { ...edit.flow, ...changes } };
}

/** The edit with one more lifecycle event to record. */
export function withEvent(edit: FlowEdit, event: FlowLifecycleEvent): FlowEdit {
  return { ...edit, events: [...edit.events, event] };
}
