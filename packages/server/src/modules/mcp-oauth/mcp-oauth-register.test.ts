/**
 * Discovery and dynamic client registration over HTTP: the metadata documents' exact fields, the
 * rules of `POST /register` (RFC 7591, RFC 8252 and the server's own: each refusal's status and
 * error code), secrets stored hashed only, no-store answers, 405 on other methods, and the per-IP
 * rate limit.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMcpClient, TEST_REDIRECT_URI } from '../../testing/mcp-oauth-client';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let publicUrl: string;
beforeAll(async () => {
  // Many registrations from one IP: the rate limit has a test of its own below.
  server = await startTestServer({ AP_API_RATE_LIMIT_AUTHN_ENABLED: 'false' });
  publicUrl = server.server.context.settings.publicUrl;
});
afterAll(() => server.close());

describe('discovery', () => {
  it.each(['/.well-known/oauth-authorization-server', '/.well-known/oauth-authorization-server/mcp'])(
    '%s is the RFC 8414 authorization server metadata',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      const issuer = publicUrl.replace(/\/$/, '');
      expect(await response.json()).toEqual({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        registration_endpoint: `${issuer}/register`,
        revocation_endpoint: `${issuer}/revoke`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
        scopes_supported: ['mcp'],
        authorization_response_iss_parameter_supported: true,
      });
    },
  );

  it.each(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource'])(
    '%s is the RFC 9728 metadata of the MCP endpoint',
    async (path) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: `${publicUrl}mcp`,
        authorization_servers: [publicUrl.replace(/\/$/, '')],
        scopes_supported: ['mcp'],
        bearer_methods_supported: ['header'],
      });
    },
  );
});

describe('POST /register', () => {
  it.each([
    ['javascript:', ['javascript:alert(1)']],
    ['data:', ['data:text/html,hi']],
    ['http on a non-loopback host', ['http://example.com/cb']],
    ['a fragment', ['https://app.example.com/cb#x']],
    ['too many URIs', Array.from({ length: 11 }, (_, i) => `https://app.example.com/cb${String(i)}`)],
    ['a URI that is too long', [`https://app.example.com/${'a'.repeat(2000)}`]],
    ['no URI', []],
    ['user info', ['https://me@app.example.com/cb']],
  ])('refuses %s: 400 invalid_redirect_uri', async (_, uris) => {
    const answer = await registerMcpClient(server, { redirect_uris: uris });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_redirect_uri']);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a registration without redirect_uris: 400 invalid_redirect_uri', async () => {
    const answer = await registerMcpClient(server, { client_name: 'No URIs' });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_redirect_uri']);
  });

  it('names the URI and its problem in error_description', async () => {
    const answer = await registerMcpClient(server, { redirect_uris: ['http://example.com/cb'] });
    expect((answer.body as { error_description?: string }).error_description).toBe(
      'The redirect URI http://example.com/cb uses http: on a host other than loopback (localhost, 127.0.0.1, [::1]); use https:',
    );
  });

  it.each([
    ['a private-use scheme', ['cursor://anysphere.cursor-retrieval/oauth/callback', 'com.example.app:/cb']],
    ['loopback http', ['http://localhost:6274/oauth/callback', 'http://127.0.0.1:9/cb', 'http://[::1]/cb']],
    ['https', ['https://claude.ai/api/mcp/auth_callback']],
  ])('accepts %s', async (_, uris) => {
    const answer = await registerMcpClient(server, {
      redirect_uris: uris,
      token_endpoint_auth_method: 'none',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.redirect_uris).toEqual(uris);
  });

  it.each([
    ['an unsupported auth method', { token_endpoint_auth_method: 'private_key_jwt' }],
    ['another grant type', { grant_types: ['authorization_code', 'client_credentials'] }],
    ['the implicit response type', { response_types: ['token'] }],
    ['another scope', { scope: 'admin' }],
    ['a client_name over 200 characters', { client_name: 'x'.repeat(201) }],
    ['a client_name that is not a string', { client_name: 42 }],
  ])('refuses %s: 400 invalid_client_metadata', async (_, fields) => {
    const answer = await registerMcpClient(server, { redirect_uris: [TEST_REDIRECT_URI], ...fields });
    expect([answer.status, answer.body.error]).toEqual([400, 'invalid_client_metadata']);
  });

  it('makes a confidential client_secret_basic client by default, its secret returned once and stored hashed', async () => {
    const answer = await registerMcpClient(server, {
      redirect_uris: [TEST_REDIRECT_URI],
      client_name: 'Claude',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('pragma')).toBe('no-cache');
    expect(answer.body).toEqual({
      client_id: expect.any(String),
      client_secret: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/),
      client_secret_expires_at: 0,
      client_id_issued_at: expect.any(Number),
      client_name: 'Claude',
      redirect_uris: [TEST_REDIRECT_URI],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: 'mcp',
    });
    const rows = await server.server.context.store.db.selectFrom('mcpOAuthClient').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(answer.body.client_secret!);
  });

  it.each([
    ['client_secret_post', true],
    ['client_secret_basic', true],
    ['none', false],
  ] as const)('with %s answers a secret: %s', async (method, hasSecret) => {
    const answer = await registerMcpClient(server, {
      redirect_uris: [TEST_REDIRECT_URI],
      token_endpoint_auth_method: method,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.token_endpoint_auth_method).toBe(method);
    expect('client_secret' in answer.body).toBe(hasSecret);
  });

  it('takes JSON only: a form body is 400 invalid_request', async () => {
    const response = await fetch(`${server.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `redirect_uris=${encodeURIComponent(TEST_REDIRECT_URI)}`,
    });
    expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([
      400,
      'invalid_request',
    ]);
  });

  it('answers unreadable JSON with 400 invalid_request in the OAuth shape', async () => {
    const response = await fetch(`${server.url}/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"redirect_uris": [',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('browsers', () => {
  it.each(['/register', '/token', '/revoke'])(
    'may call %s from any origin (CORS preflight)',
    async (path) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://inspector.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, authorization',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    },
  );
});

describe('methods other than POST', () => {
  it.each([
    ['GET', '/register'],
    ['GET', '/token'],
    ['PUT', '/token'],
    ['GET', '/revoke'],
    ['DELETE', '/revoke'],
  ])('%s %s is 405 with Allow: POST', async (method, path) => {
    const response = await fetch(`${server.url}${path}`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({ error: 'invalid_request' });
  });
});

describe('the registration rate limit', () => {
  it('lets one IP register 20 clients per 10 minutes, then answers 429 with Retry-After', async () => {
    const limited = await startTestServer();
    try {
      for (let i = 0; i < 20; i += 1) expect((await registerMcpClient(limited)).status).toBe(201);
      const refused = await registerMcpClient(limited);
      expect([refused.status, refused.body.error]).toEqual([429, 'temporarily_unavailable']);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(500);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(
        await limited.server.context.store.db.selectFrom('mcpOAuthClient').select('id').execute(),
      ).toHaveLength(20);
    } finally {
      await limited.close();
    }
  });
});

describe('beside the web app', () => {
  it("answers the root routes itself; the web app's page is served for the consent page only", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'piecework-web-app-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    const withApp = await startTestServer({}, { webApp: dir });
    try {
      const get = (path: string) => fetch(`${withApp.url}${path}`, { redirect: 'manual' });
      expect((await get('/token')).status).toBe(405);
      expect((await get('/revoke')).status).toBe(405);
      expect((await get('/register')).status).toBe(405);
      expect(await (await get('/authorize?client_id=x')).json()).toMatchObject({ error: 'invalid_client' });
      expect((await get('/.well-known/oauth-authorization-server')).headers.get('content-type')).toMatch(
        /^application\/json/,
      );
      const page = await get('/mcp-authorize?authRequestId=x');
      expect([page.status, await page.text()]).toEqual([200, '<!doctype html><title>app</title>']);
    } finally {
      await withApp.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
