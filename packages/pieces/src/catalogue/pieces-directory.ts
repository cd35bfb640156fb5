import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareVersions } from './piece-versions';

/** One installed version of an npm piece in a pieces directory. */
export interface InstalledPiece {
  name: string;
  version: string;
  /** The folder holding the package (`.../node_modules/<name>`). */
  moduleDir: string;
}

/**
 * The folder of one installed version: `<piecesDir>/<name with / as __>@<version>`, an npm prefix
 * whose `node_modules/<name>` is the piece. Versions live side by side, so a flow runs exactly the
 * version it names.
 */
export function pieceInstallDir(piecesDir: string, name: string, version: string): string {
  return join(piecesDir, `${name.replace('/', '__')}@${version}`);
}

/** The module folder of an installed version, or undefined when it is not installed. */
export function findInstalledPiece(piecesDir: string, name: string, version: string): string | undefined {
  const moduleDir = join(pieceInstallDir(piecesDir, name, version), 'node_modules', name);
  const manifest = join(moduleDir, 'package.json');
  if (!existsSync(manifest)) return undefined;
  const installed = (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version;
  return installed === version ? moduleDir : undefined;
}

/** Every piece version installed in a pieces directory (missing directory: none). */
export function listInstalledPieces(piecesDir: string): InstalledPiece[] {
  if (!existsSync(piecesDir)) return [];
  const pieces: InstalledPiece[] = [];
  for (const entry of readdirSync(piecesDir)) {
    const at = entry.lastIndexOf('@');
    if (at <= 0) continue;
    const name = entry.slice(0, at).replace('__', '/');
    const version = entry.slice(at + 1);
    const moduleDir = findInstalledPiece(piecesDir, name, version);
    if (moduleDir) pieces.push({ name, version, moduleDir });
  }
  return pieces.sort((a, b) => a.name.localeCompare(b.name) || compareVersions(a.version, b.version));
}
