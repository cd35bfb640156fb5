/**
 * Catalogue files: the snapshot shipped with the server (`catalogue/pieces-snapshot.json.gz`, made
 * by `scripts/generate-pieces-snapshot.ts`) and any file given to `piecework pieces sync --from`.
 * A file is JSON, gzipped or not: `{pieces: PieceMetadata[], unavailable?: [{name, version,
 * reason, displayName?, description?, logoUrl?}]}`, or a plain array of `PieceMetadata`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PieceCatalogueFile, PieceMetadata, UnavailableCatalogueEntry } from '@piecework/shared';
import type { CatalogueEntryInput } from './catalogue-store';

/** What a catalogue file holds, and the entries it had that are not valid (skipped). */
export interface CatalogueFileContents {
  entries: CatalogueEntryInput[];
  skipped: number;
}

/**
 * Reads a catalogue file's text or gzipped bytes.
 * @throws Error saying what is wrong when it is not JSON of either shape.
 */
export function parseCatalogueFile(bytes: Buffer): CatalogueFileContents {
  const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
  const parsed = PieceCatalogueFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error('is not a pieces catalogue: expected {pieces: [...]} or [...]');
  const pieces = Array.isArray(parsed.data) ? parsed.data : parsed.data.pieces;
  const unavailable = Array.isArray(parsed.data) ? [] : (parsed.data.unavailable ?? []);
  const entries: CatalogueEntryInput[] = [];
  let skipped = 0;
  for (const piece of pieces) {
    const metadata = PieceMetadata.safeParse(piece);
    if (metadata.success) entries.push({ metadata: metadata.data });
    else skipped++;
  }
  for (const piece of unavailable) {
    const listed = UnavailableCatalogueEntry.safeParse(piece);
    if (!listed.success) {
      skipped++;
      continue;
    }
    const { name, version, reason, displayName, description, logoUrl } = listed.data;
    entries.push({
      metadata: {
        name,
        version,
        displayName: displayName ?? name,
        description: description ?? '',
        logoUrl: logoUrl ?? '',
        authors: [],
        actions: {},
        triggers: {},
      },
      unavailableReason: reason,
    });
  }
  return { entries, skipped };
}

/** Reads a catalogue file from disk (see {@link parseCatalogueFile}). */
export function readCatalogueFile(path: string): CatalogueFileContents {
  return parseCatalogueFile(readFileSync(path));
}

/**
 * The snapshot shipped with the server package (`catalogue/pieces-snapshot.json.gz` at the
 * package's root, found walking up from this module's folder, in the sources and in the build,
 * up to the package's own manifest), or
 * undefined when the package has none.
 */
export function shippedSnapshotPath(): string | undefined {
  // In the standalone CommonJS bundle `__filename` is the bundle; in ES modules, import.meta.url.
  const from = typeof __filename === 'string' ? __filename : fileURLToPath(import.meta.url);
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'catalogue', 'pieces-snapshot.json.gz');
    if (existsSync(candidate)) return candidate;
    if (isServerPackageRoot(dir) || dirname(dir) === dir) return undefined;
  }
}

/** True for the folder of the server package's own manifest (the build has manifests of its own below it). */
function isServerPackageRoot(dir: string): boolean {
  try {
    return (
      (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: unknown }).name ===
      '@piecework/server'
    );
  } catch {
    return false;
  }
}
