/**
 * Which pieces this server can run: the built-in ones (any version: exported flows name the npm
 * versions they were built with) and the npm versions installed under its pieces directory
 * (`piecework pieces add`). The same rule as the run path's piece runner, asked before a run:
 * at save (an unavailable piece makes its step invalid) and by the webhook routes.
 */
import { BUILTIN_PIECES, createPieceResolver, InstalledVersions } from '@piecework/pieces';

/** Whether a piece version can run here; built once per server. */
export class PieceAvailability {
  private readonly builtins = new Set(BUILTIN_PIECES.map((piece) => piece.name));
  private readonly installed: InstalledVersions;

  constructor(piecesDir: string) {
    this.installed = new InstalledVersions(createPieceResolver({ piecesDir, searchNodeModules: false }));
  }

  /** True for a built-in piece, or an npm piece whose exact version is installed. */
  async has(name: string, version: string): Promise<boolean> {
    return this.builtins.has(name) || this.installed.has(name, version);
  }
}

/** The command that installs a piece version, as messages quote it. */
export function installCommand(name: string, version: string): string {
  return `piecework pieces add ${name}@${version}`;
}
