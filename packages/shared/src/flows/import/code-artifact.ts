/**
 * Reads the legacy `artifact` of a CODE step: how Activepieces releases of 2023 kept a code
 * step's source, as a base64 ZIP archive of `index.ts` and `package.json` (made by its builder
 * with JSZip, entries stored or deflated). fflate unpacks the archive (`zip/unzip-files.ts`):
 * only `index.ts`, `index.js` and `package.json`, each at most as large as a code step's source
 * may be (256 KiB), with at most 8 MiB for all the artifacts of one import. An archive of
 * thousands of entries sharing one deflated file (a ZIP bomb) is refused before anything is
 * inflated, a file whose header understates its size after at most about 258 KiB.
 *
 * It runs synchronously, where the import runs (on the server, on the event loop): within these
 * limits an artifact costs decoding its base64, linear in its size (about twice what parsing the
 * JSON that carries it costs: ~40 ms against ~20 ms for 4.4 MB), plus at most 768 KiB inflated,
 * a few milliseconds. The 13 KiB bomb that inflated to ~500 MiB in seconds is refused in under a
 * millisecond.
 */
import { MAX_CODE_SOURCE_BYTES } from '../algebra/code-source-limits';
import { unzipFiles } from './zip/unzip-files';
import { ZipError, type ZipLimits } from './zip/zip-error';

/**
 * A JSZip artifact has two entries; each file may be as large as a code step's source may be
 * (256 KiB), the three read as large as three.
 */
const LIMITS: ZipLimits = {
  maxEntries: 64,
  maxFileBytes: MAX_CODE_SOURCE_BYTES,
  maxTotalBytes: 3 * MAX_CODE_SOURCE_BYTES,
};

/** What the code artifacts of one import may inflate to together. */
const MAX_IMPORT_BYTES = 8 * 1024 * 1024;

const FILES = new Set(['index.ts', 'index.js', 'package.json']);

/** A code step source read from an artifact, or why it could not be read. */
export type ReadCodeArtifact =
  { ok: true; code: string; packageJson: string } | { ok: false; reason: string };

/**
 * What the code artifacts of one import may still inflate to (8 MiB to start). Pass one object
 * (`{}`) to every artifact of one import, so that many small artifacts cannot add up to more:
 * once it is spent, artifacts are refused by their declared sizes, before anything is inflated.
 */
export interface ArtifactBudget {
  inflatedBytesLeft?: number;
}

/**
 * Decodes a CODE step's base64 `artifact` into `sourceCode`: `code` from `index.ts` (or
 * `index.js`), `packageJson` from `package.json` (`{}` when the archive has none), taking what
 * they inflate to from `budget`. Synchronous and pure JavaScript, like the rest of the import.
 */
export function readCodeArtifact(artifact: string, budget: ArtifactBudget = {}): ReadCodeArtifact {
  const bytes = decodeBase64(artifact);
  if (bytes === undefined) return { ok: false, reason: 'it is not base64 text' };
  const left = (budget.inflatedBytesLeft ??= MAX_IMPORT_BYTES);
  const limits = { ...LIMITS, maxTotalBytes: Math.min(LIMITS.maxTotalBytes, left) };
  let files: Map<string, Uint8Array>;
  try {
    files = unzipFiles(bytes, FILES, limits);
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    const overBudget = error.limit === 'maxTotalBytes' && limits.maxTotalBytes < LIMITS.maxTotalBytes;
    return {
      ok: false,
      reason: overBudget
        ? `the code artifacts of one import may hold ${String(MAX_IMPORT_BYTES)} bytes together`
        : error.message,
    };
  }
  budget.inflatedBytesLeft = left - [...files.values()].reduce((sum, data) => sum + data.length, 0);
  const source = files.get('index.ts') ?? files.get('index.js');
  if (!source) return { ok: false, reason: 'it holds no index.ts' };
  const text = (data: Uint8Array) => new TextDecoder('utf-8', { fatal: false }).decode(data);
  const manifest = files.get('package.json');
  return { ok: true, code: text(source), packageJson: manifest ? text(manifest) : '{}' };
}

/** The bytes of base64 `text` (whitespace ignored), or undefined when it is not base64. */
function decodeBase64(text: string): Uint8Array | undefined {
  let binary: string;
  try {
    binary = atob(text.replace(/\s+/g, ''));
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
