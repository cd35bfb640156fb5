/**
 * The answer of a synchronous webhook or resume request (`/sync`), from what the run did:
 * - it responded (Return Response, or Respond and Wait): the flow's `{status, body, headers}`;
 * - it finished without responding: SUCCEEDED (and CANCELED, QUOTA_EXCEEDED) is 204 with no body,
 *   at once rather than after the timeout (Activepieces also answers 204, after waiting);
 *   a failed run is 500, a run over its time limit 504, both `{code: 'FLOW_RUN_FAILED', params:
 *   {message, flowRunId, status, failedStep?}}` with Activepieces' messages (it
 *   answers `{message}` alone) and the step that failed, with its error; a run that ended
 *   INTERNAL_ERROR (a bug of ours) is 500 `{code: 'INTERNAL_ERROR', ...}`;
 * - nothing within AP_WEBHOOK_TIMEOUT_SECONDS: 204 with no body — at once when the run pauses
 *   for a delay that ends after that time.
 * Every answer carries `x-webhook-id`, the run's id.
 */
import type { FlowRunStatus } from '@piecework/shared';
import { HttpReply } from '../../infrastructure/http/http-reply';
import type { AwaitedResponse } from '../../execution/run-runtime';

/** The header naming the run a webhook request started (or resumed). */
export const WEBHOOK_ID_HEADER = 'x-webhook-id';

/** The HTTP answer for `awaited`, the outcome of waiting on run `runId`. */
export function syncAnswer(awaited: AwaitedResponse, runId: string): HttpReply {
  const idHeader = { [WEBHOOK_ID_HEADER]: runId };
  switch (awaited.kind) {
    case 'RESPONDED': {
      const { status, body, headers } = awaited.response;
      return new HttpReply(status, body, { ...headers, ...idHeader });
    }
    case 'FINISHED': {
      const failure = failureOf(awaited.run.status);
      if (failure === null) return new HttpReply(204, undefined, idHeader);
      const { status, failedStep } = awaited.run;
      const params = {
        message: failure.message,
        flowRunId: runId,
        status,
        ...(failedStep ? { failedStep } : {}),
      };
      const code = status === 'INTERNAL_ERROR' ? 'INTERNAL_ERROR' : 'FLOW_RUN_FAILED';
      return new HttpReply(failure.status, { code, params }, idHeader);
    }
    case 'TIMED_OUT':
      return new HttpReply(204, undefined, idHeader);
    default:
      return assertNever(awaited);
  }
}

/** The error answer of a run that ended with `status` without responding; null for 204. */
function failureOf(status: FlowRunStatus): { status: number; message: string } | null {
  switch (status) {
    case 'FAILED':
    case 'MEMORY_LIMIT_EXCEEDED':
    case 'LOG_SIZE_EXCEEDED':
      return { status: 500, message: 'The flow has failed and there is no response returned' };
    case 'INTERNAL_ERROR':
      return { status: 500, message: 'An internal error has occurred' };
    case 'TIMEOUT':
      return { status: 504, message: 'The request took too long to reply' };
    case 'SUCCEEDED':
    case 'CANCELED':
    case 'QUOTA_EXCEEDED':
    case 'QUEUED':
    case 'RUNNING':
    case 'PAUSED':
      return null;
    default:
      return assertNever(status);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unhandled value ${String(value)}`);
}
