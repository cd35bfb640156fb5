import type { PieceRunOutcome } from '@piecework/engine';
import { buildActionContext } from '../context/build-action-context';
import type { ActionCallInput } from '../context/build-action-context';
import type { ActionDefinition } from '../framework/piece-definition';
import { errorMessage } from '../errors/error-message';
import { bindBuiltinEnv, builtinEnvFrom } from '../context/builtin-env';

/** One call of a built-in action: the usual call input, and optionally how to wait in-process. */
export interface BuiltinActionCall extends ActionCallInput {
  /** Waits `ms` milliseconds for short in-process delays (default: a real `setTimeout`). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Calls a built-in action in this process with already processed input: builds its context with
 * {@link buildActionContext}, binds the environment built-in pieces use (the services' SSRF
 * allow list and clock, see {@link bindBuiltinEnv}), calls `test` in single-step test mode when
 * the action has one and `run` otherwise, and turns the result into the engine's outcome. Its
 * outbound requests are aborted with the request's `signal` (the run's). A
 * thrown error becomes `FAILED` with its message and cause chain (see `errorMessage`). (The engine's runner processes props first and
 * then does the same; it must bind the environment too, or built-ins fall back to
 * `DEFAULT_BUILTIN_ENV`: no private addresses, the real clock.)
 *
 * @example
 * ```ts
 * const outcome = await callBuiltinAction(findBuiltinPiece('@activepieces/piece-delay')!.actions.delayFor, {
 *   request, services, propsValue: { unit: 'minutes', delayFor: 5 }, auth: undefined,
 * });
 * // outcome.status === 'PAUSED', outcome.pause.type === 'DELAY'
 * ```
 */
export async function callBuiltinAction(
  action: ActionDefinition,
  call: BuiltinActionCall,
): Promise<PieceRunOutcome> {
  const { ctx, outcome } = buildActionContext(call);
  bindBuiltinEnv(ctx, builtinEnvFrom(call.services, call.sleep, call.request.signal));
  try {
    const output = call.request.test && action.test ? await action.test(ctx) : await action.run(ctx);
    return outcome(output);
  } catch (error) {
    return { status: 'FAILED', message: errorMessage(error) };
  }
}
