/** Row type of the piece catalogue (migration `0022-piece-catalogue`). */
import type { JsonText, Timestamp } from './column-types';

/**
 * `pieceCatalogueEntry`: one piece version the catalogue lists. `source` is SYNC (from
 * AP_PIECES_SYNC_URL or `piecework pieces sync`), SNAPSHOT (the file shipped with the server) or
 * ARCHIVE (a private piece uploaded as a packed archive);
 * `summary` and `metadata` are JSON of `PieceMetadataSummary` and `PieceMetadata`.
 */
export interface PieceCatalogueEntryTable {
  name: string;
  version: string;
  source: string;
  summary: JsonText;
  metadata: JsonText;
  unavailableReason: string | null;
  /** Base64 of the packed `.tgz` of an ARCHIVE piece; null for registry pieces. */
  archive: string | null;
  created: Timestamp;
  updated: Timestamp;
}
