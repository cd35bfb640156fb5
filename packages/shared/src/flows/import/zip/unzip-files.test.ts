/**
 * The ZIP reader of the import unpacks only the files asked for, within its limits whatever the
 * headers declare: ZIP bombs (many directory entries sharing one deflated file), names held
 * twice, sizes that lie, corrupt and cut-short data are refused with a reason. Also what fflate
 * does that the reader relies on, or works around.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { layOutArtifact, zipArtifact, zipBomb, type LaidOutFile } from '../test-archives';
import { unzipFiles } from './unzip-files';

const MiB = 1024 * 1024;
const LIMITS = { maxEntries: 64, maxFileBytes: MiB, maxTotalBytes: 2 * MiB };
const NAMES = new Set(['index.ts', 'index.js', 'package.json']);
const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));
const text = (value: string) => new TextEncoder().encode(value);
const file = (name: string, content: string | Uint8Array, more: Partial<LaidOutFile> = {}) => ({
  name,
  data: typeof content === 'string' ? text(content) : content,
  ...more,
});
const zeros = new Uint8Array(5 * MiB);
const read = (base64: string) => unzipFiles(bytesOf(base64), NAMES, LIMITS);

describe('unzipFiles', () => {
  it.each<[string, string]>([
    ['stored by fflate', zipArtifact({ 'index.ts': 'a', 'package.json': '{}', 'README.md': 'b' }, 0)],
    ['deflated by fflate', zipArtifact({ 'index.ts': 'a', 'package.json': '{}', 'README.md': 'b' })],
    [
      'laid out by hand, stored and deflated',
      layOutArtifact([
        file('index.ts', 'a', { method: 0 }),
        file('README.md', 'b'),
        file('package.json', '{}'),
      ]),
    ],
  ])('reads only the files asked for from an archive %s', (_, artifact) => {
    const files = read(artifact);
    expect([...files.keys()].sort()).toEqual(['index.ts', 'package.json']);
    expect(new TextDecoder().decode(files.get('index.ts'))).toBe('a');
    expect(new TextDecoder().decode(files.get('package.json'))).toBe('{}');
  });

  it('reads files up to the limits exactly', () => {
    const full = new Uint8Array(MiB).fill(97);
    const files = read(layOutArtifact([file('index.ts', full), file('package.json', full)]));
    for (const name of ['index.ts', 'package.json']) {
      expect(files.get(name)).toHaveLength(MiB);
      expect(files.get(name)?.every((byte) => byte === 97)).toBe(true);
    }
  });

  it.each<[string, string, string]>([
    [
      'a 13 KiB ZIP bomb: 100 entries sharing 5 MiB of zeros',
      zipBomb({ inflatedBytes: 5 * MiB, entries: 100 }),
      'it has more than 64 entries',
    ],
    [
      'a bomb of 3 entries named as the files asked for',
      zipBomb({ inflatedBytes: 5 * MiB, entries: 3 }),
      'index.ts is larger than 1048576 bytes',
    ],
    [
      'a name held twice in the directory',
      zipBomb({ inflatedBytes: 10, entries: 2, sameName: true }),
      'it holds index.ts twice',
    ],
    [
      'a name held twice in the local entries',
      layOutArtifact(
        [file('index.ts', 'a'), file('index.ts', 'b'), file('package.json', '{}')],
        [
          { name: 'index.ts', file: 0 },
          { name: 'package.json', file: 2 },
        ],
      ),
      'it holds index.ts twice',
    ],
    [
      'a file inflating far past its declared size',
      layOutArtifact([file('index.ts', zeros, { declaredSize: 100 })]),
      'index.ts inflates to more than the 100 bytes it declares',
    ],
    [
      'a file inflating to less than its declared size',
      layOutArtifact([file('index.ts', 'a'.repeat(100), { declaredSize: 5000 })]),
      'index.ts inflates to 100 bytes, not the 5000 it declares',
    ],
    [
      'files over the total limit',
      layOutArtifact([
        file('index.ts', new Uint8Array(MiB)),
        file('index.js', new Uint8Array(MiB)),
        file('package.json', '{}'),
      ]),
      'its files are larger than 2097152 bytes together',
    ],
    [
      'an unknown compression method',
      layOutArtifact([file('index.ts', 'a', { method: 12 })]),
      'index.ts uses compression method 12 (only stored and deflate are read)',
    ],
    [
      'an encrypted stored entry',
      layOutArtifact([file('index.ts', 'a'.repeat(100), { method: 0, flags: 1, raw: new Uint8Array(112) })]),
      'index.ts is stored in 112 bytes but declares 100',
    ],
    [
      'corrupt deflate data',
      layOutArtifact([file('index.ts', 'a'.repeat(100), { raw: new Uint8Array(20).fill(0xff) })]),
      'index.ts is corrupt: invalid block type',
    ],
    [
      'deflate data cut short',
      layOutArtifact([file('index.ts', 'a'.repeat(100), { raw: new Uint8Array([0x4b, 0x4c, 0x44]) })]),
      'index.ts is corrupt: unexpected EOF',
    ],
    [
      'a directory entry without its local entry',
      layOutArtifact(
        [file('index.ts', 'a')],
        [
          { name: 'index.ts', file: 0 },
          { name: 'package.json', file: 0 },
        ],
      ),
      'the entry of package.json is missing or cut short',
    ],
    ['bytes that are no archive', btoa('hello world, this is no archive'), 'it is not a ZIP archive'],
  ])('refuses %s', (_, artifact, reason) => {
    expect(() => read(artifact)).toThrow(reason);
  });
});

describe('fflate, as the reader uses it', () => {
  const bomb = bytesOf(zipBomb({ inflatedBytes: 5 * MiB, entries: 1000 }));

  it('unzipSync hands its filter every directory entry before inflating it, and skips those refused', () => {
    const seen: string[] = [];
    const files = unzipSync(bomb, {
      filter: ({ name, originalSize }) => {
        seen.push(`${name}:${String(originalSize)}`);
        return false;
      },
    });
    expect(files).toEqual({});
    expect(seen).toHaveLength(1000);
    expect(seen.slice(0, 4)).toEqual([
      `index.ts:${String(5 * MiB)}`,
      `index.js:${String(5 * MiB)}`,
      `package.json:${String(5 * MiB)}`,
      `3:${String(5 * MiB)}`,
    ]);
  });

  it('unzipSync fits a file to the size its header declares, without an error (so the reader does not use it for data)', () => {
    const lying = bytesOf(layOutArtifact([file('index.ts', zeros, { declaredSize: 100 })]));
    expect(unzipSync(lying)['index.ts']).toHaveLength(100);
  });
});
