/**
 * The pieces stage of the run machinery: the piece runner called on the main thread for every
 * piece step (built-in pieces, npm pieces in piece processes, installed on demand) and the cache
 * of code steps' npm packages.
 */
import { join } from 'node:path';
import type { PieceRunner } from '@piecework/engine';
import {
  BUILTIN_PIECES,
  NpmPieceHost,
  createPieceResolver,
  createPieceRunner,
  type NpmPieceRunner,
  type ThreadPieceSettings,
} from '@piecework/pieces';
import { CodePackageCache } from '../../infrastructure/code-steps/code-package-cache';
import type { ServerBase } from '../../server-context';
import type { ResponseWaiters } from '../response-waiters';
import type { RunRuntimeOptions } from '../create-run-runtime';

/** The `{apiUrl, publicUrl}` pieces are given, each with a trailing `/`. */
export type PieceUrls = ThreadPieceSettings['urls'];

/** What {@link createRunPieces} makes. */
export interface RunPieces {
  /** Runs every piece step's piece call. */
  readonly pieces: PieceRunner;
  /** The piece processes of npm pieces (none when `options.pieces` takes every call); closed at stop. */
  readonly npm: NpmPieceHost | undefined;
  /** Code steps' npm packages, installed once per set under the data directory. */
  readonly code: CodePackageCache;
}

/** The URLs of this server that pieces are given (its API, under the public URL). */
export function pieceUrls(base: ServerBase): PieceUrls {
  const { publicUrl } = base.settings;
  return { apiUrl: `${publicUrl}api/`, publicUrl: `${publicUrl}api/` };
}

/**
 * The piece runner and code package cache of a runtime: `options.pieces` if given, else built-in
 * pieces plus npm pieces of `<AP_CONFIG_PATH>/pieces`, whose calls end by the deadline of a
 * synchronous caller still waiting in `waiters`.
 */
export function createRunPieces(
  base: ServerBase,
  options: RunRuntimeOptions,
  waiters: ResponseWaiters,
  urls: PieceUrls,
): RunPieces {
  const { config } = base.settings;
  const piecesDir = base.settings.piecesDir;
  const npm =
    options.pieces === undefined
      ? new NpmPieceHost({
          resolvePiece: createPieceResolver({ piecesDir, searchNodeModules: false }),
          // A piece stuck retrying fails its step while a /sync caller still waits for the answer.
          callDeadline: (run) => waiters.answerDeadline(run.id),
          log: {
            log: (level, message, fields) => base.logger[level]({ ...fields, source: 'piece' }, message),
          },
        })
      : undefined;
  const pieces =
    options.pieces ??
    createPieceRunner({
      builtins: BUILTIN_PIECES,
      ...(npm ? { npm: installingOnDemand(npm, base.pieces) } : {}),
      services: {
        urls,
        ssrfAllowList: config.ssrfAllowList,
        maxFileSizeMb: config.maxFileSizeMb,
        ...(options.tables === undefined ? {} : { tables: options.tables }),
      },
    });
  const code = new CodePackageCache({
    dir: join(base.settings.dataDir, 'code-packages'),
    log: {
      log: (level, message, fields) => base.logger[level]({ ...fields, source: 'code-packages' }, message),
    },
  });
  return { pieces, npm, code };
}

/**
 * The run path's npm pieces with on-demand installs: a step naming a known piece version that is
 * not installed (a flow imported and run at once, a worker whose pieces directory lacks it)
 * installs it first, once, as saving the flow would have; a built-in piece is never installed
 * over.
 */
function installingOnDemand(npm: NpmPieceHost, pieces: ServerBase['pieces']): NpmPieceRunner {
  return {
    async has(name, version) {
      if (await npm.has(name, version)) return true;
      if (pieces.isBuiltin(name)) return false;
      // A worker may have started before the piece was synced: read the catalogue again first.
      await pieces.known.freshEntry(name);
      if (!(await pieces.ensure(name, version))) return false;
      npm.forget(name, version);
      return npm.has(name, version);
    },
    runAction: (request, services) => npm.runAction(request, services),
  };
}
