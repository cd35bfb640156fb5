/**
 * `POST /v1/app-connections/oauth2/authorization-url`: the consent URL of a piece's OAuth2 auth,
 * as Activepieces builds it (response_type=code, offline access, consent prompt, the
 * piece's scopes and extra parameters) and, when the piece uses PKCE, a fresh code verifier with
 * its challenge (S256, or plain by default). The caller keeps the verifier and sends it back as
 * the upsert value's `code_challenge` with the code.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  PieceworkError,
  type GetOAuth2AuthorizationUrlRequest,
  type GetOAuth2AuthorizationUrlResponse,
} from '@piecework/shared';
import { invalidRequest } from '../../../infrastructure/errors';
import type { ServerContext } from '../../../server-context';
import { fillPlaceholders } from './oauth2-tokens';
import { pieceOAuth2Auth } from './piece-oauth2-auth';

/** The consent URL (and PKCE verifier) of `request`. */
export async function oauth2AuthorizationUrl(
  ctx: Pick<ServerContext, 'pieces'>,
  request: GetOAuth2AuthorizationUrlRequest,
): Promise<GetOAuth2AuthorizationUrlResponse> {
  if (request.connectionType === 'CLOUD_OAUTH2') {
    throw new PieceworkError('INVALID_APP_CONNECTION', {
      message: 'CLOUD_OAUTH2 connections are not offered by this server; use OAUTH2 or PLATFORM_OAUTH2',
      type: request.connectionType,
    });
  }
  const auth = await pieceOAuth2Auth(ctx, request.pieceName, request.pieceVersion);
  const query: Record<string, string> = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUrl,
    access_type: 'offline',
    state: randomBytes(16).toString('base64url'),
    prompt: 'consent',
    scope: fillPlaceholders(auth.scope.join(' '), request.props),
    ...(auth.extra ?? {}),
  };
  const prompt = (auth as { prompt?: unknown }).prompt;
  if (prompt === 'omit') delete query['prompt'];
  else if (typeof prompt === 'string') query['prompt'] = prompt;
  let codeVerifier: string | undefined;
  if (auth.pkce === true) {
    codeVerifier = randomBytes(32).toString('base64url').slice(0, 43);
    const method = auth.pkceMethod ?? 'plain';
    query['code_challenge_method'] = method;
    query['code_challenge'] =
      method === 'S256' ? createHash('sha256').update(codeVerifier).digest('base64url') : codeVerifier;
  }
  let url: URL;
  try {
    url = new URL(fillPlaceholders(auth.authUrl, request.props));
  } catch {
    throw invalidRequest(
      `The authorization URL of ${request.pieceName} is not a URL once its props are filled in`,
    );
  }
  for (const [key, value] of Object.entries(query)) {
    if (value !== '') url.searchParams.append(key, value);
  }
  return { authorizationUrl: url.toString(), ...(codeVerifier === undefined ? {} : { codeVerifier }) };
}
