/**
 * Reads the files of a small ZIP archive (stored or deflated entries, no encryption, no ZIP64),
 * in plain JavaScript: `shared` runs in browsers too.
 */
import { inflateRaw } from './inflate-raw';

/** Why {@link readZip} could not read an archive. */
export class ZipError extends Error {
  override readonly name = 'ZipError';
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * The files of the ZIP archive `bytes`, by name (folders left out), each at most
 * `maxFileBytes` once inflated.
 *
 * @throws ZipError naming what is wrong: not a ZIP archive, an encrypted or ZIP64 entry, an
 * unknown compression method, corrupt data, or a file over `maxFileBytes`.
 */
export function readZip(bytes: Uint8Array, maxFileBytes: number): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndOfCentralDirectory(view);
  const entryCount = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const files = new Map<string, Uint8Array>();
  for (let i = 0; i < entryCount; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_ENTRY)
      throw new ZipError('its central directory is corrupt');
    const flags = view.getUint16(offset + 8, true);
    const method = view.getUint16(offset + 10, true);
    const compressedSize = view.getUint32(offset + 20, true);
    const size = view.getUint32(offset + 24, true);
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    const localOffset = view.getUint32(offset + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if ((flags & 1) !== 0) throw new ZipError(`${name} is encrypted`);
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff)
      throw new ZipError(`${name} is a ZIP64 entry`);
    if (size > maxFileBytes) throw new ZipError(`${name} is larger than ${String(maxFileBytes)} bytes`);
    const data = entryData(view, localOffset, compressedSize, name);
    files.set(name, inflateEntry(data, method, size, maxFileBytes, name));
  }
  return files;
}

function findEndOfCentralDirectory(view: DataView): number {
  // The record is 22 bytes, followed by a comment of at most 65 535 bytes.
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new ZipError('it is not a ZIP archive');
}

function entryData(view: DataView, localOffset: number, compressedSize: number, name: string): Uint8Array {
  if (localOffset + 30 > view.byteLength || view.getUint32(localOffset, true) !== LOCAL_ENTRY)
    throw new ZipError(`the entry of ${name} is corrupt`);
  const start =
    localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
  if (start + compressedSize > view.byteLength) throw new ZipError(`the data of ${name} is cut short`);
  return new Uint8Array(view.buffer, view.byteOffset + start, compressedSize);
}

function inflateEntry(
  data: Uint8Array,
  method: number,
  size: number,
  maxBytes: number,
  name: string,
): Uint8Array {
  if (method === STORED) return data.slice();
  if (method !== DEFLATED)
    throw new ZipError(
      `${name} uses compression method ${String(method)} (only stored and deflate are read)`,
    );
  try {
    return inflateRaw(data, size, maxBytes);
  } catch (error) {
    throw new ZipError(`${name} is corrupt: ${error instanceof Error ? error.message : String(error)}`);
  }
}
