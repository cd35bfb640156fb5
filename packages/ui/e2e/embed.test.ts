/**
 * Embed mode in Chromium: a host page (same origin, served by the test) frames `/embed` and
 * speaks the SDK's side of the protocol. Checks the handshake, the session kept out of
 * `localStorage`, routes both ways, what each option removes from the DOM, the home-button event
 * and the connect frame. The JWT exchange (`POST /v1/managed-authn/external-token`) is answered by
 * a stand-in with a real session until the server implements it: token `good` signs in.
 */
import type { AuthenticationResponse } from '@piecework/shared';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { placeFixturePiece } from '../../server/src/testing/test-pieces';
import { signUpThroughApi, type SignedUpUser } from './support/api-session';
import { createWebhookFlow } from './support/flow-fixtures';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let page: Page;
let user: SignedUpUser;

beforeAll(async () => {
  ui = await startUi();
  page = ui.page;
  await placeFixturePiece(ui.server.server.context.settings.piecesDir, 'piece-menu', '1.0.0');
  user = await signUpThroughApi(ui.url);
  await ui.context.route(`${ui.url}/e2e-font.css`, (route) =>
    route.fulfill({ contentType: 'text/css', body: ':root { --e2e-font: 1; }' }),
  );
  await ui.context.route('**/api/v1/managed-authn/external-token', async (route) => {
    const body = route.request().postDataJSON() as { externalAccessToken?: string };
    if (body.externalAccessToken === 'good') {
      await route.fulfill({ json: user.session satisfies AuthenticationResponse });
    } else {
      await route.fulfill({
        status: 401,
        json: {
          code: 'INVALID_BEARER_TOKEN',
          params: { message: 'The token is not signed by this platform.' },
        },
      });
    }
  });
});
afterAll(() => ui?.close());
beforeEach(() => {
  ui.console.errors.length = 0;
});

