/**
 * Embedding in Chromium, across origins: the example host app (`examples/embed-host`, on
 * `localhost`) signs its user in with a JWT signed by a platform signing key and drives the web
 * app (on `127.0.0.1`, another site) with the real `@piecework/embed` script the server serves.
 * Checks the handshake and the in-memory session, routes both ways, a step added in the embedded
 * builder, what each option removes from the DOM, `connect()` (overlay and popup), the MCP
 * dialogs (`authorizeMcp()` approving a real OAuth request, `mcpSettings()` opened and closed), and
 * the refusals: a host origin not on the allow list (the frame is blocked by CSP and the SDK says so),
 * and tampered, expired and `alg: none` tokens (an error, no session, no user).
 */
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPieceworkClient } from '@piecework/client';
import { DEMO_USER, startEmbedHost, type EmbedHost } from '../../../examples/embed-host/host-server';
import type { EmbedSigningKey } from '../../../examples/embed-host/sign-embed-token';
import { epochSeconds, signExternalToken, unsignedToken } from '../../server/src/testing/external-tokens';
import {
  clientParams,
  oauthPost,
  pkcePair,
  registeredMcpClient,
  startAuthorization,
} from '../../server/src/testing/mcp-oauth-client';
import { placeFixturePiece } from '../../server/src/testing/test-pieces';
import { signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { createWebhookFlow } from './support/flow-fixtures';
import { saveScreenshot } from './support/screenshots';
import { startUi, type UiHarness } from './support/ui-harness';

const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="#5a3fd6"/></svg>';

let ui: UiHarness;
let page: Page;
let admin: SignedUpUser;
let key: EmbedSigningKey;
let host: EmbedHost;
/** The host's demo user, signed in through the API as the embedded app signs in. */
let embedded: SignedUpUser;

/** Records, in the host page, every message the Piecework frames post (`window.fromPiecework`). */
function recordMessagesScript(origin: string): string {
  return `window.fromPiecework = [];
window.addEventListener('message', (event) => {
  if (event.origin === ${JSON.stringify(origin)}) window.fromPiecework.push(event.data);
});`;
}

beforeAll(async () => {
  ui = await startUi();
  page = ui.page;
  await placeFixturePiece(ui.server.server.context.settings.piecesDir, 'piece-menu', '1.0.0');
  admin = await signUpThroughApi(ui.url);
  const created = await admin.client.signingKeys.create({ displayName: 'Host app' });
  key = { id: created.id, privateKey: created.privateKey };
  host = await startEmbedHost({ pieceworkUrl: ui.url, signingKey: key });
  await admin.client.embedding.addAllowedOrigins({ allowedEmbedOrigins: [host.url] });
  const token = (await (await fetch(`${host.url}/api/piecework-token`)).json()) as { token: string };
  const session = await createPieceworkClient({ baseUrl: ui.url }).managedAuthn.externalToken({
    externalAccessToken: token.token,
  });
  embedded = {
    session,
    client: createPieceworkClient({ baseUrl: ui.url }).withToken(session.token),
    projectId: session.projectId!,
    password: '',
  };
  await page.addInitScript(recordMessagesScript(ui.url));
  // Piece logos are on other sites: the test serves one, offline.
  await ui.context.route('https://example.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: LOGO }),
  );
  await ui.context.route(`${ui.url}/e2e-font.css`, (route) =>
    route.fulfill({ contentType: 'text/css', body: ':root { --e2e-font: 1; }' }),
  );
});
afterAll(async () => {
  await host?.close();
  await ui?.close();
});
beforeEach(() => {
  ui.console.errors.length = 0;
});

/** What the host page recorded: the SDK's reports and the raw messages of Piecework's frames. */
interface HostRecord {
  events: { type: string; data: unknown }[];
  fromPiecework: { type: string; data?: unknown }[];
}
const record = () =>
  page.evaluate(
    '({ events: window.host.events, fromPiecework: window.fromPiecework })',
  ) as Promise<HostRecord>;

/**
 * Opens the host page of `origin` (default the allowed host) and configures the SDK with
 * `overrides` (`embedding` options, a `jwtToken`, `reportHomeButton`); answers the main frame
 * once `configure()` settled.
 */
async function embed(overrides: Record<string, unknown> = {}, origin = host.url): Promise<Frame | undefined> {
  await page.goto(`${origin}/?manual`);
  await page.evaluate(`host.start(${JSON.stringify(overrides)})`);
  return page.frames().find((frame) => frame.url().startsWith(`${ui.url}/embed?`));
}

/** The main frame, configured (fails the test when `configure()` did not succeed). */
async function embedOk(overrides: Record<string, unknown> = {}): Promise<Frame> {
  const frame = await embed(overrides);
  const { events } = await record();
  expect(events.map((event) => event.type)).toContain('configured');
  if (frame === undefined) throw new Error('no embedded frame');
  return frame;
}

/** Waits for the host's navigation handler to have been called with `route`. */
async function hostRouted(route: string): Promise<void> {
  await expect
    .poll(async () =>
      (await record()).events.filter((event) => event.type === 'route').map((event) => event.data),
    )
    .toContain(route);
}

describe('signed in by the host', () => {
  it('configures, opens the flows page, keeps the session in memory, and routes both ways', async () => {
    const frame = await embedOk({ embedding: { initialRoute: '/flows' } });
    await frame.getByRole('heading', { name: 'Flows', level: 1 }).waitFor();
    await hostRouted('/flows');
    const { fromPiecework } = await record();
    expect(fromPiecework.map((message) => message.type)).toEqual([
      'CLIENT_INIT',
      'CLIENT_AUTHENTICATION_SUCCESS',
      'CLIENT_CONFIGURATION_FINISHED',
      'CLIENT_ROUTE_CHANGED',
    ]);
    // Chromium denies storage to this cross-site frame: the app runs on its in-memory session.
    expect(
      await frame.evaluate(
        `(() => { try { return localStorage.getItem('piecework.session'); } catch { return 'denied'; } })()`,
      ),
    ).not.toMatch(/token/);
    for (const selector of [
      'aside[aria-label="Main"]',
      '[data-testid="page-header"]',
      '[data-testid="flows-page-navbar"]',
      'nav[aria-label="Folders"]',
    ]) {
      expect(await frame.locator(selector).count(), selector).toBe(1);
    }
    // The host's user is who the JWT named, in the project it named.
    await frame.getByText(`${DEMO_USER.firstName} ${DEMO_USER.lastName}`).first().waitFor();
    await saveScreenshot(page, 'embedded-in-host');
    // The stand-in address of a user whose token had no email is not shown as theirs.
    expect(await frame.getByText('@embedded.invalid').count()).toBe(0);
    await page.getByRole('button', { name: 'Runs' }).click();
    await frame.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    await hostRouted('/runs');
    await expect(page.locator('#route').textContent()).resolves.toBe('/runs');
    expect(ui.console.errors).toEqual([]);
  });

  it('opens a flow the host navigates to, and a step added in the embedded builder is saved', async () => {
    const flow = await createWebhookFlow(embedded, 'Embedded order flow', { steps: [] });
    const frame = await embedOk();
    await page.evaluate(`piecework.navigate({ route: '/flows/${flow.id}' })`);
    await hostRouted(`/flows/${flow.id}`);
    await frame.getByRole('button', { name: 'Fit View' }).click();
    await frame.getByRole('button', { name: 'Add a step after trigger' }).click();
    await frame.getByRole('dialog').getByRole('button', { name: 'Code', exact: true }).click();
    await expect
      .poll(async () => (await embedded.client.flows.get(flow.id)).version.trigger.nextAction?.type, {
        timeout: 10_000,
      })
      .toBe('CODE');
    expect(ui.console.errors).toEqual([]);
  });

  it('says how to open /embed when it is opened on its own', async () => {
    await page.goto(`${ui.url}/embed`);
    await page.getByRole('heading', { name: 'Open this page through @piecework/embed' }).waitFor();
  });
});

describe('the options', () => {
  it('remove the side bar, page header, flows navbar, folders, import, export and duplicate', async () => {
    const flow = await createWebhookFlow(embedded, 'Trimmed flow');
    const frame = await embedOk({
      embedding: {
        initialRoute: '/flows',
        dashboard: { hideSidebar: true, hidePageHeader: true, hideFlowsPageNavbar: true },
        hideFolders: true,
        hideExportAndImportFlow: true,
        hideDuplicateFlow: true,
        styling: { fontUrl: `${ui.url}/e2e-font.css`, fontFamily: 'Embedded Sans' },
        locale: 'fr',
      },
    });
    await frame.getByRole('button', { name: 'Actions of flow Trimmed flow', exact: true }).click();
    expect(await frame.getByRole('menuitem').allTextContents()).toEqual(['Open', 'Rename', 'Delete']);
    await frame.locator('body').press('Escape');
    for (const selector of [
      'aside[aria-label="Main"]',
      '[data-testid="page-header"]',
      '[data-testid="flows-page-navbar"]',
      'nav[aria-label="Folders"]',
    ]) {
      expect(await frame.locator(selector).count(), selector).toBe(0);
    }
    expect(await frame.getByRole('button', { name: 'Import flow' }).count()).toBe(0);
    expect(await frame.getByRole('button', { name: 'New flow' }).count()).toBe(1);
    expect(await frame.evaluate('document.documentElement.lang')).toBe('fr');
    expect(await seriousAxeViolations(frame)).toEqual([]);
    expect(await frame.evaluate('getComputedStyle(document.body).fontFamily')).toContain('Embedded Sans');
    // Without builder options the builder keeps its way home and its flow name.
    await page.evaluate(`piecework.navigate({ route: '/flows/${flow.id}' })`);
    await frame.getByRole('button', { name: 'Versions' }).waitFor();
    expect(await frame.getByTestId('builder-home-button').count()).toBe(1);
    expect(await frame.getByRole('textbox', { name: 'Flow name' }).count()).toBe(1);
    expect(ui.console.errors).toEqual([]);
  });

  it('remove every way out of the builder and its flow name', async () => {
    const flow = await createWebhookFlow(embedded, 'Locked in');
    const frame = await embedOk({
      embedding: {
        initialRoute: `/flows/${flow.id}`,
        builder: { disableNavigation: true, hideFlowName: true },
      },
    });
    await frame.getByRole('button', { name: 'Versions' }).waitFor();
    expect(await frame.getByTestId('builder-home-button').count()).toBe(0);
    expect(await frame.getByRole('link').count()).toBe(0);
    expect(await frame.getByRole('textbox', { name: 'Flow name' }).count()).toBe(0);
    expect(await frame.getByText('Locked in').count()).toBe(0);
    expect(await seriousAxeViolations(frame)).toEqual([]);
  });

  it('keep only the home button, a back arrow whose click reaches the host handler', async () => {
    const flow = await createWebhookFlow(embedded, 'Home bound');
    const frame = await embedOk({
      reportHomeButton: true,
      embedding: {
        initialRoute: `/flows/${flow.id}`,
        builder: { disableNavigation: 'keep_home_button_only', homeButtonIcon: 'back' },
      },
    });
    const home = frame.getByRole('button', { name: 'Back to flows' });
    // The back arrow (an icon), not the logo.
    await home.locator('svg').waitFor();
    expect(await home.locator('img').count()).toBe(0);
    await home.click();
    await expect
      .poll(async () => (await record()).events.filter((event) => event.type === 'home'))
      .toEqual([{ type: 'home', data: `/flows/${flow.id}` }]);
    expect(await frame.getByRole('button', { name: 'Versions' }).count()).toBe(1);
  });
});

describe('connect()', () => {
  /** Starts `connect(request)` in the host page; `settled()` answers what it resolved or rejected with. */
  async function startConnect(request: Record<string, unknown>) {
    // `void`: evaluate would wait for a promise it is handed.
    await page.evaluate(`void (window.pendingConnect = host.connect(${JSON.stringify(request)}))`);
    return { settled: () => page.evaluate('window.pendingConnect') as Promise<Record<string, unknown>> };
  }
  // A locator, not a Frame: the frame is swapped when it leaves about:blank for Piecework's site.
  const overlay = () => page.frameLocator('iframe[src*="/embed/connections"]');

  it('opens the connection dialog over the host page and resolves with the connection; reconnects by name', async () => {
    await embedOk();
    for (const apiKey of ['first-key', 'second-key']) {
      const pending = await startConnect({ pieceName: '@fixtures/piece-menu', connectionName: 'crm_user-1' });
      const dialog = overlay().getByRole('dialog', { name: 'New Menu connection' });
      await dialog.getByLabel('API key').fill(apiKey);
      if (apiKey === 'first-key') {
        const frame = page.frames().find((each) => each.url().startsWith(`${ui.url}/embed/connections`));
        expect(await seriousAxeViolations(frame!)).toEqual([]);
      }
      await expect.poll(() => page.locator('iframe[src*="/embed/connections"]').isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const result = await pending.settled();
      expect(result).toEqual({ connection: { id: expect.any(String), name: 'crm_user-1' } });
      expect(await page.locator('iframe[src*="/embed/connections"]').count()).toBe(0);
    }
    const { data } = await embedded.client.appConnections.list({
      projectId: embedded.projectId,
      pieceName: '@fixtures/piece-menu',
    });
    expect(data.map((connection) => connection.externalId)).toEqual(['crm_user-1']);
    expect(ui.console.errors).toEqual([]);
  });

  it('resolves without a connection when the dialog is cancelled, and in a popup window', async () => {
    await embedOk();
    const cancelled = await startConnect({ pieceName: '@fixtures/piece-menu' });
    await overlay()
      .getByRole('dialog', { name: 'New Menu connection' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await expect(cancelled.settled()).resolves.toEqual({});

    const popupOpened = page.waitForEvent('popup');
    const inPopup = await startConnect({
      pieceName: '@fixtures/piece-menu',
      connectionName: 'popup-connection',
      newWindow: { width: 600, height: 600, top: 0, left: 0 },
    });
    const popup = await popupOpened;
    const dialog = popup.getByRole('dialog', { name: 'New Menu connection' });
    await dialog.getByLabel('API key').fill('popup-key');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(inPopup.settled()).resolves.toEqual({
      connection: { id: expect.any(String), name: 'popup-connection' },
    });
  });

  it.each([
    ['an unknown piece', { pieceName: '@fixtures/piece-nope' }, /piece/i],
    ['an invalid connection name', { pieceName: 'menu', connectionName: 'bad name' }, /name/i],
  ])('rejects %s', async (_, request, message) => {
    await embedOk();
    const pending = await startConnect(request);
    const result = await pending.settled();
    expect(result).toEqual({ failure: { error: expect.stringMatching(message) } });
    expect(await page.locator('iframe[src*="/embed/connections"]').count()).toBe(0);
  });
});

describe('the MCP dialogs', () => {
  /** Runs `call` (an SDK call's source) in the host page; `settled()` answers what it settled with. */
  async function start(call: string) {
    await page.evaluate(
      `void (window.pendingMcp = ${call}.then((value) => ({ value: value ?? null }), (failure) => ({ failure })))`,
    );
    return { settled: () => page.evaluate('window.pendingMcp') as Promise<Record<string, unknown>> };
  }

  it('authorizeMcp() shows the consent over the host page and resolves {redirectUrl} on Approve', async () => {
    await embedOk();
    const callbackUrl = 'http://127.0.0.1:33418/callback';
    const client = await registeredMcpClient(ui.server, {
      redirect_uris: [callbackUrl],
      client_name: 'Host assistant',
    });
    const { verifier, challenge } = pkcePair();
    const authRequestId = await startAuthorization(ui.server, client, challenge, { state: 'embed-state' });
    const pending = await start(`piecework.authorizeMcp(${JSON.stringify({ authRequestId })})`);
    const selector = 'iframe[src*="/embed/mcp-authorize"]';
    const dialog = page
      .frameLocator(selector)
      .getByRole('dialog', { name: 'Host assistant wants to use Piecework through MCP' });
    await dialog.getByRole('button', { name: 'Approve' }).waitFor();
    await expect.poll(() => page.locator(selector).isVisible()).toBe(true);
    const frame = page.frames().find((each) => each.url().startsWith(`${ui.url}/embed/mcp-authorize`));
    expect(await seriousAxeViolations(frame!)).toEqual([]);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    const { value } = await pending.settled();
    const redirectUrl = new URL((value as { redirectUrl: string }).redirectUrl);
    expect(`${redirectUrl.origin}${redirectUrl.pathname}`).toBe(callbackUrl);
    expect(redirectUrl.searchParams.get('state')).toBe('embed-state');
    expect(redirectUrl.searchParams.get('code')).toEqual(expect.any(String));
    // The frame did not navigate: the host page decides where the browser goes.
    expect(new URL(page.url()).origin).toBe(host.url);
    expect(await page.locator(selector).count()).toBe(0);
    // The code is the embedded user's approval for their project: the client gets its tokens.
    const exchanged = await oauthPost(ui.server, '/token', {
      grant_type: 'authorization_code',
      code: redirectUrl.searchParams.get('code') ?? '',
      redirect_uri: callbackUrl,
      code_verifier: verifier,
      ...clientParams(client),
    });
    expect(exchanged.status).toBe(200);
    const grants = await embedded.client.mcpOAuth.listGrants({ projectId: embedded.projectId });
    expect(grants.data.map((grant) => grant.clientName)).toContain('Host assistant');
    const { fromPiecework } = await record();
    expect(fromPiecework.map((message) => message.type)).toEqual(
      expect.arrayContaining(['CLIENT_SHOW_MCP_IFRAME', 'CLIENT_MCP_OAUTH_APPROVED']),
    );
    expect(ui.console.errors).toEqual([]);
  });

  it('authorizeMcp() resolves {denied: true} with the access_denied redirect on Deny', async () => {
    await embedOk();
    const callbackUrl = 'http://127.0.0.1:33418/callback';
    const client = await registeredMcpClient(ui.server, {
      redirect_uris: [callbackUrl],
      client_name: 'Refused',
    });
    const authRequestId = await startAuthorization(ui.server, client, pkcePair().challenge, { state: 'no' });
    const pending = await start(`piecework.authorizeMcp(${JSON.stringify({ authRequestId })})`);
    const selector = 'iframe[src*="/embed/mcp-authorize"]';
    await page
      .frameLocator(selector)
      .getByRole('dialog', { name: 'Refused wants to use Piecework through MCP' })
      .getByRole('button', { name: 'Deny' })
      .click();
    const { value } = await pending.settled();
    expect(value).toEqual({ denied: true, redirectUrl: expect.any(String) });
    const redirectUrl = new URL((value as { redirectUrl: string }).redirectUrl);
    expect(`${redirectUrl.origin}${redirectUrl.pathname}`).toBe(callbackUrl);
    expect(Object.fromEntries(redirectUrl.searchParams)).toMatchObject({
      error: 'access_denied',
      state: 'no',
    });
    expect(redirectUrl.searchParams.get('code')).toBeNull();
    expect(await page.locator(selector).count()).toBe(0);
    expect(ui.console.errors).toEqual([]);
  });

  it('mcpSettings() opens the MCP settings over the host page and resolves when they are closed', async () => {
    await embedOk();
    const server = await embedded.client.mcpServers.get({ projectId: embedded.projectId });
    const pending = await start('piecework.mcpSettings()');
    const selector = 'iframe[src*="/embed/mcp?"]';
    const dialog = page.frameLocator(selector).getByRole('dialog', { name: 'MCP' });
    await expect.poll(() => dialog.getByLabel('Server URL').inputValue()).toBe(server.serverUrl);
    await expect.poll(() => page.locator(selector).isVisible()).toBe(true);
    const frame = page.frames().find((each) => each.url().startsWith(`${ui.url}/embed/mcp?`));
    expect(await seriousAxeViolations(frame!)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(pending.settled()).resolves.toEqual({ value: null });
    expect(await page.locator(selector).count()).toBe(0);
    const { fromPiecework } = await record();
    expect(fromPiecework.map((message) => message.type)).toEqual(
      expect.arrayContaining(['CLIENT_SHOW_MCP_IFRAME', 'CLIENT_MCP_SETTINGS_DIALOG_CLOSED']),
    );
    expect(ui.console.errors).toEqual([]);
  });

  it('generateMcpToken() answers the project MCP server URL and token', async () => {
    await embedOk();
    const server = await embedded.client.mcpServers.get({ projectId: embedded.projectId });
    const pending = await start('piecework.generateMcpToken()');
    await expect(pending.settled()).resolves.toEqual({
      value: { mcpServerUrl: server.serverUrl, mcpToken: server.token },
    });
  });
});

describe('refused', () => {
  it('a host origin not on the allow list: the frame is blocked and configure() says why', async () => {
    ui.console.allow(/frame-ancestors|Refused to frame|did not answer/);
    const stranger = await startEmbedHost({ pieceworkUrl: ui.url, signingKey: key });
    try {
      const csp = (await fetch(`${ui.url}/embed`)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`frame-ancestors 'self' ${host.url}`);
      expect(csp).not.toContain(stranger.url);
      await embed({ embedding: { loadTimeoutMs: 1000 } }, stranger.url);
      const { events, fromPiecework } = await record();
      expect(fromPiecework).toEqual([]);
      expect(events).toEqual([
        {
          type: 'error',
          data: {
            status: 'error',
            error: { message: expect.stringContaining('allowed embed origins') },
          },
        },
      ]);
    } finally {
      await stranger.close();
    }
  });

  it.each([
    [
      'a tampered token',
      () => {
        const good = signExternalToken(key.privateKey, key.id, claims());
        const [header, , signature] = good.split('.');
        const payload = Buffer.from(JSON.stringify({ ...claims(), role: 'ADMIN' })).toString('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['an expired token', () => signExternalToken(key.privateKey, key.id, claims(-60))],
    [
      'an unsigned alg: none token',
      () => `${unsignedToken({ alg: 'none', typ: 'JWT', kid: key.id }, claims())}.`,
    ],
  ])('%s: an error for the host, no session, no user', async (_, token) => {
    ui.console.allow(/status of 401|Authentication failed/);
    const usersBefore = (await admin.client.users.list({ limit: 100 })).data.length;
    const frame = await embed({ jwtToken: token() });
    const { events, fromPiecework } = await record();
    expect(events).toEqual([
      {
        type: 'error',
        data: expect.objectContaining({
          status: 'error',
          error: expect.objectContaining({ code: 'INVALID_BEARER_TOKEN' }),
        }),
      },
    ]);
    expect(fromPiecework.map((message) => message.type)).toEqual([
      'CLIENT_INIT',
      'CLIENT_AUTHENTICATION_FAILED',
    ]);
    await frame!.getByRole('heading', { name: 'Cannot sign in' }).waitFor();
    expect(await frame!.getByRole('heading', { name: 'Flows' }).count()).toBe(0);
    expect((await admin.client.users.list({ limit: 100 })).data.length).toBe(usersBefore);
  });
});

/** Fresh claims for a new external user, expiring `expiresIn` seconds from now. */
function claims(expiresIn = 600): Record<string, unknown> {
  return {
    version: 'v3',
    externalUserId: `intruder-${String(Math.random()).slice(2)}`,
    externalProjectId: 'intruder-project',
    firstName: 'Eve',
    lastName: 'Intruder',
    exp: epochSeconds(expiresIn),
  };
}
