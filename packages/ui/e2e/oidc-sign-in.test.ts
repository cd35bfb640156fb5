/**
 * Sign-in with a platform's own OpenID Connect provider in Chromium: the admin sets the provider
 * up through the API, the sign-in settings page shows it (secret kept, redirect URL to copy) and
 * sets GitHub up through its form, and
 * a signed-out visitor clicks "Sign in with <display name>", goes through a stand-in provider on
 * loopback (oauth2-mock-server: discovery, PKCE, signed ID tokens) and comes back to the app's
 * `/redirect` signed in, as a new user of the platform with the provider's default role.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/src/testing/server-process';
import { startTestServer, type TestServer } from '../../server/src/testing/test-server';
import { openSignedIn, signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { launchChromium } from './support/chromium';
import { collectConsoleErrors } from './support/console-errors';
import { BUILT_WEB_APP } from './support/ui-harness';

const EMAIL = 'ada@corp.example';

let provider: OAuth2Server;
let server: TestServer;
let admin: SignedUpUser;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (token.payload['aud'] === undefined) return; // the access token, not the ID token
    // The stand-in takes the audience from a `client_id` form field; the server authenticates by basic auth.
    Object.assign(token.payload, {
      aud: 'piecework-oidc-client',
      email: EMAIL,
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
  });
  // A known port, so the redirect URL the provider sends the browser to is this server's app.
  const port = await freePort();
  server = await startTestServer(
    { AP_FRONTEND_URL: `http://127.0.0.1:${String(port)}/`, AP_SSRF_ALLOW_LIST: '127.0.0.1' },
    { webApp: BUILT_WEB_APP, port, oidcAllowHttpIssuers: true },
  );
  admin = await signUpThroughApi(server.url);
  await admin.client.platforms.update(admin.session.platformId ?? '', {
    federatedAuthProviders: {
      oidc: {
        issuer: provider.issuer.url!,
        clientId: 'piecework-oidc-client',
        clientSecret: 'oidc-secret',
        displayName: 'Corp SSO',
        defaultPlatformRole: 'OPERATOR',
      },
    },
  });
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await provider?.stop();
});

describe('OpenID Connect sign-in', () => {
  it('shows the provider on the sign-in settings page, its secret kept', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const console = collectConsoleErrors(page);
    try {
      await openSignedIn(page, server.url, admin, '/platform/sign-in');
      const form = page.getByRole('form', { name: 'OpenID Connect sign-in' });
      expect(await form.getByLabel('Issuer URL').inputValue()).toBe(provider.issuer.url!);
      expect(await form.getByLabel('Button name').inputValue()).toBe('Corp SSO');
      await form.getByText('Stored; leave empty to keep it.').waitFor();
      expect(await form.getByLabel('Redirect URL to register at your identity provider').inputValue()).toBe(
        `${server.url}/redirect`,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);

      // GitHub through its section: the secret is required at first, then kept.
      const github = page.getByRole('form', { name: 'GitHub sign-in' });
      await github.getByLabel('Client ID').fill('Iv1.piecework');
      await github.getByRole('button', { name: 'Save GitHub sign-in' }).click();
      await github.getByText('Enter the client secret').waitFor();
      await github.getByLabel('Client secret').fill('github-secret');
      await github.getByRole('button', { name: 'Save GitHub sign-in' }).click();
      await page.getByText('GitHub sign-in is saved').waitFor();
      await github.getByText('Stored; leave empty to keep it.').waitFor();
      const saved = await admin.client.platforms.get(admin.session.platformId ?? '');
      expect(saved.federatedAuthProviders.github).toEqual({ clientId: 'Iv1.piecework' });
      expect(console.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signs a new user in through the provider and lands in the app', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const console = collectConsoleErrors(page);
    try {
      await page.goto(`${server.url}/sign-in`);
      await page.getByRole('button', { name: 'Sign in with GitHub' }).waitFor();
      await page.getByRole('button', { name: 'Sign in with Corp SSO' }).click();
      await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
      await page.getByText(EMAIL).waitFor();
      const users = await server.server.context.store.db
        .selectFrom('user')
        .select(['platformId', 'platformRole'])
        .where('email', '=', EMAIL)
        .execute();
      expect(users).toEqual([{ platformId: admin.session.platformId, platformRole: 'OPERATOR' }]);
      expect(console.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
