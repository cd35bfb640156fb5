/**
 * `GET /authorize` and the consent page's calls over HTTP: which errors stay on the server (an
 * untrusted redirect URI is never redirected to) and which go back to the client with `state` and
 * `iss`; the signed auth request the consent page reads; approve (users only, on a project they
 * may read) and deny; and a project's connected clients, listed and disconnected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpAuthRequestView, McpOAuthGrant, Page, type McpClientRegistration } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import {
  authorizeQuery,
  authorizeRequest,
  connectMcpClient,
  consentCall,
  pkcePair,
  registeredMcpClient,
  startAuthorization,
  TEST_REDIRECT_URI,
} from '../../testing/mcp-oauth-client';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { verifyMcpAccessToken } from './verify-mcp-access-token';

let server: TestServer;
let owner: TestUser;
let user: { token: string; projectId: string };
let client: McpClientRegistration;
let publicUrl: string;
let issuer: string;
beforeAll(async () => {
  server = await startTestServer({ AP_API_RATE_LIMIT_AUTHN_ENABLED: 'false' });
  owner = await signUpTestUser(server);
  user = { token: owner.token, projectId: owner.projectId! };
  client = await registeredMcpClient(server, { redirect_uris: [TEST_REDIRECT_URI], client_name: 'Cursor' });
  publicUrl = server.server.context.settings.publicUrl;
  issuer = publicUrl.replace(/\/$/, '');
});
afterAll(() => server.close());

const challenge = pkcePair().challenge;

describe('GET /authorize', () => {
  it('sends the browser to the consent page with a signed authRequestId, no-store', async () => {
    const answer = await authorizeRequest(server, authorizeQuery(client, challenge));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(`${answer.location!.origin}${answer.location!.pathname}`).toBe(`${publicUrl}mcp-authorize`);
    expect(answer.location!.searchParams.get('authRequestId')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('accepts the MCP endpoint as resource (RFC 8707)', async () => {
    const answer = await authorizeRequest(
      server,
      authorizeQuery(client, challenge, { resource: `${publicUrl}mcp` }),
    );
    expect(answer.location?.pathname).toBe('/mcp-authorize');
  });

  it.each([
    ['an unknown client', 'invalid_client', { client_id: 'nobody' }],
    [
      'a redirect_uri the client did not register',
      'invalid_request',
      { redirect_uri: 'https://attacker.example/cb' },
    ],
    [
      'a redirect_uri that differs by a trailing slash',
      'invalid_request',
      { redirect_uri: `${TEST_REDIRECT_URI}/` },
    ],
    ['no redirect_uri', 'invalid_request', { redirect_uri: '' }],
    ['no client_id', 'invalid_request', { client_id: '' }],
  ])('answers %s with 400 %s and never redirects', async (_, error, overrides) => {
    const answer = await authorizeRequest(server, authorizeQuery(client, challenge, overrides));
    expect([answer.status, answer.body.error, answer.location]).toEqual([400, error, undefined]);
  });

  it('refuses a parameter sent twice without redirecting', async () => {
    const query = new URLSearchParams(authorizeQuery(client, challenge));
    query.append('redirect_uri', 'https://attacker.example/cb');
    const response = await fetch(`${server.url}/authorize?${query.toString()}`, { redirect: 'manual' });
    expect([response.status, response.headers.get('location')]).toEqual([400, null]);
  });

  it.each([
    ['plain PKCE', 'invalid_request', { code_challenge_method: 'plain' }],
    ['no code_challenge_method', 'invalid_request', { code_challenge_method: '' }],
    ['no code_challenge', 'invalid_request', { code_challenge: '' }],
    ['a code_challenge too short', 'invalid_request', { code_challenge: 'abc' }],
    ['a code_challenge with other characters', 'invalid_request', { code_challenge: `${'a'.repeat(42)}=` }],
    ['response_type=token', 'unsupported_response_type', { response_type: 'token' }],
    ['no response_type', 'invalid_request', { response_type: '' }],
    ['another scope', 'invalid_scope', { scope: 'admin' }],
    ['another resource', 'invalid_target', { resource: 'https://elsewhere.example/mcp' }],
  ])('sends %s back to the client as error=%s with state and iss', async (_, error, overrides) => {
    const answer = await authorizeRequest(server, authorizeQuery(client, challenge, overrides));
    expect(answer.status).toBe(302);
    const location = answer.location!;
    expect(`${location.origin}${location.pathname}`).toBe(TEST_REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('state-123');
    expect(location.searchParams.get('iss')).toBe(issuer);
    expect(location.searchParams.get('code')).toBeNull();
  });
});

describe('the consent calls', () => {
  it('shows what the pending request asks', async () => {
    const authRequestId = await startAuthorization(server, client, challenge);
    const answer = await callApi(server.apiUrl, 'GET', '/v1/mcp-oauth/auth-request', {
      token: user.token,
      query: { authRequestId },
    });
    expect(answer.status).toBe(200);
    const view = McpAuthRequestView.parse(answer.body);
    expect(view).toMatchObject({
      clientId: client.client_id,
      clientName: 'Cursor',
      redirectUri: TEST_REDIRECT_URI,
      scopes: ['mcp'],
    });
    const minutesLeft = (Date.parse(view.expiresAt) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
  });

  it('answers an invalid authRequestId with 400 VALIDATION, a session token included', async () => {
    for (const authRequestId of ['garbage', user.token]) {
      const answer = await callApi(server.apiUrl, 'GET', '/v1/mcp-oauth/auth-request', {
        token: user.token,
        query: { authRequestId },
      });
      expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    }
  });

  it('approves: the redirect URL carries a code, the state and iss; the code is stored hashed', async () => {
    const authRequestId = await startAuthorization(server, client, challenge);
    const answer = await consentCall(server, 'approve', user.token, {
      authRequestId,
      projectId: user.projectId,
    });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.redirectUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(TEST_REDIRECT_URI);
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBe('state-123');
    expect(url.searchParams.get('iss')).toBe(issuer);
    const codes = await server.server.context.store.db.selectFrom('mcpOAuthCode').selectAll().execute();
    expect(JSON.stringify(codes)).not.toContain(url.searchParams.get('code')!);
  });

  it('denies: the redirect URL carries error=access_denied, the state and iss', async () => {
    const authRequestId = await startAuthorization(server, client, challenge, { state: 'xyz' });
    const answer = await consentCall(server, 'deny', user.token, { authRequestId });
    expect(answer.status).toBe(200);
    const url = new URL(answer.body.redirectUrl!);
    expect([
      url.searchParams.get('error'),
      url.searchParams.get('state'),
      url.searchParams.get('iss'),
    ]).toEqual(['access_denied', 'xyz', issuer]);
    expect(url.searchParams.get('code')).toBeNull();
  });

  it('refuses approval by an API key: 403 AUTHORIZATION, no code stored', async () => {
    const key = await callApi<{ value: string }>(server.apiUrl, 'POST', '/v1/api-keys', {
      token: owner.token,
      body: { displayName: 'Robot' },
    });
    const before = await server.server.context.store.db
      .selectFrom('mcpOAuthCode')
      .select('hashedCode')
      .execute();
    const authRequestId = await startAuthorization(server, client, challenge);
    const answer = await consentCall(server, 'approve', key.body.value, {
      authRequestId,
      projectId: user.projectId,
    });
    expect(answer).toMatchObject({ status: 403, body: { code: 'AUTHORIZATION' } });
    const after = await server.server.context.store.db
      .selectFrom('mcpOAuthCode')
      .select('hashedCode')
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it('refuses approval for a project the user cannot read: 404 on another platform, 403 on its own', async () => {
    const authRequestId = await startAuthorization(server, client, challenge);
    const stranger = await signUpTestUser(server);
    const strangerAnswer = await consentCall(server, 'approve', stranger.token, {
      authRequestId,
      projectId: user.projectId,
    });
    expect(strangerAnswer.status).toBe(404);
    const outsider = await addTestUser(server, owner.platformId, 'MEMBER');
    const outsiderAnswer = await consentCall(server, 'approve', outsider.token, {
      authRequestId,
      projectId: user.projectId,
    });
    expect(outsiderAnswer.status).toBe(403);
  });
});

describe("a project's connected clients", () => {
  it('lists live grants newest first with client name and user email; disconnecting ends their tokens', async () => {
    const other = await signUpTestUser(server);
    const mine = { token: other.token, projectId: other.projectId! };
    const first = await connectMcpClient(server, mine, {
      metadata: { redirect_uris: [TEST_REDIRECT_URI], client_name: 'Claude' },
    });
    const second = await connectMcpClient(server, mine, {
      metadata: { redirect_uris: [TEST_REDIRECT_URI], client_name: 'Cursor' },
    });
    const list = async () => {
      const answer = await callApi(server.apiUrl, 'GET', '/v1/mcp-oauth/grants', {
        token: mine.token,
        query: { projectId: mine.projectId },
      });
      expect(answer.status).toBe(200);
      return Page(McpOAuthGrant).parse(answer.body).data;
    };
    const grants = await list();
    expect(grants.map((grant) => [grant.clientName, grant.userEmail, grant.clientId])).toEqual([
      ['Cursor', other.email.toLowerCase(), second.client.client_id],
      ['Claude', other.email.toLowerCase(), first.client.client_id],
    ]);

    const revoked = await callApi(server.apiUrl, 'DELETE', `/v1/mcp-oauth/grants/${grants[1]!.id}`, {
      token: mine.token,
    });
    expect(revoked.status).toBe(200);
    expect((await list()).map((grant) => grant.clientName)).toEqual(['Cursor']);
    expect(await verifyMcpAccessToken(server.server.context, first.tokens.access_token)).toBeNull();
    expect(await verifyMcpAccessToken(server.server.context, second.tokens.access_token)).not.toBeNull();
    const refresh = await fetch(`${server.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first.tokens.refresh_token,
        client_id: first.client.client_id,
        client_secret: first.client.client_secret!,
      }).toString(),
    });
    expect([refresh.status, ((await refresh.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_grant',
    ]);

    const stranger = await callApi(server.apiUrl, 'DELETE', `/v1/mcp-oauth/grants/${grants[0]!.id}`, {
      token: user.token,
    });
    expect(stranger.status).toBe(404);
    expect(await verifyMcpAccessToken(server.server.context, second.tokens.access_token)).not.toBeNull();
  });
});
