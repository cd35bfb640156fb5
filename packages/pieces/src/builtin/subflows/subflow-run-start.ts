import { storedKey } from '../../context/build-action-context';
import { callableFlowKey, SUBFLOWS_PIECE_NAME } from './subflows-common';

/** The Callable Flow trigger's name. */
export const CALLABLE_FLOW_TRIGGER = 'callableFlow';

/** What starting a run of a callable flow takes, computed without running the trigger. */
export interface SubflowRunStart {
  /** The trigger's output: the call's body `{data, callbackUrl}` (what the trigger's `run` returns). */
  triggerOutput: unknown;
  /**
   * The FLOW store entry the trigger's `onStart` writes (the caller's callback URL, for
   * `returnResponse`), with its key as stored; absent when the call does not wait.
   */
  storeEntry?: { key: string; value: string };
}

/**
 * The start of a run of flow `flowId` (run `runId`) whose trigger is `trigger`, from a webhook
 * request `payload` (`{method, headers, body, ...}`): for the subflows piece's Callable Flow
 * trigger (built in or npm, same semantics), its output and store entry; undefined for every other
 * trigger. The server writes the entry before the run starts, so `returnResponse` always finds it.
 */
export function subflowRunStart(
  trigger: { pieceName: string; triggerName: string | null },
  payload: unknown,
  ids: { flowId: string; runId: string },
): SubflowRunStart | undefined {
  if (trigger.pieceName !== SUBFLOWS_PIECE_NAME || trigger.triggerName !== CALLABLE_FLOW_TRIGGER)
    return undefined;
  const body = (payload as { body?: unknown } | null)?.body;
  const callbackUrl = (body as { callbackUrl?: unknown } | null | undefined)?.callbackUrl;
  if (typeof callbackUrl !== 'string' || callbackUrl === '') return { triggerOutput: body ?? null };
  return {
    triggerOutput: body,
    storeEntry: { key: storedKey(ids.flowId, callableFlowKey(ids.runId), 'FLOW', false), value: callbackUrl },
  };
}
