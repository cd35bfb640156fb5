/**
 * ZIP archives for the import's tests, as base64 (the form of a CODE step's `artifact`). Valid
 * archives are written by fflate's `zipSync`; hostile ones are laid out byte by byte (APPNOTE
 * 4.3: local entries, central directory, end record) so that their headers can lie: a ZIP bomb
 * whose central directory points thousands of entries at one small deflated file, entries whose
 * declared sizes are false, encrypted entries.
 */
import { deflateSync, strToU8, zipSync } from 'fflate';

const LOCAL_ENTRY = 0x04034b50;
const CENTRAL_ENTRY = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/** Base64 of `bytes`, as `btoa` writes it, in slices (`String.fromCharCode` takes few arguments). */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/**
 * A valid artifact: a ZIP archive (base64) of `files`, stored (`level: 0`) or deflated, written
 * by fflate as JSZip writes them. Use it for archives a real export holds.
 */
export function zipArtifact(files: Record<string, string>, level: 0 | 6 = 6): string {
  const entries = Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]));
  return base64Of(zipSync(entries, { level }));
}

/** One local entry of a hand-laid archive: its file data and what its headers declare. */
export interface LaidOutFile {
  name: string;
  /** The file's bytes, before compression. */
  data: Uint8Array;
  /** 0 stored, 8 deflated. Default 8. */
  method?: number;
  /** The uncompressed size the headers declare. Default the true size (anything else is a lie). */
  declaredSize?: number;
  /** General-purpose flags of the headers (1 = encrypted). Default 0. */
  flags?: number;
  /** The bytes written as the file's data, as they are. Default `data` deflated or stored. */
  raw?: Uint8Array;
}

/** A central-directory entry of a hand-laid archive: its name and the local entry it points at. */
export interface LaidOutEntry {
  name: string;
  /** Index into the archive's files. */
  file: number;
}

/**
 * A ZIP archive (base64) laid out byte by byte: `files` as local entries, then a central
 * directory of `entries` (default one per file, under its name), then the end record. Use it
 * for archives no ZIP writer makes: lying sizes, many entries sharing one file's data.
 */
export function layOutArtifact(files: LaidOutFile[], entries?: LaidOutEntry[]): string {
  const directory = entries ?? files.map((file, index) => ({ name: file.name, file: index }));
  const compressed = files.map(
    (file) => file.raw ?? ((file.method ?? 8) === 8 ? deflateSync(file.data) : file.data),
  );
  const names = [...files.map((file) => file.name), ...directory.map((entry) => entry.name)].map((name) =>
    strToU8(name),
  );
  const localBytes = files.reduce((sum, file, i) => sum + 30 + names[i]!.length + compressed[i]!.length, 0);
  const centralBytes = directory.reduce((sum, _, i) => sum + 46 + names[files.length + i]!.length, 0);
  const out = new Uint8Array(localBytes + centralBytes + 22);
  const view = new DataView(out.buffer);
  let at = 0;
  const offsets: number[] = [];
  const header = (file: LaidOutFile, index: number, signature: number, nameLength: number): number => {
    view.setUint32(at, signature, true);
    const shift = signature === CENTRAL_ENTRY ? 2 : 0; // the central entry adds "version made by"
    view.setUint16(at + 4 + shift, 20, true);
    view.setUint16(at + 6 + shift, file.flags ?? 0, true);
    view.setUint16(at + 8 + shift, file.method ?? 8, true);
    view.setUint32(at + 18 + shift, compressed[index]!.length, true);
    view.setUint32(at + 22 + shift, file.declaredSize ?? file.data.length, true);
    view.setUint16(at + 26 + shift, nameLength, true);
    return at + 30 + shift;
  };
  files.forEach((file, i) => {
    offsets.push(at);
    at = header(file, i, LOCAL_ENTRY, names[i]!.length);
    out.set(names[i]!, at);
    out.set(compressed[i]!, (at += names[i]!.length));
    at += compressed[i]!.length;
  });
  directory.forEach((entry, i) => {
    const name = names[files.length + i]!;
    const start = at;
    at = header(files[entry.file]!, entry.file, CENTRAL_ENTRY, name.length) + 14;
    view.setUint32(start + 42, offsets[entry.file]!, true);
    out.set(name, at);
    at += name.length;
  });
  view.setUint32(at, END_OF_CENTRAL_DIRECTORY, true);
  view.setUint16(at + 8, directory.length, true);
  view.setUint16(at + 10, directory.length, true);
  view.setUint32(at + 12, centralBytes, true);
  view.setUint32(at + 16, localBytes, true);
  return base64Of(out);
}

/**
 * A ZIP bomb (base64): one local entry holding `inflatedBytes` zeros deflated, and `entries`
 * central-directory entries all pointing at it, named `index.ts`, `index.js`, `package.json`,
 * then `1`, `2`... (or all `index.ts` with `sameName`). A reader that inflates every entry
 * inflates `entries × inflatedBytes`.
 */
export function zipBomb(options: { inflatedBytes: number; entries: number; sameName?: boolean }): string {
  const named = ['index.ts', 'index.js', 'package.json'];
  const entries = Array.from({ length: options.entries }, (_, i) => ({
    name: options.sameName === true ? 'index.ts' : (named[i] ?? String(i)),
    file: 0,
  }));
  return layOutArtifact([{ name: 'index.ts', data: new Uint8Array(options.inflatedBytes) }], entries);
}
