/**
 * `/token` and `/revoke` over HTTP, as RFC 6749, RFC 7636, RFC 7009, OAuth 2.1 / RFC 9700 and the
 * server's own rules say: each refusal's status and exact `error`, single-use codes whose reuse revokes the
 * tokens they gave, refresh rotation whose replay ends the family, client authentication by Basic
 * header or body (never both), revocation that looks a token up as both kinds, and tokens that
 * cannot pass for one another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpClientRegistration } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import {
  approveAuthorization,
  clientParams,
  connectMcpClient,
  oauthPost,
  pkcePair,
  registeredMcpClient,
  startAuthorization,
  TEST_REDIRECT_URI,
  type ClientCredentials,
} from '../../testing/mcp-oauth-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser } from '../../testing/test-users';
import { verifyMcpAccessToken } from './verify-mcp-access-token';

let server: TestServer;
let user: { token: string; projectId: string };
beforeAll(async () => {
  server = await startTestServer({ AP_API_RATE_LIMIT_AUTHN_ENABLED: 'false' });
  const signedUp = await signUpTestUser(server);
  user = { token: signedUp.token, projectId: signedUp.projectId! };
});
afterAll(() => server.close());

const SECOND_REDIRECT_URI = 'http://127.0.0.1:33418/other';

/** A registered client (confidential by default) with two redirect URIs. */
const newClient = (metadata: Record<string, unknown> = {}) =>
  registeredMcpClient(server, { redirect_uris: [TEST_REDIRECT_URI, SECOND_REDIRECT_URI], ...metadata });

/** A fresh code of `client` approved by the user, with its PKCE verifier. */
async function codeFor(client: McpClientRegistration): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const code = await approveAuthorization(server, user, await startAuthorization(server, client, challenge));
  return { code, verifier };
}

const token = (params: Record<string, string>, credentials?: ClientCredentials) =>
  oauthPost(server, '/token', params, credentials);
const revoke = (params: Record<string, string>, credentials?: ClientCredentials) =>
  oauthPost(server, '/revoke', params, credentials);

function exchange(client: McpClientRegistration, code: { code: string; verifier: string }, extra = {}) {
  return token({
    grant_type: 'authorization_code',
    code: code.code,
    redirect_uri: TEST_REDIRECT_URI,
    code_verifier: code.verifier,
    ...clientParams(client),
    ...extra,
  });
}

const refresh = (client: McpClientRegistration, refreshToken: string, extra = {}) =>
  token({ grant_type: 'refresh_token', refresh_token: refreshToken, ...clientParams(client), ...extra });

const grantLive = async (accessToken: string) =>
  (await verifyMcpAccessToken(server.server.context, accessToken)) !== null;

