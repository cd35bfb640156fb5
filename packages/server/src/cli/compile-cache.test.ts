/**
 * `loadCommonJs`: a CommonJS file runs as a module, its code cache is written once it ran and used
 * by the next load; a corrupt or refused cache is replaced; a source changed in place (same
 * length, inode and mtime) never gets the old cache; a cache folder that cannot be made, or that
 * someone else could have written, is not used. Every load runs in a worker thread of its own:
 * within one isolate V8's in-memory compilation cache would answer instead of the cache on disk.
 */
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileCacheName, writeCompileCache } from './compile-cache-file';
import type { ThreadLoad } from '../testing/load-common-js-thread';

const threadScript = new URL('../testing/load-common-js-thread.ts', import.meta.url).href;

/** Loads `file` in a fresh isolate (a worker thread registering tsx, then the loading script). */
function loadInThread(
  file: string,
  options: { cacheDir?: string; save?: boolean } = {},
): Promise<ThreadLoad> {
  const bootstrap = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(threadScript)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { file, ...options } });
  return new Promise((done, fail) => {
    worker.once('message', (load: ThreadLoad) => {
      void worker.terminate();
      done(load);
    });
    worker.once('error', fail);
  });
}

const moduleSource = (value: number) => `#!/usr/bin/env node
'use strict';
const path = require('node:path');
const helper = require('./helper.cjs');
function square(n) {
  return n * n;
}
module.exports = {
  value: ${String(value)},
  sep: path.sep,
  helper: helper.value,
  filename: __filename,
  dirname: __dirname,
  thisIsExports: this === exports,
  squared: square(7),
};
`;

let dir: string;
let file: string;
let cacheDir: string;
const cacheFiles = (folder = cacheDir) => readdirSync(folder).filter((name) => name.endsWith('.cache'));

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'piecework-compile-cache-'));
  file = join(dir, 'bundle.js');
  cacheDir = join(dir, '.compile-cache');
  writeFileSync(file, moduleSource(1));
  writeFileSync(join(dir, 'helper.cjs'), 'exports.value = "helped";\n');
  writeFileSync(join(dir, 'esm.mjs'), 'export const value = "imported";\n');
  writeFileSync(
    join(dir, 'importer.js'),
    'exports.imported = import("./esm.mjs").then((esm) => esm.value);\n',
  );
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadCommonJs', () => {
  it('runs the file as a CommonJS module: exports, require of built-ins and of files beside it, __filename, __dirname', async () => {
    const load = await loadInThread(file);
    expect(load.exports).toEqual({
      value: 1,
      sep,
      helper: 'helped',
      filename: file,
      dirname: dir,
      thisIsExports: true,
      squared: 49,
    });
    expect(load.cache).toBe('missing');
    // The cache folder is the user's alone.
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
  });

  it("gives import() of a file compiled from source to Node's loader", async () => {
    const load = await loadInThread(join(dir, 'importer.js'));
    expect(load).toMatchObject({ cache: 'missing', exports: { imported: 'imported' } });
  });

  it('writes the code cache once the code ran; the next load compiles from it (V8 did not reject it)', async () => {
    expect(await loadInThread(file, { save: true })).toMatchObject({ cache: 'missing', saved: true });
    expect(cacheFiles()).toHaveLength(1);
    const second = await loadInThread(file, { save: true });
    expect(second).toMatchObject({ cache: 'used', saved: false });
    expect(second.exports).toMatchObject({ value: 1, helper: 'helped', squared: 49 });
  });

  it('rejects a corrupt cache (its checksum does not match), compiles from source and replaces it', async () => {
    await loadInThread(file, { save: true });
    const [name] = cacheFiles();
    const path = join(cacheDir, name!);
    const bytes = readFileSync(path);
    for (let at = bytes.length >> 1; at < (bytes.length >> 1) + 64; at++) bytes[at] = bytes[at]! ^ 0x5a;
    writeFileSync(path, bytes);

    const corrupt = await loadInThread(file, { save: true });
    expect(corrupt).toMatchObject({ cache: 'rejected', saved: true, exports: { value: 1, squared: 49 } });
    expect(await loadInThread(file)).toMatchObject({ cache: 'used', exports: { value: 1 } });
  });

  it('replaces a cache that V8 refuses', async () => {
    mkdirSync(cacheDir, { mode: 0o700 });
    writeCompileCache(cacheDir, compileCacheName(file, statSync(file, { bigint: true })), randomBytes(4096));
    expect(await loadInThread(file, { save: true })).toMatchObject({ cache: 'rejected', saved: true });
    expect(await loadInThread(file)).toMatchObject({ cache: 'used', exports: { value: 1 } });
  });

  it('never gives a source changed in place the cache of its old version, even with the same length, inode and mtime', async () => {
    const mtime = new Date('2026-01-01T00:00:00Z');
    utimesSync(file, mtime, mtime);
    await loadInThread(file, { save: true });
    const before = statSync(file, { bigint: true });
    writeFileSync(file, moduleSource(2));
    utimesSync(file, mtime, mtime);
    const after = statSync(file, { bigint: true });
    expect([after.size, after.ino, after.mtimeNs]).toEqual([before.size, before.ino, before.mtimeNs]);

    expect(await loadInThread(file, { save: true })).toMatchObject({
      cache: 'missing',
      saved: true,
      exports: { value: 2 },
    });
    expect(cacheFiles()).toHaveLength(1); // the old version's cache is gone
    expect(await loadInThread(file)).toMatchObject({ cache: 'used', exports: { value: 2 } });
  });

  it('loads without a cache, silently, when the cache folder cannot be made', async () => {
    writeFileSync(join(dir, 'read-only'), '');
    const load = await loadInThread(file, { cacheDir: join(dir, 'read-only', '.compile-cache'), save: true });
    expect(load).toMatchObject({ cache: 'off', saved: false, exports: { value: 1, helper: 'helped' } });
  });

  it('never reads a cache from a folder that others can write, nor through a link', async () => {
    await loadInThread(file, { save: true });
    chmodSync(cacheDir, 0o777);
    expect(await loadInThread(file, { save: true })).toMatchObject({
      cache: 'off',
      saved: false,
      exports: { value: 1 },
    });
    chmodSync(cacheDir, 0o700);
    const linked = join(dir, 'linked-cache');
    symlinkSync(cacheDir, linked);
    expect(await loadInThread(file, { cacheDir: linked })).toMatchObject({
      cache: 'off',
      exports: { value: 1 },
    });
    expect(await loadInThread(file)).toMatchObject({ cache: 'used' });
  });

  it.skipIf(process.getuid?.() !== 0)('never reads a cache from a folder of another user', async () => {
    await loadInThread(file, { save: true });
    chownSync(cacheDir, 65534, 65534);
    expect(await loadInThread(file, { save: true })).toMatchObject({
      cache: 'off',
      saved: false,
      exports: { value: 1 },
    });
  });
});
