/**
 * What `connect()` asks of `/embed/connections` (`?pieceName=&connectionName=`), checked as the
 * reference platform checks it: the connection name must be a valid external id, and the piece
 * is found by its full name (`@activepieces/piece-slack`) or its short one (`slack`).
 */
import { fullPieceName } from '@piecework/shared';

/** The characters a connection's external id may hold. */
export const CONNECTION_NAME_PATTERN = /^[A-Za-z0-9_\-@+.]+$/;

/** A connect request: the piece asked for and the connection's external id, when given. */
export interface ConnectRequest {
  readonly pieceName: string;
  readonly connectionName: string | undefined;
}

/** The request in `search`, or the reason it is refused (`kind` names the host event). */
export function connectRequestOf(
  search: string,
): ConnectRequest | { error: string; kind: 'NAME_IS_INVALID' | 'PIECE_NOT_FOUND' } {
  const query = new URLSearchParams(search);
  const pieceName = query.get('pieceName')?.trim() ?? '';
  const connectionName = query.get('connectionName') ?? undefined;
  if (connectionName !== undefined && !CONNECTION_NAME_PATTERN.test(connectionName)) {
    return {
      kind: 'NAME_IS_INVALID',
      error: `The connection name “${connectionName}” may hold only letters, digits and _ - @ + .`,
    };
  }
  if (pieceName === '') return { kind: 'PIECE_NOT_FOUND', error: 'No piece name was given.' };
  return { pieceName, connectionName };
}

/** The name among `names` that `requested` means (full, or short for `@activepieces/piece-<x>`). */
export function findPieceName(names: readonly string[], requested: string): string | undefined {
  const candidates = [requested, fullPieceName(requested)];
  return candidates.find((candidate) => names.includes(candidate));
}