/** Opens a host page framing `path` that answers CLIENT_INIT with VENDOR_INIT `{jwtToken: 'good', ...init}`. */
async function openHost(init: Record<string, unknown>, path = '/embed?currentDate=1'): Promise<Frame> {
  const html = `<!doctype html><html lang="en"><head><title>Host</title></head><body>
<iframe id="frame" title="Piecework" src="${path}" style="width:1200px;height:660px;border:0"></iframe>
<script>
window.received = [];
const frame = document.getElementById('frame');
window.addEventListener('message', (event) => {
  if (event.source !== frame.contentWindow || event.origin !== location.origin) return;
  window.received.push(event.data);
  if (event.data.type === 'CLIENT_INIT') {
    frame.contentWindow.postMessage({ type: 'VENDOR_INIT', data: ${JSON.stringify({ jwtToken: 'good', sdkVersion: '0.13.0', initialRoute: '/', ...init })} }, location.origin);
  }
});
window.navigateTo = (vendorRoute) =>
  frame.contentWindow.postMessage({ type: 'VENDOR_ROUTE_CHANGED', data: { vendorRoute } }, location.origin);
</script></body></html>`;
  const hostUrl = `${ui.url}/e2e-host-${String(Date.now())}.html`;
  await page.route(hostUrl, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.goto(hostUrl);
  const frame = page.frames().find((each) => each.url().startsWith(`${ui.url}/embed`));
  if (frame === undefined) throw new Error('no embed frame');
  return frame;
}

/** The messages the host received so far. */
function received(): Promise<{ type: string; data?: unknown }[]> {
  return page.evaluate('window.received') as Promise<{ type: string; data?: unknown }[]>;
}

/** Waits until the host received a message of `type` matching `data` (partially), and answers it. */
async function receivedMessage(type: string, data?: Record<string, unknown>) {
  await expect
    .poll(async () => (await received()).filter((message) => message.type === type), { timeout: 15_000 })
    .toContainEqual(
      data === undefined ? expect.objectContaining({ type }) : { type, data: expect.objectContaining(data) },
    );
}

describe('the handshake', () => {
  it('signs in with the host token, keeps the session out of localStorage, and opens the route', async () => {
    const frame = await openHost({ initialRoute: '/flows' });
    await frame.getByRole('heading', { name: 'Flows', level: 1 }).waitFor();
    await receivedMessage('CLIENT_ROUTE_CHANGED', { route: '/flows' });
    expect((await received()).map((message) => message.type)).toEqual([
      'CLIENT_INIT',
      'CLIENT_AUTHENTICATION_SUCCESS',
      'CLIENT_CONFIGURATION_FINISHED',
      'CLIENT_ROUTE_CHANGED',
    ]);
    expect(await frame.evaluate(`localStorage.getItem('piecework.session')`)).toBeNull();
    // Nothing hidden by default.
    for (const selector of [
      'aside[aria-label="Main"]',
      '[data-testid="page-header"]',
      '[data-testid="flows-page-navbar"]',
      'nav[aria-label="Folders"]',
    ]) {
      expect(await frame.locator(selector).count(), selector).toBe(1);
    }
    await page.evaluate(`window.navigateTo('/runs')`);
    await frame.getByRole('heading', { name: 'Runs', level: 1 }).waitFor();
    await receivedMessage('CLIENT_ROUTE_CHANGED', { route: '/runs' });
    expect(ui.console.errors).toEqual([]);
  });

  it('reports a refused token to the host and says so in the frame', async () => {
    ui.console.allow(/status of 401/);
    const frame = await openHost({ jwtToken: 'forged' });
    await frame.getByRole('heading', { name: 'Cannot sign in' }).waitFor();
    await receivedMessage('CLIENT_AUTHENTICATION_FAILED', {
      message: 'The token is not signed by this platform.',
      code: 'INVALID_BEARER_TOKEN',
    });
    expect((await received()).map((message) => message.type)).toEqual([
      'CLIENT_INIT',
      'CLIENT_AUTHENTICATION_FAILED',
    ]);
  });

  it('shows how to open it and posts nothing when opened on its own', async () => {
    await page.goto(`${ui.url}/embed`);
    await page.getByRole('heading', { name: 'Open this page through @piecework/embed' }).waitFor();
  });
});

describe('the options', () => {
  it('remove the side bar, the page header, the flows navbar, folders, import, export and duplicate', async () => {
    const flow = await createWebhookFlow(user, 'Embedded flow');
    const frame = await openHost({
      initialRoute: '/flows',
      hideSidebar: true,
      hidePageHeader: true,
      hideFlowsPageNavbar: true,
      hideFolders: true,
      hideExportAndImportFlow: true,
      hideDuplicateFlow: true,
      fontUrl: `${ui.url}/e2e-font.css`,
      fontFamily: 'Embedded Sans',
      locale: 'fr',
    });
    await frame.getByRole('button', { name: 'Actions of flow Embedded flow', exact: true }).click();
    const items = await frame.getByRole('menuitem').allTextContents();
    expect(items).toEqual(['Open', 'Rename', 'Delete']);
    await page.keyboard.press('Escape');
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
    expect(await frame.evaluate('getComputedStyle(document.body).fontFamily')).toContain('Embedded Sans');
    expect(await frame.locator('link[rel="stylesheet"][href$="/e2e-font.css"]').count()).toBe(1);

    await page.evaluate(`window.navigateTo('/flows/${flow.id}')`);
    await frame.getByRole('button', { name: 'Versions' }).waitFor();
    await receivedMessage('CLIENT_ROUTE_CHANGED', { route: `/flows/${flow.id}` });
    expect(await frame.getByTestId('builder-home-button').count()).toBe(1);
    expect(await frame.getByRole('textbox', { name: 'Flow name' }).count()).toBe(1);
  });

  it('remove the way out of the builder and its flow name', async () => {
    const flow = await createWebhookFlow(user, 'Locked in');
    const frame = await openHost({
      initialRoute: `/flows/${flow.id}`,
      disableNavigationInBuilder: true,
      hideFlowNameInBuilder: true,
    });
    await frame.getByRole('button', { name: 'Versions' }).waitFor();
    expect(await frame.getByTestId('builder-home-button').count()).toBe(0);
    expect(await frame.getByRole('link').count()).toBe(0);
    expect(await frame.getByRole('textbox', { name: 'Flow name' }).count()).toBe(0);
    expect(await frame.getByText('Locked in').count()).toBe(0);
  });

  it('keep only the home button, as a back arrow that reports its click', async () => {
    const flow = await createWebhookFlow(user, 'Home bound');
    const frame = await openHost({
      initialRoute: `/flows/${flow.id}`,
      disableNavigationInBuilder: 'keep_home_button_only',
      homeButtonIcon: 'back',
      emitHomeButtonClickedEvent: true,
    });
    const home = frame.getByRole('button', { name: 'Back to flows' });
    expect(await home.textContent()).toBe('←');
    await home.click();
    await receivedMessage('CLIENT_BUILDER_HOME_BUTTON_CLICKED', { route: `/flows/${flow.id}` });
    expect(await frame.getByRole('button', { name: 'Versions' }).count()).toBe(1);
  });
});

describe('the connect frame', () => {
  it.each([
    ['pieceName=nope&randomId=1', 'CLIENT_CONNECTION_PIECE_NOT_FOUND'],
    [
      'pieceName=%40fixtures%2Fpiece-menu&connectionName=bad%20name&randomId=1',
      'CLIENT_CONNECTION_NAME_IS_INVALID',
    ],
  ])('refuses %s with %s', async (query, type) => {
    const frame = await openHost({}, `/embed/connections?${query}`);
    await frame.getByRole('heading', { name: 'Cannot connect' }).waitFor();
    await receivedMessage(type, { error: expect.any(String) as unknown as string });
  });

  it('saves the connection under connectionName, replacing it on reconnect, and reports cancel', async () => {
    for (const key of ['first-key', 'second-key']) {
      const frame = await openHost(
        {},
        `/embed/connections?pieceName=%40fixtures%2Fpiece-menu&connectionName=crm_user-1&randomId=${key}`,
      );
      const dialog = frame.getByRole('dialog', { name: 'New Menu connection' });
      await dialog.getByLabel('API key').fill(key);
      await receivedMessage('CLIENT_SHOW_CONNECTION_IFRAME');
      expect(await dialog.getByLabel('External ID').inputValue()).toBe('crm_user-1');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await receivedMessage('CLIENT_NEW_CONNECTION_DIALOG_CLOSED', {
        connection: { id: expect.any(String) as unknown as string, name: 'crm_user-1' },
      });
    }
    const { data } = await user.client.appConnections.list({
      projectId: user.projectId,
      pieceName: '@fixtures/piece-menu',
    });
    expect(data.map((connection) => connection.externalId)).toEqual(['crm_user-1']);

    const frame = await openHost({}, '/embed/connections?pieceName=%40fixtures%2Fpiece-menu&randomId=3');
    await frame
      .getByRole('dialog', { name: 'New Menu connection' })
      .getByRole('button', { name: 'Cancel' })
      .click();
    await receivedMessage('CLIENT_NEW_CONNECTION_DIALOG_CLOSED');
    expect((await received()).at(-1)).toEqual({ type: 'CLIENT_NEW_CONNECTION_DIALOG_CLOSED', data: {} });
    expect(ui.console.errors).toEqual([]);
  });
});
