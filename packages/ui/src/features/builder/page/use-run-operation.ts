/**
 * Applies flow operations for the builder's controls: one `editor.apply` per edit, a toast with
 * the server's message when it fails (a conflict is shown by the page's alert instead), an
 * optional toast when it worked, and the versions list refreshed (publishing, or the first edit
 * after it, makes a version).
 */
import { isApiError } from '@piecework/client';
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToast } from '../../../components/toast';
import type { FlowEditor } from '../flow-editor/use-flow-editor';
import { versionsKey } from '../versions/use-flow-versions';

/** Runs one operation; answers the new flow, or undefined when it failed (already reported). */
export type RunOperation = (operation: FlowOperation, done?: string) => Promise<PopulatedFlow | undefined>;

/** The {@link RunOperation} of `editor`'s flow. */
export function useRunOperation(editor: FlowEditor, flowId: string): RunOperation {
  const { apply } = editor;
  const { toast, toastError } = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    async (operation, done) => {
      try {
        const flow = await apply(operation);
        void queryClient.invalidateQueries({ queryKey: versionsKey(flowId) });
        if (done !== undefined) toast(done);
        return flow;
      } catch (error) {
        if (!(isApiError(error) && error.status === 409)) toastError(error);
        return undefined;
      }
    },
    [apply, flowId, queryClient, toast, toastError],
  );
}
