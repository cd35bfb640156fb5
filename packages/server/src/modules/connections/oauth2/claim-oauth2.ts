/**
 * The claim of an OAuth2 connection at upsert: the code the provider sent to the redirect URL
 * (with the PKCE verifier when the piece uses PKCE) exchanged at the piece's token URL for
 * tokens, through the SSRF-filtered client. OAUTH2 uses the client the request names;
 * PLATFORM_OAUTH2 the platform's OAuth2 app of the piece; CLOUD_OAUTH2 is not offered.
 */
import {
  PieceworkError,
  type AppConnectionValue,
  type UpsertAppConnectionValue,
  type UpsertOAuth2Value,
  type UpsertPlatformOAuth2Value,
} from '@piecework/shared';
import type { ServerContext } from '../../../server-context';
import { oauthAppCredentials } from './oauth-app-secret';
import { fillPlaceholders, stampTokens } from './oauth2-tokens';
import { authorizationMethodOf, pieceOAuth2Auth } from './piece-oauth2-auth';
import { requestTokens, TokenEndpointError, type TokenRequest } from './token-endpoint';

/** What the claim needs of the server. */
export type ClaimContext = Pick<ServerContext, 'store' | 'secrets' | 'pieces' | 'settings' | 'now'>;

/** The connection the claim is for. */
export interface ClaimTarget {
  platformId: string;
  pieceName: string;
  pieceVersion: string | undefined;
}

/**
 * The value to store for upsert value `value`: itself for the secret types, the claimed tokens
 * (plus what a refresh needs) for OAUTH2 and PLATFORM_OAUTH2. A refused exchange is 400
 * INVALID_CLAIM; CLOUD_OAUTH2 is 400 INVALID_APP_CONNECTION.
 */
export async function claimConnectionValue(
  ctx: ClaimContext,
  target: ClaimTarget,
  value: UpsertAppConnectionValue,
): Promise<AppConnectionValue> {
  switch (value.type) {
    case 'SECRET_TEXT':
    case 'BASIC_AUTH':
    case 'CUSTOM_AUTH':
    case 'NO_AUTH':
      return value;
    case 'CLOUD_OAUTH2':
      throw new PieceworkError('INVALID_APP_CONNECTION', {
        message:
          "CLOUD_OAUTH2 connections are not offered by this server (they use Activepieces' hosted OAuth2 apps); use OAUTH2 with your own client, or PLATFORM_OAUTH2 with the platform's OAuth2 app",
        type: value.type,
      });
    case 'OAUTH2':
      return claimOwnClient(ctx, target, value);
    case 'PLATFORM_OAUTH2':
      return claimPlatformClient(ctx, target, value);
  }
}

async function claimOwnClient(
  ctx: ClaimContext,
  target: ClaimTarget,
  value: UpsertOAuth2Value,
): Promise<AppConnectionValue> {
  const auth = await pieceOAuth2Auth(ctx, target.pieceName, target.pieceVersion);
  const tokenUrl = fillPlaceholders(auth.tokenUrl, value.props);
  const grantType = value.grant_type ?? 'authorization_code';
  const authorizationMethod = value.authorization_method ?? authorizationMethodOf(auth.authorizationMethod);
  const fields: Record<string, string> =
    grantType === 'authorization_code'
      ? { grant_type: grantType, code: value.code, redirect_uri: value.redirect_url }
      : clientCredentialsFields(value.scope, value.props);
  if (value.code_challenge !== undefined) fields['code_verifier'] = value.code_challenge;
  const tokens = await exchange(ctx, value.redirect_url, {
    tokenUrl,
    fields,
    clientId: value.client_id,
    clientSecret: value.client_secret,
    authorizationMethod,
  });
  return {
    ...tokens,
    token_url: tokenUrl,
    grant_type: grantType,
    authorization_method: authorizationMethod,
    ...value,
    type: 'OAUTH2',
    access_token: String(tokens['access_token']),
  };
}

async function claimPlatformClient(
  ctx: ClaimContext,
  target: ClaimTarget,
  value: UpsertPlatformOAuth2Value,
): Promise<AppConnectionValue> {
  const auth = await pieceOAuth2Auth(ctx, target.pieceName, target.pieceVersion);
  const app = await oauthAppCredentials(ctx, target.platformId, target.pieceName, value.client_id);
  const tokenUrl = fillPlaceholders(auth.tokenUrl, value.props);
  const authorizationMethod = value.authorization_method ?? authorizationMethodOf(auth.authorizationMethod);
  const fields: Record<string, string> = {
    grant_type: 'authorization_code',
    code: value.code,
    redirect_uri: value.redirect_url,
  };
  if (value.code_challenge !== undefined) fields['code_verifier'] = value.code_challenge;
  const tokens = await exchange(ctx, value.redirect_url, {
    tokenUrl,
    fields,
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    authorizationMethod,
  });
  return {
    ...tokens,
    token_url: tokenUrl,
    grant_type: 'authorization_code',
    authorization_method: authorizationMethod,
    ...value,
    type: 'PLATFORM_OAUTH2',
    access_token: String(tokens['access_token']),
  };
}

/** The form fields of a client-credentials grant: the scope and the piece's props. */
export function clientCredentialsFields(
  scope: string | undefined,
  props: Record<string, unknown> | undefined,
): Record<string, string> {
  const fields: Record<string, string> = { grant_type: 'client_credentials' };
  if (scope !== undefined && scope !== '') fields['scope'] = fillPlaceholders(scope, props);
  for (const [key, prop] of Object.entries(props ?? {})) fields[key] = String(prop);
  return fields;
}

/** The stamped tokens of one exchange; a refusal becomes 400 INVALID_CLAIM naming the endpoint. */
async function exchange(
  ctx: ClaimContext,
  redirectUrl: string,
  request: Omit<TokenRequest, 'allowList'>,
): Promise<Record<string, unknown>> {
  try {
    const response = await requestTokens({ ...request, allowList: ctx.settings.config.ssrfAllowList });
    return stampTokens(response, Math.round(Date.parse(ctx.now()) / 1000));
  } catch (error) {
    if (!(error instanceof TokenEndpointError)) throw error;
    throw new PieceworkError('INVALID_CLAIM', {
      message: `The authorization code could not be exchanged: ${error.message}`,
      clientId: request.clientId,
      tokenUrl: request.tokenUrl,
      redirectUrl,
      ...(error.providerError === undefined ? {} : { error: error.providerError }),
    });
  }
}
