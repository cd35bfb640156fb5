import type { PieceRunner } from '@piecework/engine';
import { findBuiltinPiece, TABLES_PIECE_NAME } from '../builtin';
import type { PieceServices } from '../context/piece-services';
import { InstalledVersions } from '../npm/installed-versions';
import { createPieceResolver } from '../npm/resolve-piece';
import { pieceServicesOf, runBuiltinAction } from './create-piece-runner';

/**
 * What {@link createThreadPieceRunner} needs, as plain data (it crosses into a worker thread as
 * `WorkerRunner`'s `threadSettings`): the same pieces directory, URLs and SSRF allow list the
 * main thread's {@link createPieceRunner} gets.
 */
export interface ThreadPieceSettings {
  /** The server's pieces directory (`<AP_CONFIG_PATH>/pieces`); without it no npm piece counts as installed. */
  piecesDir?: string;
  /** `{apiUrl, publicUrl}` with a trailing `/`, e.g. `http://localhost:3000/api/`. */
  urls: PieceServices['urls'];
  /** AP_SSRF_ALLOW_LIST: IPs and CIDRs built-in pieces' requests may reach despite the SSRF filter. */
  ssrfAllowList: readonly string[];
  /** AP_MAX_FILE_SIZE_MB: the largest file a FILE prop given as a URL may download. Default 25. */
  maxFileSizeMb?: number;
}

/**
 * The piece runner of a server's engine worker thread (made by the thread script's setup, see
 * `runWorkerThread`): runs built-in pieces in the thread, so that a flow of built-ins never waits
 * for the main thread, and hands everything else to `parent` (the main thread's runner). It
 * decides as {@link createPieceRunner} does: a step naming an npm version installed in
 * `piecesDir` goes to `parent` (which runs it in a piece process); otherwise a built-in of that
 * name runs here (but the tables piece, which needs the main thread's tables), through the props pipeline, with the request's services (store, files and
 * connections reached in the main thread) and outbound requests under the SSRF filter with
 * `ssrfAllowList`; otherwise `parent` answers (that the piece is not installed). Installed
 * versions are looked up as `NpmPieceHost.has` does (a miss is trusted for 1 s), so both threads
 * see a newly added piece within about a second of each other.
 *
 * @example
 * ```ts
 * runWorkerThread({ pieces: (parent, settings) => createThreadPieceRunner(parent, settings as ThreadPieceSettings) });
 * ```
 */
export function createThreadPieceRunner(parent: PieceRunner, settings: ThreadPieceSettings): PieceRunner {
  const { piecesDir, urls, ssrfAllowList, maxFileSizeMb } = settings;
  const installed =
    piecesDir === undefined
      ? undefined
      : new InstalledVersions(createPieceResolver({ piecesDir, searchNodeModules: false }));
  return {
    async run(request) {
      const builtin = findBuiltinPiece(request.pieceName);
      // The tables piece works on the server's tables, which only the main thread holds.
      if (!builtin || builtin.name === TABLES_PIECE_NAME) return parent.run(request);
      if (await installed?.has(request.pieceName, request.pieceVersion)) return parent.run(request);
      const services = pieceServicesOf(
        { urls, ssrfAllowList, ...(maxFileSizeMb === undefined ? {} : { maxFileSizeMb }) },
        request,
      );
      return runBuiltinAction(builtin, request, services);
    },
  };
}
