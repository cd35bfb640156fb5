/**
 * Sends the router panel's edits one after another, each made from the router as the last edit
 * left it (read from the flow's cache when its turn comes), so an edit never undoes the one
 * before it that was still on its way.
 */
import { findStep, type PopulatedFlow } from '@piecework/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { flowKey } from '../flow-editor/use-flow-editor';
import type { RunOperation } from '../page/use-run-operation';
import type { RouterEdit } from './router-edits';

/** A function that queues an edit of router `stepName` of flow `flowId`. */
export function useRouterEditor(
  flowId: string,
  stepName: string,
  run: RunOperation,
): (edit: RouterEdit) => void {
  const queryClient = useQueryClient();
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  return useCallback(
    (edit: RouterEdit) => {
      queue.current = queue.current.then(async () => {
        const flow = queryClient.getQueryData<PopulatedFlow>(flowKey(flowId));
        const step = flow === undefined ? undefined : findStep(flow.version, stepName);
        if (step?.type === 'ROUTER') await run(edit(step));
      });
    },
    [flowId, queryClient, run, stepName],
  );
}
