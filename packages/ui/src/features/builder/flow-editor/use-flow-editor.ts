/**
 * The flow being edited in the builder: its latest state from the server, and `apply(operation)`,
 * the only way the builder changes it. Each edit is one flow operation (`POST /v1/flows/:id`),
 * sent one after another in order, each with `If-Match` on the draft it was made against; the
 * answer replaces the cached flow. While the tab is visible and idle the flow is re-read every few
 * seconds, so two tabs on one flow see each other's changes; an edit made against a draft another
 * tab has changed is refused by the server (409), the latest flow is loaded and `conflict` says so.
 */
import { isApiError } from '@piecework/client';
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useApi, useSlowApi } from '../../../api/session-context';

/** The cache key of one flow. */
export const flowKey = (flowId: string) => ['flow', flowId] as const;

/** How often an idle, visible builder re-reads the flow. */
const POLL_MS = 3_000;

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
   */
  apply(operation: FlowOperation): Promise<PopulatedFlow>;
  /** Re-reads the flow now. */
  reload(): Promise<void>;
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

  const apply = useCallback(
    (operation: FlowOperation): Promise<PopulatedFlow> => {
      setPending((count) => count + 1);
      const run = async (): Promise<PopulatedFlow> => {
        await queryClient.cancelQueries({ queryKey: flowKey(flowId) });
        const current = queryClient.getQueryData<PopulatedFlow>(flowKey(flowId));
        // If-Match: the server applies the edit only to the draft this tab last saw.
        const api =
          current === undefined
            ? editClient
            : editClient.withHeaders({ 'if-match': `"${current.version.updated}"` });
        try {
          const next = await api.flows.update(flowId, operation);
          queryClient.setQueryData(flowKey(flowId), next);
          setConflict(null);
          return next;
        } catch (error) {
          if (isApiError(error, 'CONFLICT')) {
            setConflict(
              'This flow was changed in another tab or by another user, so your last change was not saved. The latest version is shown; make the change again.',
            );
            await queryClient.invalidateQueries({ queryKey: flowKey(flowId) });
          }
          throw error;
        }
      };
      const result = queue.current.then(run, run);
      queue.current = result.catch(() => undefined);
      return result.finally(() => setPending((count) => count - 1));
    },
    [editClient, flowId, queryClient],
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
  };
}
