/**
 * The piece filter of a managed-auth token turned into a project plan's piece list: a tag names
 * a piece (its full name or its short name, `slack` for `@activepieces/piece-slack`) or a piece
 * category (`COMMUNICATION`), case-insensitively. Pure: summaries in, names out.
 */
import { shortPieceName, type PieceMetadataSummary } from '@piecework/shared';

/** The names a piece answers to as a tag: its name, short name and categories, lower case. */
function tagsOf(piece: Pick<PieceMetadataSummary, 'name' | 'categories'>): string[] {
  const name = piece.name.toLowerCase();
  return [name, shortPieceName(name), ...(piece.categories ?? []).map((category) => category.toLowerCase())];
}

/**
 * The names of the `pieces` one of `tags` names (see the module comment), in catalogue order,
 * each once. Use it to fill an ALLOWED plan from a token's `piecesTags`.
 */
export function piecesForTags(
  pieces: readonly Pick<PieceMetadataSummary, 'name' | 'categories'>[],
  tags: readonly string[],
): string[] {
  const wanted = new Set(tags.map((tag) => tag.trim().toLowerCase()));
  const names = pieces.filter((piece) => tagsOf(piece).some((tag) => wanted.has(tag))).map((p) => p.name);
  return [...new Set(names)];
}
