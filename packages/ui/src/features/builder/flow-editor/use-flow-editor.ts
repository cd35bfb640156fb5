/**
 * The flow being edited in the builder: its latest state from the server, and `apply(operation)`,
 * the only way the builder changes it. Each edit is one flow operation (`POST /v1/flows/:id`),
 * sent one after another in order, each with `If-Match` on the draft it was made against; the
 * answer replaces the cached flow. While the tab is visible and idle the flow is re-read every few
 * seconds, so two tabs on one flow see each other's changes; an edit made against a draft another
 * tab has changed is refused by the server (409), the latest flow is loaded and `conflict` says so.
 *
 * Every content edit is kept in the flow's undo history (`history/edit-history.ts`): `undo` sends
 * the operations that reverse the last edit, `redo` sends it again, through the same queue and
 * API, after checking that nobody changed what the edit touched since (if so, `conflict` says
 * why and nothing is sent).
 */
import { isApiError } from '@piecework/client';
import { changedPart, findStep, type FlowOperation, type PopulatedFlow } from '@piecework/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { errorMessage } from '../../../api/error-message';
import { useApi, useSlowApi } from '../../../api/session-context';
import {
  afterRedo,
  afterUndo,
  blockedBy,
  EMPTY_HISTORY,
  entryOf,
  isUndoable,
  joinEntries,
  withEdit,
} from '../history/edit-history';
import { useStoredHistory } from '../history/use-stored-history';

/** The cache key of one flow. */
export const flowKey = (flowId: string) => ['flow', flowId] as const;

/** How often an idle, visible builder re-reads the flow. */
const POLL_MS = 3_000;

/** How {@link FlowEditor.apply} sends an operation. */
export interface ApplyOptions {
  /** Send only if the draft still has the step of this name when the operation's turn comes. */
  readonly whileStepExists?: string;
}

/** What {@link useFlowEditor} answers. */
export interface FlowEditor {
  /** The flow as last read or changed; undefined while loading. */
  readonly flow: PopulatedFlow | undefined;
  /** The load's error (e.g. 404), if it failed. */
  readonly loadError: unknown;
  /** Whether operations are being sent. */
  readonly saving: boolean;
  /** Set when an edit was refused because the flow changed elsewhere; cleared by the next edit. */
  readonly conflict: string | null;
  /**
   * Sends one flow operation after those already queued and answers the flow it produced.
   * Rejects with the server's error (a 409 conflict also reloads the flow and sets `conflict`).
   * With `whileStepExists`, the operation is dropped (answering the flow as it is) when, at its
   * turn, the draft no longer has that step: use it for a step's own pending save, which must not
   * follow the step's deletion queued before it.
   */
  apply(operation: FlowOperation, options?: ApplyOptions): Promise<PopulatedFlow>;
  /** Re-reads the flow now. */
  reload(): Promise<void>;
  /** Whether there is an edit to undo / an undone edit to redo. */
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Undoes the last edit (after the edits already queued); a refusal is said in `conflict`. */
  undo(): Promise<void>;
  /** Redoes the last undone edit, likewise. */
  redo(): Promise<void>;
  /**
   * Makes the edits applied from now until the returned function is called one step of undo:
   * use it around a user action sent as several operations (a paste of steps).
   */
  startGroup(): () => void;
}

