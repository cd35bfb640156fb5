/**
 * GitHub sign-in (Activepieces' `GITHUB` provider) by GitHub's OAuth web flow: the authorize URL
 * (scopes `read:user user:email`), the code exchanged at GitHub's access token endpoint (JSON
 * answer), then the user (`GET /user`) and their addresses (`GET /user/emails`): the account's
 * primary address, which GitHub must have verified, is who signs in. GitHub issues no ID token, so
 * the `state` (checked before this runs) is what ties the answer to the login. Every request goes
 * through the SSRF-filtered client (`safeFetch`) with the server's AP_SSRF_ALLOW_LIST. The
 * endpoints are GitHub's; a server option replaces them (tests run a stand-in on loopback), never
 * an environment variable.
 */
import { safeFetch } from '@piecework/pieces';
import { PieceworkError, type GithubAuthnProviderConfig } from '@piecework/shared';
import { z } from 'zod';
import { requestTokens, TokenEndpointError } from '../connections/oauth2/token-endpoint';
import type { FederatedProfile } from '../identity/federated-profile';

/** Where GitHub's OAuth web flow and REST API are served. */
export interface GithubEndpoints {
  readonly authorizationUrl: string;
  readonly tokenUrl: string;
  /** The REST API's root, without a trailing slash (`/user` and `/user/emails` are under it). */
  readonly apiUrl: string;
}

/** GitHub's own endpoints. */
export const GITHUB_ENDPOINTS: GithubEndpoints = {
  authorizationUrl: 'https://github.com/login/oauth/authorize',
  tokenUrl: 'https://github.com/login/oauth/access_token',
  apiUrl: 'https://api.github.com',
};

/** The scopes GitHub sign-in asks for: the profile (name) and the email addresses. */
export const GITHUB_SCOPES = 'read:user user:email';

const API_TIMEOUT_MS = 10_000;

const GithubUser = z.object({ login: z.string(), name: z.string().nullish() });
const GithubEmails = z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }));

/** GitHub's authorize URL for one login: the platform's OAuth app, our redirect, the state. */
export function githubLoginUrl(
  endpoints: GithubEndpoints,
  app: Pick<GithubAuthnProviderConfig, 'clientId'>,
  login: { redirectUrl: string; state: string },
): string {
  const url = new URL(endpoints.authorizationUrl);
  url.searchParams.set('client_id', app.clientId);
  url.searchParams.set('redirect_uri', login.redirectUrl);
  url.searchParams.set('scope', GITHUB_SCOPES);
  url.searchParams.set('state', login.state);
  return url.href;
}

/**
 * Exchanges `code` with the platform's OAuth `app` and answers who GitHub says signed in.
 *
 * @throws PieceworkError 400 INVALID_CLAIM when GitHub refuses the code or cannot be reached; 401
 * AUTHENTICATION when the account has no verified primary address.
 */
export async function authenticateWithGithub(
  endpoints: GithubEndpoints,
  app: GithubAuthnProviderConfig,
  request: { code: string; redirectUrl: string; allowList: readonly string[] },
): Promise<FederatedProfile> {
  let tokens: Record<string, unknown>;
  try {
    tokens = await requestTokens({
      tokenUrl: endpoints.tokenUrl,
      fields: { code: request.code, redirect_uri: request.redirectUrl },
      clientId: app.clientId,
      clientSecret: app.clientSecret,
      authorizationMethod: 'BODY',
      allowList: request.allowList,
    });
  } catch (error) {
    if (!(error instanceof TokenEndpointError)) throw error;
    throw invalidClaim(`GitHub did not accept the sign-in code: ${error.message}`);
  }
  // GitHub answers a refused code with 200 and an `error` field.
  const accessToken = tokens['access_token'];
  if (typeof accessToken !== 'string' || accessToken === '') {
    const reason = typeof tokens['error'] === 'string' ? ` (${tokens['error']})` : '';
    throw invalidClaim(`GitHub did not accept the sign-in code${reason}`);
  }
  const user = GithubUser.parse(await getApi(endpoints, '/user', accessToken, request.allowList));
  const emails = GithubEmails.parse(await getApi(endpoints, '/user/emails', accessToken, request.allowList));
  const primary = emails.find((email) => email.primary);
  if (primary === undefined || !primary.verified) {
    throw new PieceworkError('AUTHENTICATION', {
      message: 'GitHub has not verified the primary email address of this account',
      providerName: 'GITHUB',
    });
  }
  const [first, ...rest] = (user.name ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    email: primary.email,
    firstName: first ?? user.login,
    lastName: rest.length === 0 ? '-' : rest.join(' '),
  };
}

async function getApi(
  endpoints: GithubEndpoints,
  path: string,
  accessToken: string,
  allowList: readonly string[],
): Promise<unknown> {
  let response: Response;
  try {
    response = await safeFetch(
      `${endpoints.apiUrl}${path}`,
      {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${accessToken}`,
          'x-github-api-version': '2022-11-28',
        },
        signal: AbortSignal.timeout(API_TIMEOUT_MS),
      },
      { allowList },
    );
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw invalidClaim(`GitHub's API could not be reached (${reason})`);
  }
  if (!response.ok) throw invalidClaim(`GitHub's API answered ${response.status} to ${path}`);
  return response.json();
}

function invalidClaim(message: string): PieceworkError {
  return new PieceworkError('INVALID_CLAIM', { message, providerName: 'GITHUB' });
}
