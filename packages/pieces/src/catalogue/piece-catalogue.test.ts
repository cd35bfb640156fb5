import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PieceMetadata } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_PIECES } from '../builtin';
import { NpmPieceHost } from '../npm/npm-piece-host';
import { createPieceResolver } from '../npm/resolve-piece';
import { PieceCatalogue } from './piece-catalogue';
import { pieceInstallDir } from './pieces-directory';

const require = createRequire(import.meta.url);

/** A pieces directory holding two versions of the store piece (the real 0.6.20 package, copied). */
async function piecesDirWithStore(): Promise<string> {
  const piecesDir = await mkdtemp(join(tmpdir(), 'piecework-catalogue-'));
  const source = dirname(require.resolve('@activepieces/piece-store/package.json'));
  for (const version of ['0.6.20', '0.7.0']) {
    const target = join(
      pieceInstallDir(piecesDir, '@activepieces/piece-store', version),
      'node_modules',
      '@activepieces',
      'piece-store',
    );
    await mkdir(dirname(target), { recursive: true });
    await cp(source, target, { recursive: true });
    const manifest = JSON.parse(JSON.stringify(require('@activepieces/piece-store/package.json'))) as {
      version: string;
    };
    manifest.version = version;
    await writeFile(join(target, 'package.json'), JSON.stringify(manifest));
  }
  return piecesDir;
}

describe('the piece catalogue', () => {
  let piecesDir: string;
  let npm: NpmPieceHost;
  let catalogue: PieceCatalogue;
  beforeAll(async () => {
    piecesDir = await piecesDirWithStore();
    npm = new NpmPieceHost({
      poolSize: 1,
      resolvePiece: createPieceResolver({ piecesDir, from: piecesDir }),
    });
    catalogue = new PieceCatalogue({ builtins: BUILTIN_PIECES, piecesDir, npm });
  }, 30_000);
  afterAll(async () => {
    await npm.close();
    await rm(piecesDir, { recursive: true, force: true });
  });

  it('lists every built-in piece and the installed npm pieces, each once, with counts', async () => {
    const pieces = await catalogue.list();
    const names = pieces.map((piece) => piece.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(BUILTIN_PIECES.map((piece) => piece.name)));
    const store = pieces.find((piece) => piece.name === '@activepieces/piece-store')!;
    expect(store).toMatchObject({ version: '0.7.0', actions: expect.any(Number) });
    expect(store.actions).toBeGreaterThan(0);
  }, 60_000);

  it('gives the metadata of an exact version, parseable as PieceMetadata, with auth and props', async () => {
    const metadata = await catalogue.get('@activepieces/piece-store', '0.6.20');
    expect(metadata?.version).toBe('0.6.20');
    expect(PieceMetadata.safeParse(metadata).success).toBe(true);
    expect(Object.keys(metadata!.actions)).toEqual(expect.arrayContaining(['put', 'get']));
    const http = await catalogue.get('@activepieces/piece-http');
    expect(PieceMetadata.safeParse(http).success).toBe(true);
    expect(http!.actions.send_request).toMatchObject({
      name: 'send_request',
      props: { url: { type: 'SHORT_TEXT' } },
    });
  }, 60_000);

  it('lists all available versions of a piece, oldest first', () => {
    const builtinStore = BUILTIN_PIECES.find((piece) => piece.name === '@activepieces/piece-store')!;
    const expected = [...new Set(['0.6.20', '0.7.0', builtinStore.version])].sort((a, b) =>
      a === b ? 0 : a.localeCompare(b, undefined, { numeric: true }),
    );
    expect(catalogue.versions('@activepieces/piece-store').map((entry) => entry.version)).toEqual(expected);
    expect(catalogue.versions('@activepieces/piece-unknown')).toEqual([]);
  });

  it('answers undefined for a version that is not available', async () => {
    expect(await catalogue.get('@activepieces/piece-store', '9.9.9')).toBeUndefined();
    expect(await catalogue.get('@activepieces/piece-store', '^9.0.0')).toBeUndefined();
  });

  it('resolves a range, as exported flows name versions, to the newest installed match', async () => {
    expect((await catalogue.get('@activepieces/piece-store', '~0.6.0'))?.version).toBe('0.6.20');
    expect((await catalogue.get('@activepieces/piece-store', '>=0.6.0'))?.version).toBe('0.7.0');
  }, 60_000);
});
