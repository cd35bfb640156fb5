/**
 * The builder's undo and redo history of one flow: each edit with the operations that undo it
 * (`inverseOperations` of the shared flow algebra) and the footprint of what it touched, so that
 * an undo or redo never overwrites a later change made by someone else. Pure data; the builder's
 * flow editor keeps it (in the tab's session storage, so a reload keeps it too).
 */
import {
  editFootprint,
  FLOW_VERSION_OPERATION_TYPES,
  inverseOperations,
  type EditFootprint,
  type FlowOperation,
  type FlowVersion,
  type FlowVersionOperation,
} from '@piecework/shared';

/** One edit the user can undo (or, once undone, redo). */
export interface HistoryEntry {
  /** The edit as sent (several for a group, e.g. a paste); redo sends them again. */
  readonly operations: readonly FlowVersionOperation[];
  /** The operations that undo it, in order. */
  readonly inverse: readonly FlowVersionOperation[];
  /** What it touched, as it was before it and as it became (see `editFootprint`). */
  readonly before: EditFootprint;
  readonly after: EditFootprint;
  /** When it was made (ms since the epoch), to fold quick successive changes of one field. */
  readonly at: number;
  /** The group of edits it belongs to (one user action sent as several operations), if any. */
  readonly group?: string | undefined;
}

/** The undo and redo stacks of one flow (the last entry of each is next). */
export interface EditHistory {
  readonly undo: readonly HistoryEntry[];
  readonly redo: readonly HistoryEntry[];
}

/** A history with nothing to undo or redo. */
export const EMPTY_HISTORY: EditHistory = { undo: [], redo: [] };

/** The most edits kept to undo. */
export const HISTORY_LIMIT = 100;

/** Successive changes of one field within this time undo as one (typing in a step's input). */
export const FOLD_WITHIN_MS = 1_500;

/** Edits of a flow's content the user makes; pointing a step at its test's sample data is not one. */
export function isUndoable(operation: FlowOperation): operation is FlowVersionOperation {
  return (
    operation.type !== 'UPDATE_SAMPLE_DATA_INFO' &&
    (FLOW_VERSION_OPERATION_TYPES as readonly string[]).includes(operation.type)
  );
}

/**
 * The entry of `operation`, which turned `before` into `after` at `at` (as part of `group`, if
 * given); undefined when it changed nothing.
 */
export function entryOf(
  before: FlowVersion,
  operation: FlowVersionOperation,
  after: FlowVersion,
  at: number,
  group?: string,
): HistoryEntry | undefined {
  const footprint = editFootprint(before, after);
  if (Object.keys(footprint.after).length === 0) return undefined;
  const inverse = inverseOperations(before, operation, after);
  return { operations: [operation], inverse, ...footprint, at, ...(group === undefined ? {} : { group }) };
}

/** One entry for `entries` made one after the other (the later ones applied after the earlier). */
export function joinEntries(first: HistoryEntry, later: HistoryEntry): HistoryEntry {
  return {
    operations: [...first.operations, ...later.operations],
    inverse: [...later.inverse, ...first.inverse],
    before: { ...later.before, ...first.before },
    after: { ...first.after, ...later.after },
    at: later.at,
    ...(first.group === undefined ? {} : { group: first.group }),
  };
}

/**
 * The history after a new edit: pushed on the undo stack, or joined to the last entry when both
 * belong to one group, or folded into it when it changes the same field again within
 * {@link FOLD_WITHIN_MS} (undo then goes back to the value before the first change); the redo
 * stack cleared.
 */
export function withEdit(history: EditHistory, entry: HistoryEntry): EditHistory {
  const last = history.undo.at(-1);
  if (last !== undefined && entry.group !== undefined && entry.group === last.group) {
    return { undo: [...history.undo.slice(0, -1), joinEntries(last, entry)], redo: [] };
  }
  if (last !== undefined && entry.at - last.at <= FOLD_WITHIN_MS && sameField(last, entry)) {
    const folded: HistoryEntry = {
      ...joinEntries(last, entry),
      operations: entry.operations,
      inverse: last.inverse,
    };
    return { undo: [...history.undo.slice(0, -1), folded], redo: [] };
  }
  return { undo: [...history.undo, entry].slice(-HISTORY_LIMIT), redo: [] };
}

/** The edits that replace a whole field, keyed by that field; undefined for the others. */
function fieldOf(operation: FlowVersionOperation): string | undefined {
  switch (operation.type) {
    case 'UPDATE_ACTION':
      return `step:${operation.request.name}`;
    case 'UPDATE_TRIGGER':
      return 'trigger';
    case 'CHANGE_NAME':
      return 'displayName';
    case 'UPDATE_NOTE':
      return `note:${operation.request.id}`;
    default:
      return undefined;
  }
}

function sameField(a: HistoryEntry, b: HistoryEntry): boolean {
  if (a.operations.length !== 1 || b.operations.length !== 1) return false;
  const field = fieldOf(a.operations[0]!);
  return field !== undefined && field === fieldOf(b.operations[0]!);
}

/** The history once its last edit is undone: that entry moves to the redo stack. */
export function afterUndo(history: EditHistory): EditHistory {
  const entry = history.undo.at(-1);
  if (entry === undefined) return history;
  return { undo: history.undo.slice(0, -1), redo: [...history.redo, entry] };
}

/** The history once its last undone edit is redone as `entry` (its inverse taken anew). */
export function afterRedo(history: EditHistory, entry: HistoryEntry): EditHistory {
  return { undo: [...history.undo, entry].slice(-HISTORY_LIMIT), redo: history.redo.slice(0, -1) };
}

/**
 * Why the next undo or redo must not run on the draft as it is now: a part the edit touched
 * (its footprint `expected`) is no longer as the edit left it. Answers the sentence for the user
 * naming that part, or undefined when nothing stands in the way.
 */
export function blockedBy(part: string | undefined, action: 'undo' | 'redo'): string | undefined {
  if (part === undefined) return undefined;
  const what =
    part === 'displayName'
      ? "the flow's name"
      : part === 'trigger'
        ? 'the trigger'
        : part.startsWith('step:')
          ? `step ${part.slice('step:'.length)}`
          : 'a note';
  const verb = action === 'undo' ? 'Undo' : 'Redo';
  return `${verb} stopped: ${what} was changed since your edit, by someone else or in another tab. Nothing was ${action === 'undo' ? 'undone' : 'redone'}, so that change is kept; the undo history is cleared.`;
}

/** The key of a flow's history in session storage. */
export function historyKey(flowId: string): string {
  return `piecework.edit-history.${flowId}`;
}

/** The history of `flowId` kept in `storage`, or an empty one (none kept, or unreadable). */
export function loadHistory(storage: Pick<Storage, 'getItem'>, flowId: string): EditHistory {
  try {
    const kept = JSON.parse(storage.getItem(historyKey(flowId)) ?? 'null') as EditHistory | null;
    return kept !== null && Array.isArray(kept.undo) && Array.isArray(kept.redo) ? kept : EMPTY_HISTORY;
  } catch {
    return EMPTY_HISTORY;
  }
}

/** Keeps `history` of `flowId` in `storage`; a full storage keeps the older copy. */
export function saveHistory(storage: Pick<Storage, 'setItem'>, flowId: string, history: EditHistory): void {
  try {
    storage.setItem(historyKey(flowId), JSON.stringify(history));
  } catch {
    // Session storage is full or refused: the history lives on in memory for this page.
  }
}
