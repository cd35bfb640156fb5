/**
 * Sends one submission (a form's, or a chat message) and follows its answer stream, as a TanStack
 * Query mutation: `state` moves from sending through the agent's turns to the answer or the
 * failure. `onSettled` hears the final state (the chat keeps it in its history). Leaving the page
 * stops reading the stream.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { failureOf } from './failure-message';
import { applySubmissionEvent, endOfStream, IDLE, SENDING, type SubmissionState } from './submission-state';
import { streamSubmission, type SubmissionKind } from './submission-stream';

/** Where the submission goes. */
export interface SubmissionTarget {
  readonly kind: SubmissionKind;
  readonly flowId: string;
  readonly useDraft: boolean;
}

/** The state of the last submission, and how to send one. */
export function useSubmission(target: SubmissionTarget, onSettled?: (state: SubmissionState) => void) {
  const [state, setState] = useState<SubmissionState>(IDLE);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const mutation = useMutation({
    mutationFn: async (body: FormData): Promise<SubmissionState> => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      let current: SubmissionState = SENDING;
      setState(current);
      try {
        for await (const event of streamSubmission({ ...target, body, signal: controller.signal })) {
          current = applySubmissionEvent(current, event);
          setState(current);
        }
        current = endOfStream(current);
      } catch (error) {
        if (controller.signal.aborted) return current;
        current = {
          phase: 'failed',
          failure: failureOf(error),
          turns: 'turns' in current ? current.turns : [],
        };
      }
      setState(current);
      onSettled?.(current);
      return current;
    },
  });
  return { state, submit: mutation.mutate, reset: () => setState(IDLE) };
}
