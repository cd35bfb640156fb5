/**
 * The undo history of one flow as React state, kept in the tab's session storage so that a
 * reload of the builder can still undo the edits made before it (in memory only where the page may
 * not use session storage, as in a sandboxed embedding iframe).
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { loadHistory, saveHistory, type EditHistory } from './edit-history';

/** Keeps nothing: where the page may not use session storage (a sandboxed embedding iframe). */
const NO_STORAGE: Pick<Storage, 'getItem' | 'setItem'> = { getItem: () => null, setItem: () => undefined };

/** The tab's session storage, or {@link NO_STORAGE} where reading it throws. */
function tabStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return window.sessionStorage;
  } catch {
    return NO_STORAGE;
  }
}

/** What {@link useStoredHistory} answers. */
export interface StoredHistory {
  /** The history as last rendered. */
  readonly state: EditHistory;
  /** The history now, also inside a job that runs between renders. */
  current(): EditHistory;
  /** Replaces the history with `change(current)` and keeps it in session storage. */
  update(change: (history: EditHistory) => EditHistory): void;
}

/** The stored history of flow `flowId`. */
export function useStoredHistory(flowId: string): StoredHistory {
  const [kept, setKept] = useState(() => ({ flowId, history: loadHistory(tabStorage(), flowId) }));
  const latest = useRef(kept.history);
  if (kept.flowId !== flowId) {
    // Another flow opened in the same builder: its own history.
    const opened = { flowId, history: loadHistory(tabStorage(), flowId) };
    latest.current = opened.history;
    setKept(opened);
  }
  const current = useCallback(() => latest.current, []);
  const update = useCallback(
    (change: (history: EditHistory) => EditHistory) => {
      latest.current = change(latest.current);
      saveHistory(tabStorage(), flowId, latest.current);
      setKept({ flowId, history: latest.current });
    },
    [flowId],
  );
  const state = kept.history;
  return useMemo(() => ({ state, current, update }), [state, current, update]);
}
