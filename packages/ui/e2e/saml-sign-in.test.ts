/**
 * SAML single sign-on in Chromium: a platform admin sets the identity provider up on
 * `/platform/sign-in` (its metadata fetched from its URL by the server), then a signed-out visitor
 * clicks "Sign in with SSO", the stand-in identity provider on loopback auto-posts its signed
 * response to the server's ACS (the HTTP-POST binding, as a real provider's page does), and the
 * visitor lands on the page they asked for, signed in as a new user of the platform.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSamlIdentityProvider } from '../../server/src/testing/saml-identity-provider';
import { freePort } from '../../server/src/testing/server-process';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { collectConsoleErrors } from './support/console-errors';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let idp: TestSamlIdentityProvider;
let admin: SignedUpUser;

beforeAll(async () => {
  idp = await TestSamlIdentityProvider.start();
  // A known port, so the ACS URL the server gives the identity provider is this server's own.
  const port = await freePort();
  ui = await startUi({
    port,
    env: { AP_FRONTEND_URL: `http://127.0.0.1:${String(port)}/`, AP_SSRF_ALLOW_LIST: '127.0.0.1' },
  });
  admin = await signUpThroughApi(ui.url);
});
afterAll(async () => {
  await ui?.close();
  await idp?.close();
});

describe('SAML single sign-on', () => {
  it('is set up by the admin on the sign-in settings page', async () => {
    const { page } = ui;
    await openSignedIn(page, ui.url, admin, '/platform/sign-in');
    await page.getByRole('heading', { name: 'SAML single sign-on' }).waitFor();
    await expect
      .poll(() => page.getByLabel('ACS URL (reply URL)').inputValue())
      .toBe(`${ui.url}/api/v1/authn/saml/acs?platformId=${admin.session.platformId}`);
    await page.getByLabel('Identity provider metadata URL').fill(`${idp.url}/metadata`);
    await page.getByRole('button', { name: 'Fetch from URL' }).click();
    await expect
      .poll(() => page.getByLabel('Identity provider metadata (XML)').inputValue())
      .toBe(idp.metadata());
    expect(await page.getByLabel('Signing certificate (PEM)').inputValue()).toContain('BEGIN CERTIFICATE');
    await page.getByRole('button', { name: 'Save SAML' }).click();
    await page.getByText('SAML single sign-on is saved').waitFor();
    await page.getByRole('button', { name: 'Remove SAML' }).waitFor();
    const platform = await admin.client.platforms.get(admin.session.platformId ?? '');
    expect(platform.federatedAuthProviders.saml).toMatchObject({ defaultPlatformRole: 'MEMBER' });
    expect(ui.console.errors).toEqual([]);
  });

  it('signs a visitor in through the identity provider and back to the page asked for', async () => {
    idp.user = { email: 'sso.visitor@example.com', firstName: 'Sam', lastName: 'Ell' };
    const context = await ui.browser.newContext({ viewport: { width: 1280, height: 720 } });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      const console = collectConsoleErrors(page);
      await page.goto(`${ui.url}/sign-in?from=${encodeURIComponent('/runs')}`);
      await page.getByRole('button', { name: 'Sign in with SSO' }).click();
      await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/runs$/);
      await page.getByText('sso.visitor@example.com').waitFor();
      expect(idp.requests).toHaveLength(1);
      const session = await page.evaluate<string | null>("localStorage.getItem('piecework.session')");
      expect(JSON.parse(session ?? '{}')).toMatchObject({
        email: 'sso.visitor@example.com',
        platformId: admin.session.platformId,
        platformRole: 'MEMBER',
      });
      expect(console.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows why a refused sign-in was refused on the sign-in page', async () => {
    const context = await ui.browser.newContext();
    try {
      const page = await context.newPage();
      const reason = 'This SAML assertion was used already';
      await page.goto(`${ui.url}/sign-in?error=${encodeURIComponent(reason)}`);
      await page.getByRole('alert').getByText(reason).waitFor();
    } finally {
      await context.close();
    }
  });
});
