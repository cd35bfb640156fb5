import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync, type BigIntStats } from 'node:fs';
import { basename, join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** The start of every cache file this module writes: its format, then the payload's SHA-256. */
const MAGIC = Buffer.from('PWCC\u0001\r\n\u001a', 'latin1');
const DIGEST_BYTES = 32;
const NAME = /^(.+)\.[0-9a-f]{16}\.cache$/;

/**
 * The file name of the code cache of the source `file` with `stats` (from `fstat` of the file
 * read, with `bigint`): the file's name, then a hash of what makes its bytecode valid: its size,
 * modification and change times, inode, Node's version (hence V8's) and the CPU architecture.
 * V8 itself only checks a cache against the source's length, so a source changed in place, even
 * with the same length, must get another name. Use it to find, then to write, the cache of a file.
 */
export function compileCacheName(file: string, stats: BigIntStats): string {
  const key = [stats.size, stats.mtimeNs, stats.ctimeNs, stats.ino, process.version, process.arch].join(' ');
  return `${basename(file)}.${createHash('sha256').update(key).digest('hex').slice(0, 16)}.cache`;
}

/**
 * The V8 code cache stored at `path` by {@link writeCompileCache}: `'missing'` when there is
 * none, `'corrupt'` when the file is not one or its bytes do not match their checksum (V8 does
 * not check the payload of a cache it is given: bad bytes would crash the process).
 */
export function readCompileCache(path: string): Buffer | 'missing' | 'corrupt' {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return 'missing';
  }
  const payloadStart = MAGIC.length + DIGEST_BYTES;
  if (file.length <= payloadStart || !file.subarray(0, MAGIC.length).equals(MAGIC)) return 'corrupt';
  const payload = file.subarray(payloadStart);
  const expected = file.subarray(MAGIC.length, payloadStart);
  return sha256(payload).equals(expected) ? payload : 'corrupt';
}

/**
 * Stores `data` (from `script.createCachedData()`) as the cache `name` (from
 * {@link compileCacheName}) in `dir`, atomically (a temporary file renamed over it: a reader sees
 * the old cache or the new one, never part of one), then deletes the caches of the same source
 * file under other names (older versions of it). Throws when it cannot write.
 */
export function writeCompileCache(dir: string, name: string, data: Buffer): void {
  const temporary = join(dir, `${name}.${String(process.pid)}-${String(threadId)}-${randomHex()}.tmp`);
  try {
    writeFileSync(temporary, Buffer.concat([MAGIC, sha256(data), data]), { mode: 0o600, flag: 'wx' });
    renameSync(temporary, join(dir, name));
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  const source = NAME.exec(name)?.[1];
  for (const other of readdirSync(dir)) {
    if (other !== name && NAME.exec(other)?.[1] === source) rmSync(join(dir, other), { force: true });
  }
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function randomHex(): string {
  return randomBytes(4).toString('hex');
}