describe('the authorization_code grant', () => {
  it('answers tokens with no-store, and the access token passes the /mcp check', async () => {
    const client = await newClient();
    const answer = await exchange(client, await codeFor(client));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('pragma')).toBe('no-cache');
    expect(answer.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{64}$/),
      scope: 'mcp',
    });
    const claims = await verifyMcpAccessToken(server.server.context, answer.body.access_token!);
    expect(claims).toMatchObject({ clientId: client.client_id, projectId: user.projectId, scopes: ['mcp'] });
    const stored = await server.server.context.store.db
      .selectFrom('mcpOAuthRefreshToken')
      .selectAll()
      .execute();
    expect(JSON.stringify(stored)).not.toContain(answer.body.refresh_token!);
  });

  it('takes the parameters as JSON too, and a public client with PKCE only', async () => {
    const client = await newClient({ token_endpoint_auth_method: 'none' });
    const code = await codeFor(client);
    const answer = await token(
      {
        grant_type: 'authorization_code',
        code: code.code,
        redirect_uri: TEST_REDIRECT_URI,
        code_verifier: code.verifier,
        client_id: client.client_id,
      },
      { json: true },
    );
    expect(answer.status).toBe(200);
  });

  it('refuses a code used twice, and revokes the tokens of its first exchange', async () => {
    const client = await newClient();
    const code = await codeFor(client);
    const first = await exchange(client, code);
    expect(first.status).toBe(200);
    const second = await exchange(client, code);
    expect([second.status, second.body.error]).toEqual([400, 'invalid_grant']);
    const refreshed = await refresh(client, first.body.refresh_token!);
    expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
    expect(await grantLive(first.body.access_token!)).toBe(false);
  });

  it('gives a code to exactly one of several concurrent exchanges', async () => {
    const client = await newClient();
    const code = await codeFor(client);
    const answers = await Promise.all(Array.from({ length: 5 }, () => exchange(client, code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.error === 'invalid_grant')).toHaveLength(4);
  });

  it.each([
    ['a wrong code_verifier', () => ({ code_verifier: pkcePair().verifier })],
    ['a code_verifier too short', () => ({ code_verifier: 'short' })],
    ['another registered redirect_uri', () => ({ redirect_uri: SECOND_REDIRECT_URI })],
    ['an unknown code', () => ({ code: 'not-a-code' })],
  ])('refuses %s: 400 invalid_grant', async (_, extra) => {
    const client = await newClient();
    const answer = await exchange(client, await codeFor(client), extra());
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it.each([
    ['code', 'code'],
    ['redirect_uri', 'redirect_uri'],
    ['code_verifier', 'code_verifier'],
  ])('refuses a request without %s: 400 invalid_request', async (_, missing) => {
    const client = await newClient();
    const code = await codeFor(client);
    const params: Record<string, string> = {
      grant_type: 'authorization_code',
      code: code.code,
      redirect_uri: TEST_REDIRECT_URI,
      code_verifier: code.verifier,
      ...clientParams(client),
    };
    delete params[missing];
    const answer = await token(params);
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_request']);
  });

  it("refuses another client's code: 400 invalid_grant, and the code still works for its client", async () => {
    const owner = await newClient();
    const thief = await newClient();
    const code = await codeFor(owner);
    const stolen = await exchange(thief, code);
    expect([stolen.status, stolen.body.error]).toEqual([400, 'invalid_grant']);
    expect((await exchange(owner, code)).status).toBe(200);
  });

  it('refuses an expired code: 400 invalid_grant', async () => {
    const client = await newClient();
    const code = await codeFor(client);
    await server.server.context.store.db
      .updateTable('mcpOAuthCode')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('clientId', '=', client.client_id)
      .execute();
    const answer = await exchange(client, code);
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses a resource other than the MCP endpoint: 400 invalid_target', async () => {
    const client = await newClient();
    const answer = await exchange(client, await codeFor(client), {
      resource: 'https://elsewhere.example/mcp',
    });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_target']);
  });
});

describe('the refresh_token grant', () => {
  it('rotates: a new refresh token each time; the old one replayed ends the whole family', async () => {
    const { client, tokens } = await connectMcpClient(server, user, {
      metadata: { redirect_uris: [TEST_REDIRECT_URI] },
    });
    const rotated = await refresh(client, tokens.refresh_token);
    expect(rotated.status).toBe(200);
    expect(rotated.headers.get('cache-control')).toBe('no-store');
    expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);
    expect(await grantLive(rotated.body.access_token!)).toBe(true);

    const replay = await refresh(client, tokens.refresh_token);
    expect([replay.status, replay.body.error]).toEqual([400, 'invalid_grant']);
    const afterReplay = await refresh(client, rotated.body.refresh_token!);
    expect([afterReplay.status, afterReplay.body.error]).toEqual([400, 'invalid_grant']);
    expect(await grantLive(rotated.body.access_token!)).toBe(false);
  });

  it('rotates a refresh token once among concurrent refreshes; the others count as its replay', async () => {
    const { client, tokens } = await connectMcpClient(server, user);
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(client, tokens.refresh_token)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(await grantLive(winner.body.access_token!)).toBe(false);
  });

  it("refuses another client's refresh token: 400 invalid_grant, and leaves it working", async () => {
    const { tokens, client } = await connectMcpClient(server, user);
    const other = await newClient();
    const answer = await refresh(other, tokens.refresh_token);
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
    expect((await refresh(client, tokens.refresh_token)).status).toBe(200);
  });

  it('refuses a scope other than mcp: 400 invalid_scope', async () => {
    const { tokens, client } = await connectMcpClient(server, user);
    const answer = await refresh(client, tokens.refresh_token, { scope: 'mcp admin' });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_scope']);
  });

  it('refuses an expired refresh token: 400 invalid_grant', async () => {
    const { tokens, client } = await connectMcpClient(server, user);
    await server.server.context.store.db
      .updateTable('mcpOAuthRefreshToken')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('clientId', '=', client.client_id)
      .execute();
    const answer = await refresh(client, tokens.refresh_token);
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });

  it('refuses the tokens of a user who was deactivated', async () => {
    const other = await signUpTestUser(server);
    const { tokens, client } = await connectMcpClient(server, {
      token: other.token,
      projectId: other.projectId!,
    });
    await server.server.context.store.db
      .updateTable('user')
      .set({ status: 'INACTIVE' })
      .where('id', '=', other.userId)
      .execute();
    expect(await grantLive(tokens.access_token)).toBe(false);
    const answer = await refresh(client, tokens.refresh_token);
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_grant']);
  });
});

