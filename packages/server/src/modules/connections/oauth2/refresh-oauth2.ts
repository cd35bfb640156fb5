/**
 * New tokens for a stored OAuth2 value: a `refresh_token` grant (or, for a client-credentials
 * connection, a new claim) at the token URL recorded at claim time, with the connection's client
 * (OAUTH2) or the platform's OAuth2 app (PLATFORM_OAUTH2). Fields the answer leaves out (often
 * the refresh token) keep their old values.
 */
import type { AppConnectionValue } from '@piecework/shared';
import type { ServerContext } from '../../../server-context';
import { clientCredentialsFields } from './claim-oauth2';
import { oauthAppCredentials } from './oauth-app-secret';
import { stampTokens } from './oauth2-tokens';
import { authorizationMethodOf } from './piece-oauth2-auth';
import { requestTokens } from './token-endpoint';

/** A stored value of one of the three OAuth2 types. */
export type OAuth2Value = Extract<
  AppConnectionValue,
  { type: 'OAUTH2' | 'PLATFORM_OAUTH2' | 'CLOUD_OAUTH2' }
>;

/** True for the OAuth2 types (the values whose tokens expire). */
export function isOAuth2Value(value: AppConnectionValue): value is OAuth2Value {
  return value.type === 'OAUTH2' || value.type === 'PLATFORM_OAUTH2' || value.type === 'CLOUD_OAUTH2';
}

/**
 * The refreshed value of `value`, a connection of piece `pieceName` on platform `platformId`.
 * Throws a `TokenEndpointError` when the provider refuses or cannot be reached, and an `Error`
 * when the value cannot be refreshed here (CLOUD_OAUTH2, no token URL, no platform app).
 */
export async function refreshOAuth2Value(
  ctx: Pick<ServerContext, 'store' | 'secrets' | 'settings' | 'now'>,
  owner: { platformId: string; pieceName: string },
  value: OAuth2Value,
): Promise<OAuth2Value> {
  if (value.type === 'CLOUD_OAUTH2') {
    throw new Error('CLOUD_OAUTH2 tokens cannot be refreshed by this server; reconnect with OAUTH2');
  }
  if (value.token_url === undefined || value.client_id === undefined) {
    throw new Error('the stored connection has no token URL or client id to refresh with; reconnect it');
  }
  const clientSecret =
    value.type === 'PLATFORM_OAUTH2'
      ? (await oauthAppCredentials(ctx, owner.platformId, owner.pieceName, value.client_id)).clientSecret
      : typeof value['client_secret'] === 'string'
        ? value['client_secret']
        : undefined;
  const props = value.props;
  const fields =
    value['grant_type'] === 'client_credentials'
      ? clientCredentialsFields(value.scope, props)
      : { grant_type: 'refresh_token', refresh_token: value.refresh_token ?? '' };
  const response = await requestTokens({
    tokenUrl: value.token_url,
    fields,
    clientId: value.client_id,
    clientSecret,
    authorizationMethod: authorizationMethodOf(value['authorization_method']),
    allowList: ctx.settings.config.ssrfAllowList,
  });
  const stamped = stampTokens(response, Math.round(Date.parse(ctx.now()) / 1000));
  return { ...value, ...stamped, access_token: String(stamped['access_token']) } as OAuth2Value;
}
