/**
 * The stand-in picture of a piece whose logo is missing or does not load (an offline server
 * cannot reach the logos' CDN): up to two letters of the piece's name on a hue of its own, so
 * different pieces stay apart on the canvas and in lists.
 */

/** What {@link pieceMonogram} answers: the letters to show and the hue (0-359) behind them. */
export interface PieceMonogram {
  readonly letters: string;
  readonly hue: number;
}

/** The piece's name without its scope and `piece-` prefix: `@activepieces/piece-google-sheets` -> `google-sheets`. */
function shortName(pieceName: string): string {
  const last = pieceName.slice(pieceName.lastIndexOf('/') + 1);
  return last.startsWith('piece-') ? last.slice('piece-'.length) : last;
}

/** The monogram of `pieceName`: the first letters of its first two words, and a hue hashed from the whole name. */
export function pieceMonogram(pieceName: string): PieceMonogram {
  const words = shortName(pieceName)
    .split(/[^a-zA-Z0-9]+/)
    .filter((word) => word !== '');
  const letters = words
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  let hash = 0;
  for (const char of pieceName) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return { letters: letters === '' ? '?' : letters, hue: hash % 360 };
}