describe('client authentication and grant types at /token', () => {
  it('accepts the secret in a Basic header (form-url-encoded parts), for basic and post clients alike', async () => {
    for (const method of ['client_secret_basic', 'client_secret_post']) {
      const client = await newClient({ token_endpoint_auth_method: method });
      const code = await codeFor(client);
      const answer = await token(
        {
          grant_type: 'authorization_code',
          code: code.code,
          redirect_uri: TEST_REDIRECT_URI,
          code_verifier: code.verifier,
        },
        { basic: { id: client.client_id, secret: client.client_secret! } },
      );
      expect({ method, status: answer.status }).toEqual({ method, status: 200 });
    }
  });

  it('refuses Basic and a body secret together: 400 invalid_request', async () => {
    const client = await newClient();
    const answer = await token(
      { grant_type: 'refresh_token', refresh_token: 'x', client_secret: client.client_secret! },
      { basic: { id: client.client_id, secret: client.client_secret! } },
    );
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_request']);
  });

  it('answers a wrong secret in a Basic header with 401 invalid_client and WWW-Authenticate: Basic', async () => {
    const client = await newClient();
    const answer = await token(
      { grant_type: 'refresh_token', refresh_token: 'x' },
      { basic: { id: client.client_id, secret: 'wrong' } },
    );
    expect([answer.status, answer.body.error]).toEqual([401, 'invalid_client']);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    [
      'a wrong secret in the body',
      (c: McpClientRegistration) => ({ client_id: c.client_id, client_secret: 'wrong' }),
    ],
    ['no secret from a confidential client', (c: McpClientRegistration) => ({ client_id: c.client_id })],
    ['an unknown client', () => ({ client_id: 'nobody', client_secret: 'x' })],
    ['no client identity', () => ({})],
  ])('answers %s with 400 invalid_client', async (_, identity) => {
    const client = await newClient();
    const answer = await token({ grant_type: 'refresh_token', refresh_token: 'x', ...identity(client) });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_client']);
    expect(answer.headers.get('www-authenticate')).toBeNull();
  });

  it('refuses a secret from a public client: 400 invalid_client', async () => {
    const client = await newClient({ token_endpoint_auth_method: 'none' });
    const answer = await token({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: client.client_id,
      client_secret: 'made-up',
    });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_client']);
  });

  it.each([
    ['no grant_type', {}, 'invalid_request'],
    ['grant_type=client_credentials', { grant_type: 'client_credentials' }, 'unsupported_grant_type'],
    ['grant_type=password', { grant_type: 'password' }, 'unsupported_grant_type'],
  ])('answers %s with 400 %s', async (_, params, error) => {
    const client = await newClient();
    const answer = await token({ ...params, ...clientParams(client) });
    expect([answer.status, answer.body.error]).toEqual([400, error]);
  });

  it('answers a grant type the client did not register with 400 unauthorized_client', async () => {
    const client = await newClient({ grant_types: ['authorization_code'] });
    const answer = await refresh(client, 'x');
    expect([answer.status, answer.body.error]).toEqual([400, 'unauthorized_client']);
  });

  it('refuses a parameter sent twice: 400 invalid_request', async () => {
    const client = await newClient();
    const response = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&grant_type=authorization_code&${new URLSearchParams(clientParams(client)).toString()}`,
    });
    expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_request',
    ]);
  });

  it('refuses another content type: an OAuth invalid_request error', async () => {
    const response = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'grant_type=refresh_token',
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('POST /revoke', () => {
  it('refuses a request with only a token, no client identity: 400 invalid_client', async () => {
    const { tokens } = await connectMcpClient(server, user);
    const answer = await revoke({ token: tokens.refresh_token });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_client']);
    expect(await grantLive(tokens.access_token)).toBe(true);
  });

  it('refuses a confidential client without its secret: 400 invalid_client', async () => {
    const { tokens, client } = await connectMcpClient(server, user);
    const answer = await revoke({ token: tokens.refresh_token, client_id: client.client_id });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_client']);
    expect(await grantLive(tokens.access_token)).toBe(true);
  });

  it('refuses a request without token: 400 invalid_request', async () => {
    const client = await newClient();
    const answer = await revoke(clientParams(client));
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_request']);
  });

  it('answers an unknown token with 200 {} and no-store', async () => {
    const client = await newClient();
    const answer = await revoke({ token: 'not-a-token', ...clientParams(client) });
    expect([answer.status, answer.body]).toEqual([200, {}]);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('revokes a refresh token whatever the hint says, ending the family (refresh and access tokens)', async () => {
    const { tokens, client } = await connectMcpClient(server, user);
    const answer = await revoke({
      token: tokens.refresh_token,
      token_type_hint: 'access_token',
      ...clientParams(client),
    });
    expect([answer.status, answer.body]).toEqual([200, {}]);
    const refreshed = await refresh(client, tokens.refresh_token);
    expect([refreshed.status, refreshed.body.error]).toEqual([400, 'invalid_grant']);
    expect(await grantLive(tokens.access_token)).toBe(false);
  });

  it('revokes an access token (hinted as a refresh token) by ending its grant', async () => {
    const { tokens, client } = await connectMcpClient(server, user, {
      metadata: { redirect_uris: [TEST_REDIRECT_URI], token_endpoint_auth_method: 'none' },
    });
    const answer = await revoke({
      token: tokens.access_token,
      token_type_hint: 'refresh_token',
      client_id: client.client_id,
    });
    expect(answer.status).toBe(200);
    expect(await grantLive(tokens.access_token)).toBe(false);
    expect((await refresh(client, tokens.refresh_token)).body.error).toBe('invalid_grant');
  });

  it("answers 200 for another client's token and revokes nothing", async () => {
    const { tokens, client } = await connectMcpClient(server, user);
    const other = await newClient();
    for (const presented of [tokens.refresh_token, tokens.access_token]) {
      const answer = await revoke({ token: presented, ...clientParams(other) });
      expect([answer.status, answer.body]).toEqual([200, {}]);
    }
    expect(await grantLive(tokens.access_token)).toBe(true);
    expect((await refresh(client, tokens.refresh_token)).status).toBe(200);
  });

  it('takes a Basic header as the client identity', async () => {
    const { tokens, client } = await connectMcpClient(server, user);
    const answer = await revoke(
      { token: tokens.refresh_token },
      { basic: { id: client.client_id, secret: client.client_secret! } },
    );
    expect(answer.status).toBe(200);
    expect(await grantLive(tokens.access_token)).toBe(false);
  });
});

describe('token confusion', () => {
  it('refuses an MCP access token on the REST API: 401', async () => {
    const { tokens } = await connectMcpClient(server, user);
    const answer = await callApi(server.apiUrl, 'GET', '/v1/flows', {
      token: tokens.access_token,
      query: { projectId: user.projectId },
    });
    expect(answer.status).toBe(401);
    expect(
      (
        await callApi(server.apiUrl, 'GET', '/v1/flows', {
          token: user.token,
          query: { projectId: user.projectId },
        })
      ).status,
    ).toBe(200);
  });

  it('does not take a session token, a refresh token or an authRequestId as an MCP access token', async () => {
    const { tokens, client } = await connectMcpClient(server, user);
    const authRequestId = await startAuthorization(server, client, pkcePair().challenge);
    for (const presented of [user.token, tokens.refresh_token, authRequestId]) {
      expect(await verifyMcpAccessToken(server.server.context, presented)).toBeNull();
    }
  });
});
