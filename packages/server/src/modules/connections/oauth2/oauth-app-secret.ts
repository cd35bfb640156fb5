/**
 * The platform's OAuth2 client of a piece, with its secret opened: what PLATFORM_OAUTH2
 * connections are claimed and refreshed with. Only this module opens the sealed secret.
 */
import { PieceworkError } from '@piecework/shared';
import type { ServerContext } from '../../../server-context';
import { findOAuthAppClient } from './oauth2-repository';

/** A platform OAuth2 client, secret included: never answered, never logged. */
export interface OAuthAppCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * The client of `pieceName` on platform `platformId`, if its client id is `clientId`. Without
 * one: 404 ENTITY_NOT_FOUND saying that a platform admin adds it at `/v1/oauth-apps`.
 */
export async function oauthAppCredentials(
  ctx: Pick<ServerContext, 'store' | 'secrets'>,
  platformId: string,
  pieceName: string,
  clientId: string,
): Promise<OAuthAppCredentials> {
  const row = await findOAuthAppClient(ctx.store.db, platformId, pieceName, clientId);
  if (row === undefined) {
    throw new PieceworkError('ENTITY_NOT_FOUND', {
      message: `The platform has no OAuth2 app for ${pieceName} with client id ${clientId}; a platform admin adds it with POST /v1/oauth-apps`,
      entityType: 'oauthApp',
      entityId: pieceName,
    });
  }
  return { clientId: row.clientId, clientSecret: ctx.secrets.open<string>(row.clientSecret) };
}
