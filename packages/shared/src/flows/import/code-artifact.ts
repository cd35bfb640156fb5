/**
 * Reads the legacy `artifact` of a CODE step: how Activepieces releases of 2023 kept a code
 * step's source, as a base64 ZIP archive of `index.ts` and `package.json` (made by its builder
 * with JSZip, entries stored or deflated).
 */
import { readZip } from './zip/read-zip';

/** Larger sources are refused: a code step's source is a few kilobytes. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** A code step source read from an artifact, or why it could not be read. */
export type ReadCodeArtifact =
  { ok: true; code: string; packageJson: string } | { ok: false; reason: string };

/**
 * Decodes a CODE step's base64 `artifact` into `sourceCode`: `code` from `index.ts` (or
 * `index.js`), `packageJson` from `package.json` (`{}` when the archive has none). Synchronous
 * and pure JavaScript, like the rest of the import.
 */
export function readCodeArtifact(artifact: string): ReadCodeArtifact {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(artifact.replace(/\s+/g, '')), (char) => char.charCodeAt(0));
  } catch {
    return { ok: false, reason: 'it is not base64 text' };
  }
  let files: Map<string, Uint8Array>;
  try {
    files = readZip(bytes, MAX_FILE_BYTES);
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
  const source = files.get('index.ts') ?? files.get('index.js');
  if (!source) return { ok: false, reason: 'it holds no index.ts' };
  const text = (data: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(data);
  const manifest = files.get('package.json');
  return { ok: true, code: text(source), packageJson: manifest ? text(manifest) : '{}' };
}
