/**
 * Activepieces' short piece names: `slack` stands for `@activepieces/piece-slack` (in
 * app-event URLs, embed's `connect({pieceName})`, managed-auth piece tags). Use these two
 * functions wherever a short name is read or made.
 */

/** The prefix of Activepieces' official piece packages. */
export const OFFICIAL_PIECE_PREFIX = '@activepieces/piece-';

/** The full package name a name means: `slack` -> `@activepieces/piece-slack`; a scoped name as it is. */
export function fullPieceName(name: string): string {
  return name.includes('/') ? name : `${OFFICIAL_PIECE_PREFIX}${name}`;
}

/** The short name of an official piece (`@activepieces/piece-slack` -> `slack`); others as they are. */
export function shortPieceName(name: string): string {
  return name.startsWith(OFFICIAL_PIECE_PREFIX) ? name.slice(OFFICIAL_PIECE_PREFIX.length) : name;
}
