import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findInstalledPiece } from '../catalogue/pieces-directory';

/** Finds the folder of an exact piece version; rejects when that version is not installed. */
export type PieceResolver = (name: string, version: string) => Promise<string>;

/** Options of {@link createPieceResolver}. */
export interface PieceResolverOptions {
  /** The server's pieces directory (AP_PIECES_DIR); default: none. */
  piecesDir?: string;
  /** Where the `node_modules` lookup starts, walking up (default: `process.cwd()`). */
  from?: string;
  /**
   * Whether to look in `node_modules` folders at all (default true). A server passes false: its
   * pieces are the ones installed in its pieces directory, whatever folder it was started from.
   */
  searchNodeModules?: boolean;
}

/**
 * The default way {@link NpmPieceHost} finds a piece: in the pieces directory (a version's own
 * folder `<dir>/<name>@<version>/node_modules/<name>` as the catalogue installs it, then
 * `<dir>/node_modules/<name>`), then in `node_modules` folders from `from` upwards. The
 * version must be exactly the one asked: `piece x@1.2.3 is not installed (found 1.2.4)`.
 */
export function createPieceResolver(options: PieceResolverOptions = {}): PieceResolver {
  return async (name, version) => {
    const candidates: string[] = [];
    if (options.piecesDir !== undefined) {
      const installed = findInstalledPiece(options.piecesDir, name, version);
      if (installed) return installed;
      candidates.push(join(options.piecesDir, 'node_modules', name));
    }
    if (options.searchNodeModules !== false) {
      candidates.push(...nodeModulesCandidates(resolve(options.from ?? process.cwd()), name));
    }
    const found: string[] = [];
    for (const dir of candidates) {
      const installedVersion = versionAt(dir);
      if (installedVersion === version) return dir;
      if (installedVersion !== undefined && !found.includes(installedVersion)) found.push(installedVersion);
    }
    throw new Error(
      `piece ${name}@${version} is not installed${found.length > 0 ? ` (found ${found.join(', ')})` : ''}`,
    );
  };
}

function nodeModulesCandidates(start: string, name: string): string[] {
  const dirs: string[] = [];
  for (let dir = start; ; dir = dirname(dir)) {
    dirs.push(join(dir, 'node_modules', name));
    if (dirname(dir) === dir) return dirs;
  }
}

function versionAt(dir: string): string | undefined {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  try {
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
