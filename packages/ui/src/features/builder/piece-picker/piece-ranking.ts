/**
 * Orders the piece picker's list by how well each piece matches the search text, typos allowed:
 * fuse.js ranks display name first, then package name, categories and description. Pieces the
 * server's own search (`GET /v1/pieces?searchQuery=`) found but the ranking missed follow, so
 * whatever the server matches beyond the list's fields (such as action names) is still offered.
 */
import type { PieceMetadataSummary } from '@piecework/shared';
import Fuse from 'fuse.js';

/** The fuse.js index of a piece list, built once per list. */
export type PieceIndex = Fuse<PieceMetadataSummary>;

/** Builds the search index of `pieces`. */
export function pieceIndex(pieces: readonly PieceMetadataSummary[]): PieceIndex {
  return new Fuse(pieces, {
    keys: [
      { name: 'displayName', weight: 3 },
      { name: 'name', weight: 2 },
      { name: 'categories', weight: 1 },
      { name: 'description', weight: 1 },
    ],
    // Anywhere in the text, not only near its start; 0.35 keeps one or two typos in a word.
    ignoreLocation: true,
    threshold: 0.35,
  });
}

/**
 * The pieces of `index` matching `text`, best first, then those of `serverHits` (the names the
 * server's search answered) not already ranked, in the list's order. An empty text keeps the
 * list as it is.
 */
export function rankPieces(
  index: PieceIndex,
  all: readonly PieceMetadataSummary[],
  text: string,
  serverHits: ReadonlySet<string> = new Set(),
): PieceMetadataSummary[] {
  const needle = text.trim();
  if (needle === '') return [...all];
  const ranked = index.search(needle).map((result) => result.item);
  const seen = new Set(ranked.map((piece) => piece.name));
  return [...ranked, ...all.filter((piece) => serverHits.has(piece.name) && !seen.has(piece.name))];
}

/**
 * A piece's actions or triggers with those matching `text` (fuzzily, by display name, then
 * description) first, best first, then the rest in their order: the step searched for is at the
 * top of the piece's column. An empty text keeps the order.
 */
export function matchingFirst<T extends { displayName: string; description: string }>(
  entries: readonly T[],
  text: string,
): T[] {
  const needle = text.trim();
  if (needle === '') return [...entries];
  const hits = new Fuse(entries, {
    keys: [
      { name: 'displayName', weight: 2 },
      { name: 'description', weight: 1 },
    ],
    ignoreLocation: true,
    threshold: 0.35,
  })
    .search(needle)
    .map((result) => result.item);
  return [...hits, ...entries.filter((entry) => !hits.includes(entry))];
}