/** The editor of flow `flowId`. */
export function useFlowEditor(flowId: string): FlowEditor {
  const client = useApi();
  // An edit that adds a step of a piece the server installs on first use lasts as long as the install.
  const editClient = useSlowApi();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(0);
  const [conflict, setConflict] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const query = useQuery({
    queryKey: flowKey(flowId),
    queryFn: () => client.flows.get(flowId),
    refetchInterval: () => (pending === 0 && document.visibilityState === 'visible' ? POLL_MS : false),
    refetchOnWindowFocus: true,
  });

  const history = useStoredHistory(flowId);

  /** Runs `job` after the jobs already queued, counting it as saving. */
  const enqueue = useCallback(<T>(job: () => Promise<T>): Promise<T> => {
    setPending((count) => count + 1);
    const result = queue.current.then(job, job);
    queue.current = result.catch(() => undefined);
    return result.finally(() => setPending((count) => count - 1));
  }, []);

  /** Sends one operation now against the cached draft; answers the flow before and after it. */
  const send = useCallback(
    async (
      operation: FlowOperation,
    ): Promise<{ before: PopulatedFlow | undefined; after: PopulatedFlow }> => {
      await queryClient.cancelQueries({ queryKey: flowKey(flowId) });
      const current = queryClient.getQueryData<PopulatedFlow>(flowKey(flowId));
      // If-Match: the server applies the edit only to the draft this tab last saw.
      const api =
        current === undefined
          ? editClient
          : editClient.withHeaders({ 'if-match': `"${current.version.updated}"` });
      try {
        const next = await api.flows.update(flowId, operation);
        // A re-read that started while the edit was on its way may have read the draft before it:
        // it is cancelled so that it cannot replace this answer, and the next edit's If-Match with it.
        await queryClient.cancelQueries({ queryKey: flowKey(flowId) });
        queryClient.setQueryData(flowKey(flowId), next);
        setConflict(null);
        return { before: current, after: next };
      } catch (error) {
        if (isApiError(error, 'CONFLICT')) {
          setConflict(
            'This flow was changed in another tab or by another user, so your last change was not saved. The latest version is shown; make the change again.',
          );
          await queryClient.invalidateQueries({ queryKey: flowKey(flowId) });
        }
        throw error;
      }
    },
    [editClient, flowId, queryClient],
  );

  const group = useRef<string | undefined>(undefined);
  const startGroup = useCallback(() => {
    const id = crypto.randomUUID();
    group.current = id;
    return () => {
      if (group.current === id) group.current = undefined;
    };
  }, []);

  const apply = useCallback(
    (operation: FlowOperation, options?: ApplyOptions): Promise<PopulatedFlow> => {
      const inGroup = group.current;
      return enqueue(async () => {
        const stepName = options?.whileStepExists;
        if (stepName !== undefined) {
          const current = queryClient.getQueryData<PopulatedFlow>(flowKey(flowId));
          if (current !== undefined && findStep(current.version, stepName) === undefined) return current;
        }
        const { before, after } = await send(operation);
        if (before !== undefined && isUndoable(operation)) {
          const entry = entryOf(before.version, operation, after.version, Date.now(), inGroup);
          if (entry !== undefined) history.update((kept) => withEdit(kept, entry));
        }
        return after;
      });
    },
    [enqueue, flowId, history, queryClient, send],
  );

  /** Sends `operations` in order after checking the draft still has `expected`; false if stopped. */
  const replay = useCallback(
    async (
      operations: readonly FlowOperation[],
      expected: Record<string, string | null>,
      action: 'undo' | 'redo',
    ) => {
      const current = queryClient.getQueryData<PopulatedFlow>(flowKey(flowId));
      const blocked =
        current === undefined ? undefined : blockedBy(changedPart(current.version, expected), action);
      if (blocked !== undefined) {
        setConflict(blocked);
        history.update(() => EMPTY_HISTORY);
        return undefined;
      }
      const sent: { before: PopulatedFlow | undefined; after: PopulatedFlow }[] = [];
      try {
        for (const operation of operations) sent.push(await send(operation));
      } catch (error) {
        // Part of the edit may be back already: the history no longer matches the draft.
        history.update(() => EMPTY_HISTORY);
        if (!isApiError(error, 'CONFLICT')) {
          setConflict(
            `${action === 'undo' ? 'Undo' : 'Redo'} failed: ${errorMessage(error)} The undo history is cleared.`,
          );
        }
        return undefined;
      }
      return sent;
    },
    [flowId, history, queryClient, send],
  );

  const undo = useCallback(
    () =>
      enqueue(async () => {
        const entry = history.current().undo.at(-1);
        if (entry === undefined) return;
        if ((await replay(entry.inverse, entry.after, 'undo')) !== undefined) history.update(afterUndo);
      }),
    [enqueue, history, replay],
  );

  const redo = useCallback(
    () =>
      enqueue(async () => {
        const entry = history.current().redo.at(-1);
        if (entry === undefined) return;
        const sent = await replay(entry.operations, entry.before, 'redo');
        if (sent === undefined) return;
        // The inverses are taken anew from the drafts the redo made.
        const entries = entry.operations.map((operation, index) => {
          const { before, after } = sent[index]!;
          return before === undefined ? undefined : entryOf(before.version, operation, after.version, 0);
        });
        const redone = entries.every((each) => each !== undefined)
          ? entries.reduce((joined, each) => joinEntries(joined, each))
          : entry;
        history.update((kept) => afterRedo(kept, redone));
      }),
    [enqueue, history, replay],
  );

  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: flowKey(flowId) }),
    [flowId, queryClient],
  );

  return {
    flow: query.data,
    loadError: query.error,
    saving: pending > 0,
    conflict,
    apply,
    reload,
    canUndo: history.state.undo.length > 0,
    canRedo: history.state.redo.length > 0,
    undo,
    redo,
    startGroup,
  };
}
