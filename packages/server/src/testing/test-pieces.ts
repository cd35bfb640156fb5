/**
 * Npm pieces for integration tests, without the registry: {@link placeFixturePiece} puts one of
 * the fixture piece packages (`packages/pieces/src/npm/testing/fixtures`) into a server's pieces
 * directory as if `piecework pieces add` had installed it.
 */
import { cp, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pieceInstallDir } from '@piecework/pieces';

/** The folder of the fixture piece packages (`piece-echo`, `piece-menu`, `not-a-piece`, ...). */
export const FIXTURE_PIECES_DIR = fileURLToPath(
  new URL('../../../pieces/src/npm/testing/fixtures/', import.meta.url),
);

/** The repository's `node_modules`, where fixtures' dependencies (`@activepieces/pieces-common`) are. */
const REPOSITORY_MODULES = fileURLToPath(new URL('../../../../node_modules/', import.meta.url));

/**
 * Installs fixture `folder` (its package name is `@fixtures/<folder>`) at `version` into
 * `piecesDir`, its manifest's version rewritten to match and its dependencies linked.
 */
export async function placeFixturePiece(piecesDir: string, folder: string, version = '1.0.0'): Promise<void> {
  const name = `@fixtures/${folder}`;
  const modules = join(pieceInstallDir(piecesDir, name, version), 'node_modules');
  const target = join(modules, name);
  await mkdir(dirname(target), { recursive: true });
  await cp(join(FIXTURE_PIECES_DIR, folder), target, { recursive: true });
  const manifest = JSON.parse(await readFile(join(target, 'package.json'), 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
  };
  await writeFile(join(target, 'package.json'), JSON.stringify({ ...manifest, version }));
  // Dependencies as npm would have installed them beside the piece: links to the repository's copies.
  for (const dependency of Object.keys(manifest.dependencies ?? {})) {
    await mkdir(dirname(join(modules, dependency)), { recursive: true });
    await symlink(join(REPOSITORY_MODULES, dependency), join(modules, dependency), 'dir');
  }
}
