import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findInstalledPiece, listInstalledPieces } from '../catalogue/pieces-directory';
import { resolveVersion } from '../catalogue/piece-versions';

/**
 * Finds the folder of a piece version (exact, or the newest installed in a range such as `~0.3.1`);
 * rejects when no installed version matches.
 */
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
 * `<dir>/node_modules/<name>`), then in `node_modules` folders from `from` upwards, the first
 * folder holding the version wins. The version asked is exact (`1.2.3`) or a range (`~1.2.0`,
 * resolved by semver to the newest version found in it); none found:
 * `piece x@1.2.3 is not installed (found 1.2.4)`.
 */
export function createPieceResolver(options: PieceResolverOptions = {}): PieceResolver {
  return async (name, version) => {
    // An exact version in its own folder (how the catalogue installs) needs no directory listing.
    const own =
      options.piecesDir === undefined ? undefined : findInstalledPiece(options.piecesDir, name, version);
    if (own !== undefined) return own;
    const found = new Map<string, string>();
    const add = (installedVersion: string | undefined, dir: string) => {
      if (installedVersion !== undefined && !found.has(installedVersion)) found.set(installedVersion, dir);
    };
    if (options.piecesDir !== undefined) {
      for (const piece of listInstalledPieces(options.piecesDir)) {
        if (piece.name === name) add(piece.version, piece.moduleDir);
      }
      const flat = join(options.piecesDir, 'node_modules', name);
      add(versionAt(flat), flat);
    }
    if (options.searchNodeModules !== false) {
      for (const dir of nodeModulesCandidates(resolve(options.from ?? process.cwd()), name))
        add(versionAt(dir), dir);
    }
    const match = resolveVersion([...found.keys()], version);
    if (match !== undefined) return found.get(match)!;
    throw new Error(
      `piece ${name}@${version} is not installed${found.size > 0 ? ` (found ${[...found.keys()].join(', ')})` : ''}`,
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
