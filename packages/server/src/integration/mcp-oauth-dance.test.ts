/**
 * The whole MCP OAuth dance with the MCP SDK's own client and its own OAuth machinery over
 * loopback, as Claude or Cursor do it: the first call is 401 with the protected-resource metadata
 * URL; the SDK discovers the authorization server, registers itself, starts authorization with
 * PKCE; the user approves on the consent page (its API call); the SDK exchanges the code, lists
 * the tools and calls a flow tool; it refreshes (rotation); the client revokes its refresh token
 * and the next call is 401.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_PATHS } from '@piecework/shared';
import { addAction, code, flowsApi } from '../testing/features/flow-test-kit';
import { mcpToolTrigger, replyToMcpClient, resultText } from '../testing/features/mcp-test-kit';
import { callApi } from '../testing/call-api';
import { freePort } from '../testing/server-process';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

const REDIRECT_URL = 'http://127.0.0.1:33419/callback';

/** An MCP client's OAuth state, kept in memory; "redirecting the user" records the URL. */
class RecordingOAuthProvider implements OAuthClientProvider {
  information: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;

  get redirectUrl(): string {
    return REDIRECT_URL;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK dance',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    };
  }
  state(): string {
    return 'dance-state';
  }
  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed): void {
    this.information = information;
  }
  tokens(): OAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }
}

let server: TestServer;
let user: TestUser;
let mcpUrl: URL;

beforeAll(async () => {
  const port = await freePort();
  server = await startTestServer({ AP_FRONTEND_URL: `http://127.0.0.1:${String(port)}` }, { port });
  user = await signUpTestUser(server);
  mcpUrl = new URL(MCP_PATHS.mcp, server.url);
  const flows = flowsApi(server, user.token);
  const flow = await flows.createFlow(user.projectId!, 'Add one');
  await flows.apply(
    flow.id,
    {
      type: 'UPDATE_TRIGGER',
      request: mcpToolTrigger({
        toolName: 'add_one',
        toolDescription: 'Adds one to n',
        inputSchema: [{ name: 'n', type: 'Number', required: true }],
        returnsResponse: true,
      }),
    },
    addAction(code('step_1', 'return { n: inputs.n + 1 };', { n: "{{trigger['output'].n}}" })),
    addAction(replyToMcpClient('step_2', "{{step_1['output']}}"), 'step_1'),
    { type: 'LOCK_AND_PUBLISH', request: { status: 'ENABLED' } },
  );
}, 60_000);
afterAll(() => server.close());

/** What the user does in the browser: follow /authorize to the consent page, approve the project. */
async function approveInBrowser(authorizationUrl: URL): Promise<URL> {
  const consent = await fetch(authorizationUrl, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const page = new URL(consent.headers.get('location')!);
  expect(page.pathname).toBe(MCP_PATHS.consentPage);
  const approved = await callApi<{ redirectUrl: string }>(server.apiUrl, 'POST', '/v1/mcp-oauth/approve', {
    token: user.token,
    body: { authRequestId: page.searchParams.get('authRequestId'), projectId: user.projectId },
  });
  expect(approved.status).toBe(200);
  return new URL(approved.body.redirectUrl);
}

function connect(provider: OAuthClientProvider): {
  client: Client;
  transport: StreamableHTTPClientTransport;
} {
  return {
    client: new Client({ name: 'sdk-dance', version: '1.0.0' }),
    transport: new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }),
  };
}

describe('the MCP SDK client through the whole OAuth dance', () => {
  it('registers, authorizes with PKCE, calls a flow tool, refreshes, and is 401 once revoked', async () => {
    const provider = new RecordingOAuthProvider();

    // 1. Unauthenticated: the SDK discovers, registers and sends the user to /authorize.
    const first = connect(provider);
    await expect(first.client.connect(first.transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const information = provider.information as { client_id: string; client_secret?: string };
    expect(information.client_id).toBeTruthy();
    expect(information.client_secret).toBeTruthy(); // registered without a method: client_secret_basic
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.pathname).toBe(MCP_PATHS.authorize);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(mcpUrl.toString());

    // 2. The user approves; the browser returns to the client with the code and its state.
    const returned = await approveInBrowser(authorizationUrl);
    expect(`${returned.origin}${returned.pathname}`).toBe(REDIRECT_URL);
    expect(returned.searchParams.get('state')).toBe('dance-state');
    expect(returned.searchParams.get('iss')).toBe(server.url);
    await first.transport.finishAuth(returned.searchParams.get('code')!);
    const issued = provider.saved!;
    expect(issued).toMatchObject({ token_type: 'Bearer', expires_in: 900 });

    // 3. Tools: list them and call the flow.
    const second = connect(provider);
    await second.client.connect(second.transport);
    const { tools } = await second.client.listTools();
    const tool = tools.find((entry) => entry.name.startsWith('add_one_'))!;
    expect(tool.inputSchema).toMatchObject({ type: 'object', required: ['n'] });
    const result = await second.client.callTool({ name: tool.name, arguments: { n: 41 } });
    expect(JSON.parse(resultText(result))).toEqual({ n: 42 });

    // 4. Refresh: the SDK's auth() rotates with the refresh token it holds.
    expect(await auth(provider, { serverUrl: mcpUrl })).toBe('AUTHORIZED');
    const refreshed = provider.saved!;
    expect(refreshed.refresh_token).not.toBe(issued.refresh_token);
    expect(refreshed.access_token).not.toBe(issued.access_token);
    expect((await second.client.listTools()).tools.length).toBe(tools.length);

    // 5. Revoke the refresh token: the family ends, the next call is 401.
    const basic = Buffer.from(
      `${encodeURIComponent(information.client_id)}:${encodeURIComponent(information.client_secret!)}`,
    ).toString('base64');
    const revoked = await fetch(new URL(MCP_PATHS.revoke, server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
      body: new URLSearchParams({ token: refreshed.refresh_token! }).toString(),
    });
    expect(revoked.status).toBe(200);
    const raw = await fetch(mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${refreshed.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(raw.status).toBe(401);
    expect(raw.headers.get('www-authenticate')).toContain('error="invalid_token"');
    // The SDK's own next call fails too: its refresh token is dead, so it can only re-authorize.
    await expect(second.client.listTools()).rejects.toThrow();
    await second.client.close();
  }, 60_000);
});
