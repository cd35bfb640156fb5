import { afterEach, describe, expect, it } from 'vitest';
import { generateMcpToken } from './mcp-token';
import { createRequester } from './request';
import { closeLoopbackApis, startApi } from './testing/loopback-api';

afterEach(closeLoopbackApis);

const mcpServer = {
  id: 'srv1',
  projectId: 'proj',
  status: 'ENABLED',
  token: 'mcp-token-1',
  serverUrl: 'https://flows.example/mcp',
};

describe('generateMcpToken', () => {
  it("exchanges the JWT, then reads the project's MCP server with the session token", async () => {
    const api = await startApi(({ url }) =>
      url.endsWith('/external-token')
        ? { status: 200, body: { token: 'user-token', projectId: 'proj', platformId: 'plat' } }
        : { status: 200, body: mcpServer },
    );
    const requester = createRequester({ instanceUrl: api.url, jwtToken: 'host.jwt' });
    await expect(generateMcpToken(requester)).resolves.toStrictEqual({
      mcpServerUrl: 'https://flows.example/mcp',
      mcpToken: 'mcp-token-1',
    });
    expect(api.seen.map((s) => `${s.method} ${s.url} ${s.authorization ?? '-'}`)).toStrictEqual([
      'POST /api/v1/managed-authn/external-token -',
      'GET /api/v1/mcp-servers?projectId=proj Bearer user-token',
    ]);
  });

  it('rejects {status, body} when the API refuses (no MCP permission)', async () => {
    const refusal = { code: 'PERMISSION_DENIED', params: {} };
    const api = await startApi(({ url }) =>
      url.endsWith('/external-token')
        ? { status: 200, body: { token: 't', projectId: 'proj', platformId: 'plat' } }
        : { status: 403, body: refusal },
    );
    const requester = createRequester({ instanceUrl: api.url, jwtToken: 'host.jwt' });
    await expect(generateMcpToken(requester)).rejects.toStrictEqual({ status: 403, body: refusal });
  });

  it('says so when the JWT opens no project, without calling the API further', async () => {
    const api = await startApi(() => ({
      status: 200,
      body: { token: 't', projectId: null, platformId: 'plat' },
    }));
    const requester = createRequester({ instanceUrl: api.url, jwtToken: 'host.jwt' });
    await expect(generateMcpToken(requester)).rejects.toThrow(/opens no project/);
    expect(api.seen).toHaveLength(1);
  });
});
