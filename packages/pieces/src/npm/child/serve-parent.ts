import { errorMessage } from '../../errors/error-message';
import { loadPieceModule, type LoadedPiece } from '../load-piece-module';
import type { ChildCommand, ChildOptions, FromChild, ToChild } from '../protocol';
import { evaluateProperty, type PropertyOutcome } from '../../properties/evaluate-property';
import { authForContext } from './downgrade-auth';
import { ParentChannel } from './parent-channel';
import { parentServices } from './parent-services';
import { runNpmAction } from './run-action';
import { trackEnvironment } from './track-environment';
import { socketErrorMessage, watchSocketErrors } from './watch-socket-errors';
import { handleAppEvent } from '../../triggers/app-event';
import { runTriggerHook } from '../../triggers/run-trigger-hook';

/** Exit code of a piece process that stops on an uncaught exception. */
const FATAL_EXIT_CODE = 70;

/** Reads the options a piece process is started with (JSON in `argv[2]`). */
export function parseChildOptions(argument: string | undefined): ChildOptions {
  const parsed = JSON.parse(argument ?? '{}') as Partial<ChildOptions>;
  return { ssrfAllowList: Array.isArray(parsed.ssrfAllowList) ? parsed.ssrfAllowList.map(String) : [] };
}

/**
 * Serves the parent's calls in this piece process: loads piece modules by folder (each once),
 * runs actions, trigger hooks, app-level webhook events, property evaluations and metadata
 * requests, and answers each call with its result.
 * After each call the environment is put back as it was at start (a piece's
 * `NODE_TLS_REJECT_UNAUTHORIZED = '0'` does not outlive its call). An uncaught exception (a
 * piece's stray callback) is reported and ends the process; the parent fails the call and
 * starts another process. Stray promise rejections of a piece's background work are ignored.
 * The errors the process's sockets meet during a call (refused connections, failed lookups,
 * TLS failures) are sent to the parent as they happen, each once in a row, so that a failure
 * whose piece dropped the cause, or a call that never ends, can still name it.
 * The process exits when the parent goes away.
 */
export function servePieceProcess(): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('The piece process must be started by NpmPieceHost, with an IPC channel');
  const post = (message: FromChild, done?: () => void) => send(message, undefined, undefined, done);
  const channel = new ParentChannel((message) => post(message));
  const modules = new Map<string, LoadedPiece>();
  const environment = trackEnvironment();
  let current: { callId: number; lastNetworkError?: string } | undefined;
  watchSocketErrors((error) => {
    const call = current;
    if (!call) return;
    const message = socketErrorMessage(error);
    if (message === call.lastNetworkError) return;
    call.lastNetworkError = message;
    post({ type: 'network-error', callId: call.callId, message });
  });

  const load = (moduleDir: string): LoadedPiece => {
    let piece = modules.get(moduleDir);
    if (!piece) {
      piece = loadPieceModule(moduleDir);
      modules.set(moduleDir, piece);
    }
    return piece;
  };

  const run = async (callId: number, command: ChildCommand): Promise<unknown> => {
    if (command.kind === 'metadata') return load(command.moduleDir).metadata;
    if (command.kind === 'property') return evaluateNpmProperty(load, callId, command);
    if (command.kind === 'appEvent') {
      const { request } = command;
      const piece = loadOrFail(load, command.moduleDir, `${request.pieceName}@${request.pieceVersion}`);
      return 'failed' in piece ? piece.failed : handleAppEvent(piece.definition, request);
    }
    const { request } = command;
    const piece = loadOrFail(load, command.moduleDir, `${request.pieceName}@${request.pieceVersion}`);
    if ('failed' in piece) return piece.failed;
    const services = parentServices(channel, callId, command.services);
    return command.kind === 'action'
      ? runNpmAction(piece, command.request, services)
      : runTriggerHook(piece, command.request, services);
  };

  const evaluateNpmProperty = (
    loadPiece: (moduleDir: string) => LoadedPiece,
    callId: number,
    command: Extract<ChildCommand, { kind: 'property' }>,
  ): Promise<PropertyOutcome> | PropertyOutcome => {
    const { request } = command;
    const piece = loadOrFail(loadPiece, command.moduleDir, `${request.pieceName}@${request.pieceVersion}`);
    if ('failed' in piece) return { status: 'FAILED', reason: 'ERROR', message: piece.failed.message };
    const auth = authForContext(request.input['auth'], piece.contextVersion);
    return evaluateProperty(
      piece.definition,
      request,
      parentServices(channel, callId, command.services),
      auth,
    );
  };

  process.on('message', (message: ToChild) => {
    if (message.type === 'service-reply') {
      channel.settle(message);
      return;
    }
    if (message.type !== 'call') return;
    const call = { callId: message.callId };
    current = call;
    run(message.callId, message.command)
      .then(
        (value) => {
          if (current === call) current = undefined;
          sendResult(post, message.callId, value);
        },
        (error: unknown) => {
          if (current === call) current = undefined;
          post({ type: 'result', callId: message.callId, ok: false, message: errorMessage(error) });
        },
      )
      .finally(() => environment.restore());
  });
  process.on('disconnect', () => process.exit(0));
  process.on('unhandledRejection', () => undefined);
  process.on('uncaughtException', (error) => {
    const exit = () => process.exit(FATAL_EXIT_CODE);
    setTimeout(exit, 1000).unref();
    try {
      post({ type: 'fatal', message: errorMessage(error) }, exit);
    } catch {
      exit();
    }
  });
  post({ type: 'ready' });
}

/** The loaded piece, or the FAILED outcome of a call to a piece that cannot be loaded. */
function loadOrFail(load: (moduleDir: string) => LoadedPiece, moduleDir: string, label: string) {
  try {
    return load(moduleDir);
  } catch (error) {
    return {
      failed: {
        status: 'FAILED' as const,
        message: `Piece ${label} cannot be loaded: ${errorMessage(error)}`,
      },
    };
  }
}

/** Sends a result (as JSON); one JSON cannot take (a cycle, a BigInt) fails the call instead. */
function sendResult(post: (message: FromChild) => void, callId: number, value: unknown): void {
  try {
    post({ type: 'result', callId, ok: true, value });
  } catch (error) {
    post({
      type: 'result',
      callId,
      ok: false,
      message: `The piece's result cannot be sent to the host: ${errorMessage(error)}`,
    });
  }
}
