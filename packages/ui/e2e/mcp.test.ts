/**
 * MCP in Chromium against a real server: the project's MCP page (the server URL and token, a
 * rotation that ends the old token at `/mcp`, the on/off switch kept across a reload, a connected
 * OAuth app disconnected, read-only for a Viewer) and the consent page an MCP client's
 * `/authorize` leads to (approve for a chosen project and deny, each arriving at the client's
 * loopback redirect URI; sign-in first when signed out; an unusable request refused).
 */
import { createPieceworkClient } from '@piecework/client';
import { MCP_PATHS, type Project } from '@piecework/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizeQuery,
  connectMcpClient,
  clientParams,
  oauthPost,
  pkcePair,
  registeredMcpClient,
} from '../../server/src/testing/mcp-oauth-client';
import { freePort } from '../../server/src/testing/server-process';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { pickOption } from './support/combobox';
import { startLoopbackRedirect, type LoopbackRedirect } from './support/loopback-redirect';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let admin: SignedUpUser;
let loopback: LoopbackRedirect;

beforeAll(async () => {
  // The server names itself in OAuth redirects and its MCP server URL: it must know its address.
  const port = await freePort();
  ui = await startUi({
    port,
    env: { AP_FRONTEND_URL: `http://127.0.0.1:${String(port)}`, AP_API_RATE_LIMIT_AUTHN_ENABLED: 'false' },
  });
  admin = await signUpThroughApi(ui.url, 'Ada');
  loopback = await startLoopbackRedirect();
});
afterAll(async () => {
  await loopback?.close();
  await ui?.close();
});
beforeEach(() => {
  ui.console.errors.length = 0;
});

