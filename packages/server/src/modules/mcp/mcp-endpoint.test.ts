/**
 * Who may reach `/mcp` and the project's MCP server settings (`ENDPOINTS.mcpServers`): the
 * project MCP token and OAuth access tokens pass; no token, session tokens, API keys, garbage,
 * a rotated-away token and a revoked grant get 401 with the RFC 9728 challenge; a DISABLED
 * server gets 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpServer } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { expectStatus } from '../../testing/features/flow-test-kit';
import { connectMcp, mcpServerOf, oauthAccessToken } from '../../testing/features/mcp-test-kit';

let server: TestServer;
let admin: TestUser;
let projectId: string;
let apiKey: string;

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** A raw POST /mcp (initialize) with this Authorization header. */
function postMcp(authorization: string | undefined): Promise<Response> {
  return fetch(new URL('/mcp', server.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(authorization === undefined ? {} : { authorization }),
    },
    body: JSON.stringify(INITIALIZE),
  });
}

function updateServer(token: string, id: string, status: 'ENABLED' | 'DISABLED') {
  return callApi<McpServer>(server.apiUrl, 'POST', `/v1/mcp-servers/${id}`, { token, body: { status } });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  projectId = admin.projectId!;
  const key = await callApi<{ value: string }>(server.apiUrl, 'POST', '/v1/api-keys', {
    token: admin.token,
    body: { displayName: 'Key' },
  });
  apiKey = expectStatus(key, 201).value;
});
afterAll(() => server?.close());

describe('ENDPOINTS.mcpServers', () => {
  it('makes the server on first read, ENABLED, and answers the same token after', async () => {
    const first = await mcpServerOf(server, admin.token, projectId);
    expect(first).toMatchObject({
      projectId,
      status: 'ENABLED',
      serverUrl: new URL('mcp', publicUrl()).toString(),
    });
    expect(first.token).toMatch(/^mcp_[A-Za-z0-9_-]{64}$/);
    expect(await mcpServerOf(server, admin.token, projectId)).toEqual(first);
    const rows = await server.server.context.store.db
      .selectFrom('mcpServer')
      .select(['hashedToken', 'sealedToken'])
      .where('projectId', '=', projectId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(first.token);
  });

  it('rotates the token: the old one stops working at once, the new one works', async () => {
    const before = await mcpServerOf(server, admin.token, projectId);
    const rotated = expectStatus(
      await callApi<McpServer>(server.apiUrl, 'POST', `/v1/mcp-servers/${before.id}/rotate`, {
        token: admin.token,
      }),
      200,
    );
    expect(rotated.token).not.toBe(before.token);
    expect((await mcpServerOf(server, admin.token, projectId)).token).toBe(rotated.token);
    const old = await postMcp(`Bearer ${before.token}`);
    expect(old.status).toBe(401);
    expect(old.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect((await postMcp(`Bearer ${rotated.token}`)).status).toBe(200);
  });

  it('disables and enables the server: disabled, every call is 403', async () => {
    const { id, token } = await mcpServerOf(server, admin.token, projectId);
    expect(expectStatus(await updateServer(admin.token, id, 'DISABLED'), 200).status).toBe('DISABLED');
    expect((await postMcp(`Bearer ${token}`)).status).toBe(403);
    expect(expectStatus(await updateServer(admin.token, id, 'ENABLED'), 200).status).toBe('ENABLED');
    expect((await postMcp(`Bearer ${token}`)).status).toBe(200);
  });

  it('lets a Viewer read the server but not rotate or disable it', async () => {
    const viewer = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
    const { id, token } = await mcpServerOf(server, viewer.token, projectId);
    const rotate = await callApi(server.apiUrl, 'POST', `/v1/mcp-servers/${id}/rotate`, {
      token: viewer.token,
    });
    expect(rotate.status).toBe(403);
    expect((await updateServer(viewer.token, id, 'DISABLED')).status).toBe(403);
    expect((await mcpServerOf(server, admin.token, projectId)).token).toBe(token);
  });
});

function publicUrl(): string {
  return server.server.context.settings.publicUrl;
}

describe('/mcp authentication', () => {
  it.each([
    ['no token', () => undefined, false],
    ['a session token', () => `Bearer ${admin.token}`, true],
    ['an API key', () => `Bearer ${apiKey}`, true],
    ['garbage', () => 'Bearer not-a-token', true],
    ['a non-bearer scheme', () => 'Basic dXNlcjpwYXNz', true],
  ])('refuses %s with 401 and the protected resource challenge', async (_, authorization, invalid) => {
    const answer = await postMcp(authorization());
    expect(answer.status).toBe(401);
    const metadata = new URL('.well-known/oauth-protected-resource/mcp', publicUrl()).toString();
    expect(answer.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${metadata}"${invalid ? ', error="invalid_token"' : ''}`,
    );
  });

  it('answers GET and DELETE with 405, allowing POST only', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(new URL('/mcp', server.url), { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST');
    }
  });

  it('accepts an OAuth access token until its grant is revoked', async () => {
    const { token, grantId } = await oauthAccessToken(server, admin, projectId);
    const client = await connectMcp(server, token);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    await server.server.context.store.write((trx) =>
      trx
        .updateTable('mcpOAuthGrant')
        .set({ revokedAt: server.server.context.now() })
        .where('id', '=', grantId)
        .execute(),
    );
    expect((await postMcp(`Bearer ${token}`)).status).toBe(401);
  });

  it("refuses an OAuth token with 403 while its project's server is disabled", async () => {
    const { token } = await oauthAccessToken(server, admin, projectId);
    const { id } = await mcpServerOf(server, admin.token, projectId);
    await updateServer(admin.token, id, 'DISABLED');
    try {
      expect((await postMcp(`Bearer ${token}`)).status).toBe(403);
    } finally {
      await updateServer(admin.token, id, 'ENABLED');
    }
    expect((await postMcp(`Bearer ${token}`)).status).toBe(200);
  });
});
