/**
 * Npm pieces for integration tests, without the registry: {@link placeFixturePiece} puts one of
 * the fixture piece packages (`packages/pieces/src/npm/testing/fixtures`) into a server's pieces
 * directory as if `piecework pieces add` had installed it.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pieceInstallDir } from '@piecework/pieces';

/** The folder of the fixture piece packages (`piece-echo`, `piece-menu`, `not-a-piece`, ...). */
export const FIXTURE_PIECES_DIR = fileURLToPath(
  new URL('../../../pieces/src/npm/testing/fixtures/', import.meta.url),
);

/**
 * Installs fixture `folder` (its package name is `@fixtures/<folder>`) at `version` into
 * `piecesDir`, its manifest's version rewritten to match.
 */
export async function placeFixturePiece(piecesDir: string, folder: string, version = '1.0.0'): Promise<void> {
  const name = `@fixtures/${folder}`;
  const target = join(pieceInstallDir(piecesDir, name, version), 'node_modules', name);
  await mkdir(dirname(target), { recursive: true });
  await cp(join(FIXTURE_PIECES_DIR, folder), target, { recursive: true });
  const manifest = JSON.parse(await readFile(join(target, 'package.json'), 'utf8')) as { version: string };
  await writeFile(join(target, 'package.json'), JSON.stringify({ ...manifest, version }));
}