/** The status of an MCP `initialize` call to `/mcp` with `token` as its bearer. */
async function mcpStatus(token: string): Promise<number> {
  const response = await fetch(`${ui.url}${MCP_PATHS.mcp}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'e2e', version: '1' } },
    }),
  });
  await response.body?.cancel();
  return response.status;
}

/** Opens the MCP page of `user`'s project and waits for the server to show. */
async function openMcpPage(user: SignedUpUser = admin, projectId = user.projectId): Promise<void> {
  await openSignedIn(ui.page, ui.url, user, `/projects/${projectId}/mcp`);
  await ui.page.getByRole('heading', { name: 'MCP', level: 1 }).waitFor();
  await ui.page.getByLabel('Server URL').waitFor();
}

const tokenField = () => ui.page.getByLabel('Project MCP token');

describe('the MCP page', () => {
  it('shows the server URL and token; rotating shows a new token and the old one is refused at /mcp', async () => {
    const server = await admin.client.mcpServers.get({ projectId: admin.projectId });
    await openMcpPage();
    const { page } = ui;
    await expect(
      page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'MCP' }).count(),
    ).resolves.toBe(1);
    await expect(page.getByLabel('Server URL').inputValue()).resolves.toBe(server.serverUrl);
    expect(server.serverUrl).toBe(`${ui.url}${MCP_PATHS.mcp}`);
    // Dots until Show, in the field and the configuration snippet.
    await expect(tokenField().inputValue()).resolves.not.toContain(server.token);
    expect(await page.getByText(server.token).count()).toBe(0);
    await page.getByRole('button', { name: 'Show Project MCP token' }).click();
    await expect(tokenField().inputValue()).resolves.toBe(server.token);
    await expect(page.getByLabel('MCP client configuration').textContent()).resolves.toContain(
      `"Authorization": "Bearer ${server.token}"`,
    );
    await page.getByText('such as Claude and Cursor, connect with the server URL alone').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'mcp');
    expect(await mcpStatus(server.token)).not.toBe(401);

    await page.getByRole('button', { name: 'Rotate token' }).click();
    await page
      .getByRole('alertdialog', { name: 'Rotate the MCP token?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    await expect.poll(() => tokenField().inputValue()).not.toBe(server.token);
    const rotated = await admin.client.mcpServers.get({ projectId: admin.projectId });
    await expect(tokenField().inputValue()).resolves.toBe(rotated.token);
    expect(await mcpStatus(server.token)).toBe(401);
    expect(await mcpStatus(rotated.token)).not.toBe(401);
    ui.console.allow(/status of 401/);
    expect(ui.console.errors).toEqual([]);
  });

  it('keeps the status switch across a reload', async () => {
    await openMcpPage();
    const { page } = ui;
    const toggle = page.getByRole('switch', { name: 'MCP server enabled' });
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect(page.getByTestId('mcp-status').textContent()).resolves.toBe('Disabled');
    await expect(admin.client.mcpServers.get({ projectId: admin.projectId })).resolves.toMatchObject({
      status: 'DISABLED',
    });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(ui.console.errors).toEqual([]);
  });

  it('disconnects a connected app: it leaves the list and its token stops working', async () => {
    const { tokens } = await connectMcpClient(
      ui.server,
      { token: admin.session.token, projectId: admin.projectId },
      { metadata: { redirect_uris: [loopback.callbackUrl], client_name: 'Disconnect me' } },
    );
    expect(await mcpStatus(tokens.access_token)).not.toBe(401);
    await openMcpPage();
    const { page } = ui;
    const row = page.getByRole('row').filter({ hasText: 'Disconnect me' });
    await row.getByRole('cell', { name: admin.session.email }).waitFor();
    await row.getByRole('button', { name: 'Disconnect Disconnect me' }).click();
    await page
      .getByRole('alertdialog', { name: 'Disconnect the app?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await row.waitFor({ state: 'detached' });
    const grants = await admin.client.mcpOAuth.listGrants({ projectId: admin.projectId });
    expect(grants.data.map((grant) => grant.clientName)).not.toContain('Disconnect me');
    expect(await mcpStatus(tokens.access_token)).toBe(401);
    ui.console.allow(/status of 401/);
    expect(ui.console.errors).toEqual([]);
  });

  it('is read-only for a Viewer: no switch, rotation or disconnection', async () => {
    const viewer = await joinAs('Viewer');
    await connectMcpClient(
      ui.server,
      { token: admin.session.token, projectId: admin.projectId },
      { metadata: { redirect_uris: [loopback.callbackUrl], client_name: 'Seen by a viewer' } },
    );
    await openMcpPage(viewer, admin.projectId);
    const { page } = ui;
    await page.getByRole('note').filter({ hasText: 'ask an admin' }).waitFor();
    expect(await page.getByRole('switch', { name: 'MCP server enabled' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Rotate token' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Disconnect Seen by a viewer' }).isDisabled()).toBe(true);
    await expect(page.getByLabel('Server URL').inputValue()).resolves.toContain(MCP_PATHS.mcp);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('the consent page', () => {
  /** Registers a client redirecting to the loopback target; answers it and a fresh PKCE pair. */
  async function newClient(name: string) {
    const client = await registeredMcpClient(ui.server, {
      redirect_uris: [loopback.callbackUrl],
      client_name: name,
    });
    return { client, ...pkcePair() };
  }

  /** The authorize URL of `client` with `state`. */
  function authorizeUrl(
    client: { client_id: string; redirect_uris: string[] },
    challenge: string,
    state: string,
  ) {
    return `${ui.url}${MCP_PATHS.authorize}?${new URLSearchParams(authorizeQuery(client, challenge, { state })).toString()}`;
  }

  it('approves for the chosen project: the browser reaches the client with code and state, and the code works', async () => {
    const second: Project = await admin.client.projects.create({ displayName: 'Second project' });
    const { client, verifier, challenge } = await newClient('E2E assistant');
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/flows`);
    await page.goto(authorizeUrl(client, challenge, 'state-approve-1'));
    await page.getByRole('heading', { name: 'E2E assistant wants to use Piecework through MCP' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(MCP_PATHS.consentPage);
    await expect(page.getByTestId('mcp-redirect-host').textContent()).resolves.toBe(
      new URL(loopback.callbackUrl).host,
    );
    const picker = page.getByLabel('Project');
    const first = await admin.client.projects.get(admin.projectId);
    await expect.poll(() => picker.textContent()).toBe(first.displayName);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'mcp-consent');
    await pickOption(picker, second.displayName);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.href.startsWith(loopback.callbackUrl));
    const arrived = new URL(page.url());
    expect(arrived.searchParams.get('state')).toBe('state-approve-1');
    const code = arrived.searchParams.get('code');
    expect(code).toEqual(expect.any(String));
    const exchanged = await oauthPost(ui.server, '/token', {
      grant_type: 'authorization_code',
      code: code ?? '',
      redirect_uri: loopback.callbackUrl,
      code_verifier: verifier,
      ...clientParams(client),
    });
    expect(exchanged.status).toBe(200);
    const grants = await admin.client.mcpOAuth.listGrants({ projectId: second.id });
    expect(grants.data.map((grant) => grant.clientName)).toEqual(['E2E assistant']);
    expect(ui.console.errors).toEqual([]);
  });

  it('denies: the browser reaches the client with error=access_denied and the state', async () => {
    const { client, challenge } = await newClient('Denied assistant');
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, `/projects/${admin.projectId}/flows`);
    await page.goto(authorizeUrl(client, challenge, 'state-deny-1'));
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.href.startsWith(loopback.callbackUrl));
    const arrived = new URL(page.url());
    expect(arrived.searchParams.get('error')).toBe('access_denied');
    expect(arrived.searchParams.get('state')).toBe('state-deny-1');
    expect(arrived.searchParams.get('code')).toBeNull();
    expect(ui.console.errors).toEqual([]);
  });

  it('signed out, goes through sign-in and comes back to the same request', async () => {
    const { client, challenge } = await newClient('After sign-in');
    const { page } = ui;
    await page.goto(`${ui.url}/sign-in`);
    await page.evaluate('localStorage.clear()');
    await page.goto(authorizeUrl(client, challenge, 'state-signin'));
    await page.getByRole('heading', { name: 'Sign in to Piecework' }).waitFor();
    await page.getByLabel('Email').fill(admin.session.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'After sign-in wants to use Piecework through MCP' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(MCP_PATHS.consentPage);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.href.startsWith(loopback.callbackUrl));
    expect(new URL(page.url()).searchParams.get('state')).toBe('state-signin');
  });

  it('refuses an invalid or expired request clearly, without buttons', async () => {
    ui.console.allow(/status of 4\d\d/);
    await openSignedIn(ui.page, ui.url, admin, `${MCP_PATHS.consentPage}?authRequestId=not-a-request`);
    const { page } = ui;
    await page.getByRole('alert').filter({ hasText: 'invalid or has expired' }).waitFor();
    expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Deny' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });
});

/** A new user who joined the admin's project with `role` through an invitation. */
async function joinAs(role: string): Promise<SignedUpUser> {
  const email = `${role.toLowerCase()}.${String(Date.now())}@example.com`;
  const invitation = await admin.client.userInvitations.create({
    type: 'PROJECT',
    email,
    projectId: admin.projectId,
    projectRole: role,
  });
  const anonymous = createPieceworkClient({ baseUrl: ui.url });
  const token = new URL(invitation.link ?? '').searchParams.get('token') ?? '';
  await anonymous.userInvitations.accept({ invitationToken: token });
  const password = 'a long password 1';
  const session = await anonymous.authentication.signUp({
    email,
    password,
    firstName: 'Vi',
    lastName: 'Ewer',
  });
  return {
    session,
    client: anonymous.withToken(session.token),
    projectId: session.projectId ?? '',
    password,
  };
}
