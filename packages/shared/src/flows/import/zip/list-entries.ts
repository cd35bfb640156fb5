/**
 * The central directory of a ZIP archive, read by fflate's `unzipSync` with a `filter` that
 * returns false for every entry: fflate walks the directory and hands each entry's name, method
 * and declared sizes to the filter, and inflates nothing.
 */
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { ZipError, type ZipLimits } from './zip-error';

const STORED = 0;
const DEFLATED = 8;

/** A file the central directory lists: how it is compressed and the size it declares. */
export interface ListedEntry {
  readonly compression: number;
  /** The inflated size the central directory declares (the reader holds the data to it). */
  readonly originalSize: number;
}

/**
 * The entries of `names` that the archive `bytes` lists, checked before anything is inflated:
 * at most `limits.maxEntries` entries in all (counted first: the walk stops at the first one
 * over), then each of `names` listed once, stored or deflated, within `limits.maxFileBytes` and
 * together within `limits.maxTotalBytes` by their declared sizes. Use it before inflating any
 * entry.
 *
 * @throws ZipError naming what is wrong.
 */
export function listEntries(
  bytes: Uint8Array,
  names: ReadonlySet<string>,
  limits: ZipLimits,
): Map<string, ListedEntry> {
  const wanted: UnzipFileInfo[] = [];
  let count = 0;
  const walk = (entry: UnzipFileInfo) => {
    if (++count > limits.maxEntries)
      throw new ZipError(`it has more than ${String(limits.maxEntries)} entries`, 'maxEntries');
    if (names.has(entry.name)) wanted.push(entry);
    return false;
  };
  try {
    unzipSync(bytes, { filter: walk });
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError('it is not a ZIP archive');
  }
  const listed = new Map<string, ListedEntry>();
  let declaredTotal = 0;
  for (const { name, size, originalSize, compression } of wanted) {
    if (listed.has(name)) throw new ZipError(`it holds ${name} twice`);
    if (compression !== STORED && compression !== DEFLATED)
      throw new ZipError(
        `${name} uses compression method ${String(compression)} (only stored and deflate are read)`,
      );
    if (originalSize > limits.maxFileBytes)
      throw new ZipError(`${name} is larger than ${String(limits.maxFileBytes)} bytes`, 'maxFileBytes');
    if (compression === STORED && size !== originalSize)
      throw new ZipError(`${name} is stored in ${String(size)} bytes but declares ${String(originalSize)}`);
    declaredTotal += originalSize;
    if (declaredTotal > limits.maxTotalBytes)
      throw new ZipError(
        `its files are larger than ${String(limits.maxTotalBytes)} bytes together`,
        'maxTotalBytes',
      );
    listed.set(name, { compression, originalSize });
  }
  return listed;
}
