/**
 * How a template names the pieces it uses: by package name (`@activepieces/piece-slack`). The
 * gallery shows the piece's display name when the catalogue has it, else a readable form of the
 * package name ("Slack").
 */
import type { PieceMetadataSummary } from '@piecework/shared';

/** "Google Sheets" for `@activepieces/piece-google-sheets`. */
export function readablePieceName(packageName: string): string {
  const bare = packageName.replace(/^@[^/]+\//, '').replace(/^piece-/, '');
  return bare
    .split('-')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The display name and logo of each of `names`, from the catalogue when it has the piece. */
export function templatePieces(
  names: readonly string[],
  catalogue: readonly PieceMetadataSummary[],
): { name: string; displayName: string; logoUrl: string | undefined }[] {
  const byName = new Map(catalogue.map((piece) => [piece.name, piece]));
  return names.map((name) => {
    const piece = byName.get(name);
    return { name, displayName: piece?.displayName ?? readablePieceName(name), logoUrl: piece?.logoUrl };
  });
}
