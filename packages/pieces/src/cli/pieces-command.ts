import { join, resolve } from 'node:path';
import { BUILTIN_PIECES } from '../builtin';
import { installPiece } from '../catalogue/install-piece';
import { listInstalledPieces } from '../catalogue/pieces-directory';

/** Where pieces are installed: `<AP_CONFIG_PATH>/pieces` (AP_CONFIG_PATH defaults to `./.piecework`). */
export function defaultPiecesDir(env: Record<string, string | undefined>): string {
  return join(resolve(env.AP_CONFIG_PATH || './.piecework'), 'pieces');
}

const USAGE = `usage: piecework pieces add <package>[@version|@range]   install a published piece (exact version pinned)
       piecework pieces list                               list built-in and installed pieces`;

/**
 * `piecework pieces ...`: installs a published piece package into the server's pieces directory
 * or lists the pieces flows can use: the built-in ones (marked `(built in)`), then the npm
 * pieces installed in the pieces directory. Returns the process exit code; writes to the given streams.
 */
export async function runPiecesCommand(
  args: readonly string[],
  io: { out: (line: string) => void; err: (line: string) => void; env: Record<string, string | undefined> },
): Promise<number> {
  const [command, spec, ...rest] = args;
  const piecesDir = defaultPiecesDir(io.env);
  if (command === 'add' && spec && rest.length === 0) {
    try {
      const result = await installPiece(spec, piecesDir);
      io.out(
        `${result.installed ? 'installed' : 'already installed'} ${result.name}@${result.version} in ${piecesDir}`,
      );
      return 0;
    } catch (error) {
      io.err(error instanceof Error ? error.message : String(error));
      return 1;
    }
  }
  if (command === 'list' && spec === undefined) {
    for (const piece of BUILTIN_PIECES) io.out(`${piece.name}@${piece.version} (built in)`);
    const pieces = listInstalledPieces(piecesDir);
    if (pieces.length === 0) io.out(`no npm pieces installed in ${piecesDir}`);
    for (const piece of pieces) io.out(`${piece.name}@${piece.version}`);
    return 0;
  }
  io.err(USAGE);
  return 2;
}
