/** Row type of the piece catalogue (migration `0022-piece-catalogue`). */
import type { JsonText, Timestamp } from './column-types';

/**
 * `pieceCatalogueEntry`: one piece version the catalogue lists. `source` is SYNC (from
 * AP_PIECES_SYNC_URL or `piecework pieces sync`) or SNAPSHOT (the file shipped with the server);
 * `summary` and `metadata` are JSON of `PieceMetadataSummary` and `PieceMetadata`.
 */
export interface PieceCatalogueEntryTable {
  name: string;
  version: string;
  source: string;
  summary: JsonText;
  metadata: JsonText;
  unavailableReason: string | null;
  created: Timestamp;
  updated: Timestamp;
}
