/**
 * Reads chosen files of a ZIP archive with fflate, within limits that hold whatever the
 * archive's headers say. First the central directory is checked, nothing inflated
 * (`listEntries`: entry count, each name once, declared sizes within the limits). Then the
 * files are read from their local entries by fflate's streaming `Unzip` (`UnzipInflate` for
 * deflate), the archive pushed a slice at a time, and each file is refused as soon as it inflates
 * past the size its directory entry declares: a lying header costs one slice's inflation (at most
 * about 258 KiB), and files not asked for are skipped, not inflated. fflate's `unzipSync` is not
 * used for the data: it inflates each file into a buffer of its declared size, drops what goes
 * past it without an error, and still decodes all of it.
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { listEntries, type ListedEntry } from './list-entries';
import { ZipError, type ZipLimits } from './zip-error';

/**
 * Archive bytes pushed at a time: 256 bytes of deflate data inflate to at most about 258 KiB,
 * what a file that lies about its size can cost before it is refused.
 */
const SLICE_BYTES = 256;

/**
 * The files of `names` in the ZIP archive `bytes` (stored or deflated), by name; names the
 * archive does not hold are left out. Reading takes memory and time bounded by `limits` and the
 * archive's size, whatever its headers declare. Use it to unpack a few known files of an
 * archive that comes from outside.
 *
 * @throws ZipError naming what is wrong: not a ZIP archive, too many entries, a name held twice,
 * an unknown compression method, a file over the limits, data that is corrupt, cut short, or
 * inflates to another size than declared.
 */
export function unzipFiles(
  bytes: Uint8Array,
  names: ReadonlySet<string>,
  limits: ZipLimits,
): Map<string, Uint8Array> {
  const listed = listEntries(bytes, names, limits);
  const files = new Map<string, Uint8Array>();
  const started = new Set<string>();
  let failure: ZipError | undefined;
  const fail = (message: string) => {
    failure ??= new ZipError(message);
  };
  const unzip = new Unzip((file) => {
    const entry = listed.get(file.name);
    if (entry === undefined || failure !== undefined) return;
    if (started.has(file.name)) return fail(`it holds ${file.name} twice`);
    started.add(file.name);
    readFile(file, entry, (data) => files.set(file.name, data), fail);
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < bytes.length && failure === undefined && files.size < listed.size;) {
    const slice = bytes.subarray(at, (at += SLICE_BYTES));
    try {
      unzip.push(slice, at >= bytes.length);
    } catch {
      fail('its data is cut short');
    }
  }
  if (failure !== undefined) throw failure;
  for (const name of listed.keys())
    if (!files.has(name)) throw new ZipError(`the entry of ${name} is missing or cut short`);
  return files;
}

/** Collects `file`'s data, held to the size its directory entry declares. */
function readFile(
  file: UnzipFile,
  entry: ListedEntry,
  done: (data: Uint8Array) => void,
  fail: (message: string) => void,
): void {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const declared = String(entry.originalSize);
  file.ondata = (error, chunk, final) => {
    if (error !== null) return fail(`${file.name} is corrupt: ${error.message}`);
    size += chunk.length;
    if (size > entry.originalSize)
      return fail(`${file.name} inflates to more than the ${declared} bytes it declares`);
    chunks.push(chunk);
    if (!final) return;
    if (size < entry.originalSize)
      return fail(`${file.name} inflates to ${String(size)} bytes, not the ${declared} it declares`);
    const data = new Uint8Array(size);
    let at = 0;
    for (const part of chunks) data.set(part, (at += part.length) - part.length);
    done(data);
  };
  file.start();
}
