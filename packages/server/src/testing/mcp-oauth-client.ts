/**
 * An MCP OAuth client for tests, speaking to a test server over HTTP exactly as Claude, Cursor or
 * the MCP SDK do: register (`POST /register`), authorize with PKCE (`GET /authorize`, read the
 * consent page's `authRequestId`), approve as a user (`POST /api/v1/mcp-oauth/approve`), exchange
 * the code (`POST /token`), refresh and revoke. {@link connectMcpClient} does the whole dance and
 * answers the tokens; the single steps are exported for tests of each one.
 *
 * Registration is rate-limited per IP (20 per 10 minutes by default): a test server that
 * registers more clients than that starts with AP_API_RATE_LIMIT_AUTHN_ENABLED=false.
 *
 * @example
 * ```ts
 * const { tokens } = await connectMcpClient(server, { token: user.token, projectId });
 * await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
 * ```
 */
import { createHash, randomBytes } from 'node:crypto';
import type { McpClientRegistration, McpTokenResponse } from '@piecework/shared';
import type { TestServer } from './test-server';

/** What a test needs of a server: its base URL (`http://127.0.0.1:<port>`, no trailing slash). */
export type OAuthTestServer = Pick<TestServer, 'url'>;

/** An HTTP answer: status, headers and the JSON body (undefined when empty or not JSON). */
export interface OAuthAnswer<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

/** The redirect URI test clients register by default (a loopback native-app URI). */
export const TEST_REDIRECT_URI = 'http://127.0.0.1:33418/callback';

/** A fresh PKCE pair: a 43-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function answerOf<T>(response: Response): Promise<OAuthAnswer<T>> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

/** `POST /register` with `metadata` (default: one loopback redirect URI, the default auth method). */
export async function registerMcpClient(
  server: OAuthTestServer,
  metadata: Record<string, unknown> = { redirect_uris: [TEST_REDIRECT_URI], client_name: 'Test client' },
): Promise<OAuthAnswer<McpClientRegistration & { error?: string }>> {
  const response = await fetch(`${server.url}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(metadata),
  });
  return answerOf(response);
}

/** Registers a client and throws unless it is 201. */
export async function registeredMcpClient(
  server: OAuthTestServer,
  metadata?: Record<string, unknown>,
): Promise<McpClientRegistration> {
  const answer = await registerMcpClient(server, metadata);
  if (answer.status !== 201)
    throw new Error(`register: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** `GET /authorize?<query>` without following the redirect: status, `Location` and body. */
export async function authorizeRequest(
  server: OAuthTestServer,
  query: Record<string, string>,
): Promise<OAuthAnswer & { location: URL | undefined }> {
  const response = await fetch(`${server.url}/authorize?${new URLSearchParams(query).toString()}`, {
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  return { ...(await answerOf(response)), location: location === null ? undefined : new URL(location) };
}

/** The standard authorize query of `client` with `challenge` (and `state`), with `overrides` on top. */
export function authorizeQuery(
  client: Pick<McpClientRegistration, 'client_id' | 'redirect_uris'>,
  challenge: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: client.redirect_uris[0]!,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-123',
    scope: 'mcp',
    ...overrides,
  };
}

/** Authorizes `client` and answers the consent page's `authRequestId` (throws unless redirected there). */
export async function startAuthorization(
  server: OAuthTestServer,
  client: Pick<McpClientRegistration, 'client_id' | 'redirect_uris'>,
  challenge: string,
  overrides: Record<string, string> = {},
): Promise<string> {
  const answer = await authorizeRequest(server, authorizeQuery(client, challenge, overrides));
  const id = answer.location?.searchParams.get('authRequestId');
  if (answer.status !== 302 || answer.location?.pathname !== '/mcp-authorize' || id == null) {
    throw new Error(
      `authorize: ${String(answer.status)} ${answer.location?.toString() ?? JSON.stringify(answer.body)}`,
    );
  }
  return id;
}

/** `POST /api/v1/mcp-oauth/<action>` with the user's `token`: the consent page's approve or deny. */
export async function consentCall(
  server: OAuthTestServer,
  action: 'approve' | 'deny',
  token: string,
  body: Record<string, unknown>,
): Promise<OAuthAnswer<{ redirectUrl?: string; code?: string }>> {
  const response = await fetch(`${server.url}/api/v1/mcp-oauth/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return answerOf(response);
}

/** Approves `authRequestId` for `projectId` as the user of `token`; answers the code (throws on failure). */
export async function approveAuthorization(
  server: OAuthTestServer,
  user: { token: string; projectId: string },
  authRequestId: string,
): Promise<string> {
  const answer = await consentCall(server, 'approve', user.token, {
    authRequestId,
    projectId: user.projectId,
  });
  const code =
    answer.body.redirectUrl === undefined ? null : new URL(answer.body.redirectUrl).searchParams.get('code');
  if (answer.status !== 200 || code === null) {
    throw new Error(`approve: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  }
  return code;
}

/** How a token or revocation request authenticates the client. */
export interface ClientCredentials {
  /** Send `client_id:client_secret` as an `Authorization: Basic` header (form-url-encoded parts). */
  readonly basic?: { id: string; secret: string } | undefined;
  /** More request headers. */
  readonly headers?: Record<string, string> | undefined;
  /** Send the parameters as JSON instead of a form. */
  readonly json?: boolean | undefined;
}

/** `POST <path>` (`/token` or `/revoke`) with form parameters `params`. */
export async function oauthPost(
  server: OAuthTestServer,
  path: '/token' | '/revoke',
  params: Record<string, string>,
  credentials: ClientCredentials = {},
): Promise<OAuthAnswer<Partial<McpTokenResponse> & { error?: string; error_description?: string }>> {
  const headers: Record<string, string> = {
    'content-type': credentials.json === true ? 'application/json' : 'application/x-www-form-urlencoded',
    ...credentials.headers,
  };
  if (credentials.basic !== undefined) {
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
    const pair = `${encode(credentials.basic.id)}:${encode(credentials.basic.secret)}`;
    headers['authorization'] = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers,
    body: credentials.json === true ? JSON.stringify(params) : new URLSearchParams(params).toString(),
  });
  return answerOf(response);
}

/** The body parameters identifying `client` (its secret in the body when it has one). */
export function clientParams(
  client: Pick<McpClientRegistration, 'client_id' | 'client_secret'>,
): Record<string, string> {
  return client.client_secret === undefined
    ? { client_id: client.client_id }
    : { client_id: client.client_id, client_secret: client.client_secret };
}

/** A connected client: its registration, the PKCE verifier used, and the first tokens. */
export interface ConnectedMcpClient {
  readonly client: McpClientRegistration;
  readonly tokens: McpTokenResponse;
}

/**
 * Registers a client (`metadata`, or a default confidential one), has `user` approve it for
 * `user.projectId`, exchanges the code and answers the tokens. Throws at the first failing step.
 */
export async function connectMcpClient(
  server: OAuthTestServer,
  user: { token: string; projectId: string },
  options: { metadata?: Record<string, unknown>; client?: McpClientRegistration } = {},
): Promise<ConnectedMcpClient> {
  const client = options.client ?? (await registeredMcpClient(server, options.metadata));
  const { verifier, challenge } = pkcePair();
  const code = await approveAuthorization(server, user, await startAuthorization(server, client, challenge));
  const answer = await oauthPost(server, '/token', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirect_uris[0]!,
    code_verifier: verifier,
    ...clientParams(client),
  });
  if (answer.status !== 200)
    throw new Error(`token: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  return { client, tokens: answer.body as McpTokenResponse };
}
