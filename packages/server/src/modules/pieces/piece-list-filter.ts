/**
 * The filters of `GET /v1/pieces`: the project's plan (an ALLOWED plan shows only its pieces,
 * unless `includeHidden`), a search text and categories; then the order (`sortBy`, `orderBy`).
 * Pure: summaries in, summaries out.
 */
import type { PieceMetadataSummary, PieceOrderBy, PieceSortBy, ProjectPlan } from '@piecework/shared';

/** What a listing is filtered by; every part is optional. */
export interface PieceListFilter {
  plan?: ProjectPlan | undefined;
  searchQuery?: string | undefined;
  categories?: readonly string[] | undefined;
  includeHidden?: boolean | undefined;
  sortBy?: PieceSortBy | undefined;
  orderBy?: PieceOrderBy | undefined;
}

/**
 * Whether a project with `plan` may use piece `name`: always, unless its plan is ALLOWED and
 * does not list the piece. Use it wherever a project reaches a piece (metadata, options, lists).
 */
export function isPieceAllowed(plan: ProjectPlan | undefined, name: string): boolean {
  return plan?.piecesFilterType !== 'ALLOWED' || plan.pieces.includes(name);
}

/**
 * Keeps the pieces `filter` lets through: allowed by the plan (skipped with `includeHidden`, as
 * Activepieces does), matching the search text (case-insensitive substring of name, display
 * name or description) and in at least one of the categories. They keep their order unless
 * `sortBy` is NAME (by display name, then name); `orderBy` DESC reverses the order.
 */
export function filterPieces(
  pieces: readonly PieceMetadataSummary[],
  filter: PieceListFilter,
): PieceMetadataSummary[] {
  const plan = filter.includeHidden === true ? undefined : filter.plan;
  const search = filter.searchQuery?.trim().toLowerCase();
  const categories = filter.categories?.length ? new Set(filter.categories) : undefined;
  const kept = pieces.filter(
    (piece) =>
      isPieceAllowed(plan, piece.name) &&
      (!search ||
        [piece.name, piece.displayName, piece.description].some((text) =>
          text.toLowerCase().includes(search),
        )) &&
      (categories === undefined || (piece.categories ?? []).some((category) => categories.has(category))),
  );
  const sorted =
    filter.sortBy === 'NAME'
      ? [...kept].sort(
          (a, b) => a.displayName.localeCompare(b.displayName, 'en') || a.name.localeCompare(b.name, 'en'),
        )
      : kept;
  return filter.orderBy === 'DESC' ? sorted.reverse() : sorted;
}
