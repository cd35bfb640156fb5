/**
 * Where one submission stands, from the events of its answer stream: sending (with the agent's
 * turns so far, and whether the server said the flow is still working), answered, or failed.
 * Both pages fold the stream into this with {@link applySubmissionEvent}.
 */
import type { HumanInputStreamEvent } from '@piecework/shared';

/** A submission's refusal or failure, as the API's errors are: `{code, params}` (and the HTTP status when there was one). */
export interface SubmissionFailure {
  readonly code: string;
  readonly params: Record<string, unknown>;
  readonly status?: number | undefined;
}

/** Where a submission stands. */
export type SubmissionState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'sending'; readonly stillWorking: boolean; readonly turns: readonly string[] }
  | {
      readonly phase: 'answered';
      readonly status: number;
      readonly body: unknown;
      readonly turns: readonly string[];
    }
  | { readonly phase: 'failed'; readonly failure: SubmissionFailure; readonly turns: readonly string[] };

/** Before anything is sent. */
export const IDLE: SubmissionState = { phase: 'idle' };

/** Just sent, nothing heard yet. */
export const SENDING: SubmissionState = { phase: 'sending', stillWorking: false, turns: [] };

/** The state after `event`. Events after the answer (or failure) change nothing. */
export function applySubmissionEvent(state: SubmissionState, event: HumanInputStreamEvent): SubmissionState {
  if (state.phase !== 'sending') return state;
  switch (event.type) {
    case 'run':
      return state;
    case 'pending':
      return { ...state, stillWorking: true };
    case 'turn':
      return { ...state, turns: [...state.turns, event.text] };
    case 'answer':
      return { phase: 'answered', status: event.status, body: event.body, turns: state.turns };
    case 'failed':
      return { phase: 'failed', failure: { code: event.code, params: event.params }, turns: state.turns };
    default:
      return assertNever(event);
  }
}

/** The state after the stream ended without an answer or failure (the connection dropped). */
export function endOfStream(state: SubmissionState): SubmissionState {
  if (state.phase !== 'sending') return state;
  return {
    phase: 'failed',
    failure: {
      code: 'CONNECTION_LOST',
      params: { message: 'The connection closed before the answer came.' },
    },
    turns: state.turns,
  };
}

function assertNever(value: never): never {
  throw new Error(`Unexpected event ${JSON.stringify(value)}`);
}
