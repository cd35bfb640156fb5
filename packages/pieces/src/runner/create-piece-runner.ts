import type { PieceRunner, PieceRunOutcome, PieceRunRequest } from '@piecework/engine';
import { callBuiltinAction } from '../builtin/call-builtin-action';
import type { PieceServices } from '../context/piece-services';
import type { PieceDefinition } from '../framework/piece-definition';
import { downloadFileProps, fileDownloadOptions, processProps } from '../props';

/** The parts of {@link PieceServices} that do not come with each engine request. */
export type PieceRunnerServices = Omit<PieceServices, 'store' | 'files' | 'connections' | 'now'>;

/** Runs npm pieces (in isolated processes); see `NpmPieceHost`. */
export interface NpmPieceRunner {
  /** True when that exact version is installed and can run. */
  has(name: string, version: string): Promise<boolean>;
  runAction(request: PieceRunRequest, services: PieceServices): Promise<PieceRunOutcome>;
}

/** What {@link createPieceRunner} needs. */
export interface PieceRunnerOptions {
  /** Built-in pieces, run in-process (default: none; pass `BUILTIN_PIECES`). */
  builtins: readonly PieceDefinition[];
  /** Unmodified npm pieces; without it, only built-ins run. */
  npm?: NpmPieceRunner;
  services: PieceRunnerServices;
}

/**
 * The engine's piece runner: a step naming an npm piece version that is installed runs that
 * exact package in an isolated process; otherwise a built-in piece of the same name runs
 * in-process (built-ins answer for any version, since exported flows name the npm versions they
 * were built with); otherwise the step fails saying how to install the piece. Input goes through
 * Activepieces' props pipeline (defaults, processing, validation) first.
 */
export function createPieceRunner(options: PieceRunnerOptions): PieceRunner {
  const builtins = new Map(options.builtins.map((piece) => [piece.name, piece]));
  return {
    async run(request) {
      const services = pieceServicesOf(options.services, request);
      if (options.npm && (await options.npm.has(request.pieceName, request.pieceVersion))) {
        return options.npm.runAction(request, services);
      }
      const builtin = builtins.get(request.pieceName);
      if (builtin) return runBuiltinAction(builtin, request, services);
      return {
        status: 'FAILED',
        message: `Piece ${request.pieceName}@${request.pieceVersion} is not installed: add it with "piecework pieces add ${request.pieceName}@${request.pieceVersion}"`,
      };
    },
  };
}

/**
 * The services of one piece call: the runner's own (URLs, SSRF allow list) with the request's
 * host services; the host's flow lister becomes `listFlows` (`ctx.flows.list`).
 */
export function pieceServicesOf(base: PieceRunnerServices, request: PieceRunRequest): PieceServices {
  const { flows, ...hostServices } = request.services;
  return { ...base, ...hostServices, ...(flows ? { listFlows: (params) => flows.list(params) } : {}) };
}

/** Runs an action of a built-in piece with Activepieces' context. */
export async function runBuiltinAction(
  piece: PieceDefinition,
  request: PieceRunRequest,
  services: PieceServices,
): Promise<PieceRunOutcome> {
  const action = piece.actions[request.actionName];
  if (!action)
    return { status: 'FAILED', message: `Piece ${piece.name} has no action named '${request.actionName}'` };
  const { auth: authValue, ...given } = request.input;
  const downloaded = await downloadFileProps(
    action.props,
    given,
    fileDownloadOptions(services, request.signal),
  );
  if (!downloaded.ok) return { status: 'FAILED', message: downloaded.message };
  const { input } = downloaded;
  const processed = processProps({
    props: action.props,
    input,
    propertySettings: request.propertySettings,
    auth: piece.auth ? { definition: piece.auth, value: authValue } : undefined,
    requireAuth: action.requireAuth ?? true,
  });
  if (!processed.ok) return { status: 'FAILED', message: processed.message };
  const { services: _engineServices, ...call } = request;
  return callBuiltinAction(action, {
    request: call,
    services,
    propsValue: processed.propsValue,
    auth: processed.auth,
  });
}
