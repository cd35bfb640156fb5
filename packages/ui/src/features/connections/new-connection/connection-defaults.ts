/**
 * The names a new connection starts with, as the Activepieces builder suggests them: the piece's
 * display name, and an external id made from the piece's short name (`@activepieces/piece-slack`
 * -> `slack`), numbered when the project already has one (`slack-2`), so creating never
 * silently replaces an existing connection (the API upserts by external id).
 */

/** `@activepieces/piece-slack` -> `slack`; `piece-x` -> `x`. */
export function pieceShortName(pieceName: string): string {
  const bare = pieceName.includes('/') ? pieceName.slice(pieceName.indexOf('/') + 1) : pieceName;
  return bare.replace(/^piece-/, '') || bare;
}

/** The first of `base`, `base-2`, `base-3`... not in `taken`. */
export function firstFree(base: string, taken: ReadonlySet<string>, separator = '-'): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${separator}${String(n)}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A suggested external id for a new connection of `pieceName`. */
export function suggestExternalId(pieceName: string, taken: ReadonlySet<string>): string {
  const slug = pieceShortName(pieceName)
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return firstFree(slug || 'connection', taken);
}

/** A suggested display name for a new connection of a piece shown as `pieceDisplayName`. */
export function suggestDisplayName(pieceDisplayName: string, taken: ReadonlySet<string>): string {
  return firstFree(pieceDisplayName, taken, ' ');
}
