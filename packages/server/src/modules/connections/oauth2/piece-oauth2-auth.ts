/**
 * A piece's OAuth2 auth declaration (`PieceAuth.OAuth2({authUrl, tokenUrl, scope, pkce, ...})`),
 * read from its metadata: where the server sends users to consent and exchanges and refreshes
 * tokens. One owner, so the consent URL, the claim and the refresh agree.
 */
import { PieceworkError, type OAuth2PieceAuth } from '@piecework/shared';
import { notFound } from '../../../infrastructure/errors';
import type { ServerContext } from '../../../server-context';

/**
 * The OAuth2 auth of piece `pieceName` (version `pieceVersion`, or the newest), the first one
 * when it declares several auths. 404 for an unknown piece, 400 INVALID_APP_CONNECTION for a
 * piece without OAuth2 auth.
 */
export async function pieceOAuth2Auth(
  ctx: Pick<ServerContext, 'pieces'>,
  pieceName: string,
  pieceVersion: string | undefined,
): Promise<OAuth2PieceAuth> {
  const piece = await ctx.pieces.catalogue.get(pieceName, pieceVersion);
  if (piece === undefined) {
    throw notFound('piece', pieceVersion === undefined ? pieceName : `${pieceName}@${pieceVersion}`);
  }
  const auths = piece.auth === undefined ? [] : Array.isArray(piece.auth) ? piece.auth : [piece.auth];
  const auth = auths.find((one) => one.type === 'OAUTH2');
  if (auth === undefined || auth.type !== 'OAUTH2') {
    throw new PieceworkError('INVALID_APP_CONNECTION', {
      message: `The piece ${pieceName} has no OAuth2 auth; use the connection type its auth takes`,
      pieceName,
    });
  }
  return auth;
}

/** The authorization method a piece asks for, as the token request takes it (BODY unless HEADER). */
export function authorizationMethodOf(value: unknown): 'HEADER' | 'BODY' {
  return value === 'HEADER' ? 'HEADER' : 'BODY';
}
