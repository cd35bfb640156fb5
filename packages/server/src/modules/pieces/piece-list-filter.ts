/**
 * The filters of `GET /v1/pieces`: the project's plan (an ALLOWED plan shows only its pieces,
 * unless `includeHidden`), a search text and categories. Pure: summaries in, summaries out.
 */
import type { PieceMetadataSummary, ProjectPlan } from '@piecework/shared';

/** What a listing is filtered by; every part is optional. */
export interface PieceListFilter {
  plan?: ProjectPlan | undefined;
  searchQuery?: string | undefined;
  categories?: readonly string[] | undefined;
  includeHidden?: boolean | undefined;
}

/**
 * Keeps the pieces `filter` lets through, in their order: allowed by the plan (skipped with
 * `includeHidden`, as the reference does), matching the search text (case-insensitive substring
 * of name, display name or description) and in at least one of the categories.
 */
export function filterPieces(
  pieces: readonly PieceMetadataSummary[],
  filter: PieceListFilter,
): PieceMetadataSummary[] {
  const allowed =
    filter.plan?.piecesFilterType === 'ALLOWED' && filter.includeHidden !== true
      ? new Set(filter.plan.pieces)
      : undefined;
  const search = filter.searchQuery?.trim().toLowerCase();
  const categories = filter.categories?.length ? new Set(filter.categories) : undefined;
  return pieces.filter(
    (piece) =>
      (allowed === undefined || allowed.has(piece.name)) &&
      (!search ||
        [piece.name, piece.displayName, piece.description].some((text) =>
          text.toLowerCase().includes(search),
        )) &&
      (categories === undefined || (piece.categories ?? []).some((category) => categories.has(category))),
  );
}
