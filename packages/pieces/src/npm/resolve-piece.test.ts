import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPieceResolver } from './resolve-piece';

const root = mkdtempSync(join(tmpdir(), 'piecework-resolve-'));
function install(dir: string, name: string, version: string): string {
  const moduleDir = join(dir, name);
  mkdirSync(moduleDir, { recursive: true });
  writeFileSync(join(moduleDir, 'package.json'), JSON.stringify({ name, version }));
  return moduleDir;
}

const versioned = install(
  join(root, 'pieces', '@acme__piece-a@1.0.0', 'node_modules'),
  '@acme/piece-a',
  '1.0.0',
);
const flat = install(join(root, 'pieces', 'node_modules'), '@acme/piece-b', '2.0.0');
const project = install(join(root, 'app', 'node_modules'), '@acme/piece-c', '3.0.0');
install(join(root, 'app', 'node_modules'), '@acme/piece-a', '1.0.1');

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('createPieceResolver', () => {
  const resolve = createPieceResolver({ piecesDir: join(root, 'pieces'), from: join(root, 'app', 'src') });

  it.each([
    ["a version's own folder in the pieces directory", '@acme/piece-a', '1.0.0', versioned],
    ["the pieces directory's node_modules", '@acme/piece-b', '2.0.0', flat],
    ['node_modules from `from` upwards', '@acme/piece-c', '3.0.0', project],
  ])('finds %s', async (_, name, version, expected) => {
    expect(await resolve(name, version)).toBe(expected);
  });

  it.each([
    [
      'another version is installed',
      '@acme/piece-c',
      '3.0.1',
      'piece @acme/piece-c@3.0.1 is not installed (found 3.0.0)',
    ],
    [
      'versions found in several places',
      '@acme/piece-a',
      '0.9.0',
      'piece @acme/piece-a@0.9.0 is not installed (found 1.0.0, 1.0.1)',
    ],
    ['nothing is installed', '@acme/none', '1.0.0', 'piece @acme/none@1.0.0 is not installed'],
  ])('rejects when %s', async (_, name, version, message) => {
    await expect(resolve(name, version)).rejects.toThrow(message);
  });

  it.each([
    [
      'a tilde range to the newest patch found anywhere',
      '~1.0.0',
      join(root, 'app', 'node_modules', '@acme/piece-a'),
    ],
    ['a caret range', '^1.0.0', join(root, 'app', 'node_modules', '@acme/piece-a')],
    ['an exact version in its own folder, though a newer one is found', '1.0.0', versioned],
  ])('resolves %s', async (_, version, expected) => {
    expect(await resolve('@acme/piece-a', version)).toBe(expected);
  });

  it('rejects a range nothing found satisfies, naming what was found', async () => {
    await expect(resolve('@acme/piece-a', '^2.0.0')).rejects.toThrow(
      'piece @acme/piece-a@^2.0.0 is not installed (found 1.0.0, 1.0.1)',
    );
  });

  it('looks only in the pieces directory when searchNodeModules is false (a server)', async () => {
    const serverResolve = createPieceResolver({
      piecesDir: join(root, 'pieces'),
      from: join(root, 'app', 'src'),
      searchNodeModules: false,
    });
    expect(await serverResolve('@acme/piece-b', '2.0.0')).toBe(flat);
    await expect(serverResolve('@acme/piece-c', '3.0.0')).rejects.toThrow(
      'piece @acme/piece-c@3.0.0 is not installed',
    );
  });
});
