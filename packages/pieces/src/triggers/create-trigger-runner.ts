import { bindBuiltinEnv, builtinEnvFrom } from '../context/builtin-env';
import type { PieceServices } from '../context/piece-services';
import type { PieceDefinition } from '../framework/piece-definition';
import type { TriggerRunOutcome, TriggerRunRequest } from './trigger-request';
import { handleAppEvent, type AppEventOutcome, type AppEventRequest } from './app-event';
import { runTriggerHook } from './run-trigger-hook';

/** Calls trigger hooks of npm pieces (in isolated processes); `NpmPieceHost` is one. */
export interface NpmTriggerHost {
  /** True when that exact version is installed and can run. */
  has(name: string, version: string): Promise<boolean>;
  runTrigger(request: TriggerRunRequest, services: PieceServices): Promise<TriggerRunOutcome>;
  handleAppEvent(request: AppEventRequest): Promise<AppEventOutcome>;
}

/**
 * Calls any hook (`onEnable`, `onDisable`, `run`, `test`, `onRenew`, ...) of any piece trigger,
 * built-in or npm, the same way: what the server uses to enable, poll, renew and test triggers.
 */
export interface TriggerRunner {
  run(request: TriggerRunRequest, services: PieceServices): Promise<TriggerRunOutcome>;
  /** Hands a request of the piece's app-level webhook to its `events` (see `handleAppEvent`). */
  appEvent(request: AppEventRequest): Promise<AppEventOutcome>;
}

/** What {@link createTriggerRunner} needs. */
export interface TriggerRunnerOptions {
  /** Built-in pieces, whose hooks run in this process (pass `BUILTIN_PIECES`). */
  builtins: readonly PieceDefinition[];
  /** Unmodified npm pieces; without it, only built-in triggers run. */
  npm?: NpmTriggerHost;
}

/**
 * The trigger runner, with the piece runner's rule: an installed npm version of the piece runs
 * in a piece process; otherwise a built-in piece of that name runs in this process (its
 * environment bound to the services: SSRF allow list, clock); otherwise the call fails saying
 * how to install the piece.
 *
 * @example
 * ```ts
 * const triggers = createTriggerRunner({ builtins: BUILTIN_PIECES, npm: host });
 * const enabled = await triggers.run({ ...request, hook: 'onEnable' }, services);
 * ```
 */
export function createTriggerRunner(options: TriggerRunnerOptions): TriggerRunner {
  const builtins = new Map(options.builtins.map((piece) => [piece.name, piece]));
  return {
    async run(request, services) {
      if (options.npm && (await options.npm.has(request.pieceName, request.pieceVersion))) {
        return options.npm.runTrigger(request, services);
      }
      const builtin = builtins.get(request.pieceName);
      if (builtin) {
        return runTriggerHook({ definition: builtin, contextVersion: '2' }, request, services, (ctx) =>
          bindBuiltinEnv(ctx, builtinEnvFrom(services)),
        );
      }
      return notInstalled(request);
    },
    async appEvent(request) {
      if (options.npm && (await options.npm.has(request.pieceName, request.pieceVersion))) {
        return options.npm.handleAppEvent(request);
      }
      const builtin = builtins.get(request.pieceName);
      return builtin ? handleAppEvent(builtin, request) : notInstalled(request);
    },
  };
}

function notInstalled(request: { pieceName: string; pieceVersion: string }): {
  status: 'FAILED';
  message: string;
} {
  const spec = `${request.pieceName}@${request.pieceVersion}`;
  return {
    status: 'FAILED',
    message: `Piece ${spec} is not installed: add it with "piecework pieces add ${spec}"`,
  };
}
