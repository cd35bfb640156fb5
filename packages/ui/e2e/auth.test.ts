/**
 * The signed-out pages in Chromium: sign up, sign out, sign in (a wrong password, then back to the
 * page asked for) on a server without email; and on a server that sends email through a test SMTP
 * server, every emailed link opened in the browser: confirming a sign-up, resetting a password,
 * accepting an invitation. Google sign-in goes through a stand-in provider on loopback and comes
 * back to the app's `/redirect`.
 */
import { createPieceworkClient } from '@piecework/client';
import { OAuth2Server } from 'oauth2-mock-server';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../server/src/testing/server-process';
import {
  signUpVerifiedTestUser,
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../server/src/testing/test-smtp-server';
import { startTestServer, type TestServer } from '../../server/src/testing/test-server';
import type { TestUser } from '../../server/src/testing/test-users';
import { seriousAxeViolations } from './support/axe';
import { collectConsoleErrors, type ConsoleErrors } from './support/console-errors';
import { saveScreenshot } from './support/screenshots';
import { BUILT_WEB_APP, startUi, type UiHarness } from './support/ui-harness';

const PASSWORD = 'a long password 1';

/** A server that sends email (and offers Google sign-in), opened in a second browser context. */
interface MailingApp {
  readonly server: TestServer;
  readonly smtp: TestSmtpServer;
  readonly google: OAuth2Server;
  /** The server's first user, its platform's admin. */
  readonly admin: TestUser;
  /** The admin's project. */
  readonly projectId: string;
}

/** A signed-out browser tab of its own (a fresh context) and its console errors. */
interface Tab {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly console: ConsoleErrors;
}

let ui: UiHarness;
let mailing: MailingApp;
let counter = 0;

/** A fresh address for a test. */
function newEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${String(counter)}.${String(Date.now())}@example.com`;
}

/** The first link to `path` in the email, as sent (the server's public URL is the server's own). */
function linkIn(body: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+/${path}\\?[^\\s"<>]+`).exec(body);
  if (match === null) throw new Error(`no ${path} link in ${body}`);
  return match[0].replaceAll('&amp;', '&');
}

/** Starts a server that emails through a test SMTP server and signs in with a stand-in Google. */
async function startMailingApp(): Promise<MailingApp> {
  const smtp = await startTestSmtpServer();
  const google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  google.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (token.payload['aud'] === undefined) return; // the access token, not the ID token
    Object.assign(token.payload, {
      email: 'grace@example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    });
  });
  const issuer = google.issuer.url!;
  // A known port, so the emailed links (AP_FRONTEND_URL) open this server's app as they are.
  const port = await freePort();
  const server = await startTestServer(
    {
      ...smtp.env(),
      AP_FRONTEND_URL: `http://127.0.0.1:${String(port)}/`,
      AP_GOOGLE_CLIENT_ID: 'piecework-google-client',
      AP_GOOGLE_CLIENT_SECRET: 'google-secret',
      AP_SSRF_ALLOW_LIST: '127.0.0.1',
    },
    {
      webApp: BUILT_WEB_APP,
      port,
      googleEndpoints: {
        authorizationUrl: `${issuer}/authorize`,
        tokenUrl: `${issuer}/token`,
        jwksUrl: `${issuer}/jwks`,
        issuers: [issuer],
      },
    },
  );
  const admin = await signUpVerifiedTestUser(server, smtp);
  if (admin.projectId === null) throw new Error('sign-in answered no project');
  return { server, smtp, google, admin, projectId: admin.projectId };
}

/** A new signed-out tab in the harness's browser. */
async function newTab(): Promise<Tab> {
  const context = await ui.browser.newContext({ viewport: { width: 1280, height: 720 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page, console: collectConsoleErrors(page) };
}

beforeAll(async () => {
  ui = await startUi();
  mailing = await startMailingApp();
});
afterAll(async () => {
  await mailing?.server.close();
  await mailing?.smtp.close();
  await mailing?.google.stop();
  await ui?.close();
});

describe('on a server without email', () => {
  const email = newEmail('ada');

  it('signs up through the form, checking the fields first, and lands in the app signed in', async () => {
    const { page } = ui;
    await page.goto(`${ui.url}/sign-up`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Enter your first name').waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password').fill('short');
    await page.getByText('Use at least 8 characters').waitFor();
    await page.getByText('Enter an email address such as').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
    await page.getByText(email).waitFor();
    expect(ui.console.errors).toEqual([]);
  });

  it('signs out from the account menu', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.goto(`${ui.url}/flows`);
    await page.waitForURL(/\/sign-in\?from=%2Fflows$/);
    expect(ui.console.errors).toEqual([]);
  });

  it('fits the sign-up form in a 400 px wide window', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 400, height: 720 });
    try {
      await page.goto(`${ui.url}/sign-up`);
      await page.getByLabel('First name').waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(400);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it('shows the server message on a wrong password and stays on the sign-in page', async () => {
    const { page } = ui;
    ui.console.allow(/status of 401 .*\/api\/v1\/authentication\/sign-in\)/);
    await page.goto(`${ui.url}/sign-in`);
    await saveScreenshot(page, 'sign-in');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'The email or the password is wrong' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    expect(ui.console.errors).toEqual([]);
  });

  it('signs in and goes back to the page asked for', async () => {
    const { page } = ui;
    const client = createPieceworkClient({ baseUrl: ui.url });
    const { projectId } = await client.authentication.signIn({ email, password: PASSWORD });
    await page.goto(`${ui.url}/projects/${String(projectId)}/runs`);
    await page.waitForURL(/\/sign-in\?from=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${ui.url}/projects/${String(projectId)}/runs`);
    expect(ui.console.errors).toEqual([]);
  });
});

describe('on a server that sends email', () => {
  let tab: Tab;
  beforeEach(async () => {
    tab = await newTab();
  });
  afterEach(() => tab.context.close());

  it('asks to confirm a new address, and the emailed link confirms it', async () => {
    const { smtp, server } = mailing;
    const { page } = tab;
    tab.console.allow(/status of 403 .*\/api\/v1\/authentication\/sign-up\)/);
    const email = newEmail('lin');
    await page.goto(`${server.url}/sign-up`);
    await page.getByLabel('First name').fill('Lin');
    await page.getByLabel('Last name').fill('Clark');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    const mail = await smtp.waitFor((m) => m.to.includes(email) && m.subject === 'Verify your email address');
    await page.goto(linkIn(mail.body, 'verify-email'));
    await page.getByRole('heading', { name: 'Email confirmed' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
    expect(tab.console.errors).toEqual([]);
  });

  // Seen timing out once under the full suite's load: retried.
  it('resets a forgotten password through the emailed link', { retry: 2 }, async () => {
    const { smtp, server } = mailing;
    const { page } = tab;
    const user = await signUpVerifiedTestUser(server, smtp);
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(user.email);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'Reset your password');
    await page.goto(linkIn(mail.body, 'reset-password'));
    await page.getByLabel(/^New password/).fill('a brand new password');
    await page.getByLabel('Confirm the new password').fill('a different one');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('The two passwords differ').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Confirm the new password').fill('a brand new password');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('a brand new password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
    expect(tab.console.errors).toEqual([]);
  });

  it('accepts an invitation from the mailed link: the invitee signs up into the project', async () => {
    const { smtp, server, admin, projectId } = mailing;
    const { page } = tab;
    const email = newEmail('grace');
    const adminClient = createPieceworkClient({ baseUrl: server.url, token: admin.token });
    await adminClient.userInvitations.create({
      type: 'PROJECT',
      email,
      projectId,
      projectRole: 'Editor',
    });
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    await page.goto(linkIn(mail.body, 'invitation'));
    await page.getByText(email).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Accept the invitation' }).click();
    await page.waitForURL(/\/sign-up\?/);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(email);
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/projects/${projectId}/flows`);
    const members = await adminClient.projectMembers.list({ projectId });
    expect(members.data.map((member) => [member.user.email, member.projectRole.name])).toEqual([
      [email, 'Editor'],
    ]);
    expect(tab.console.errors).toEqual([]);
  });

  it('signs in with Google through the provider and back to the page asked for', async () => {
    const { server, projectId } = mailing;
    const { page } = tab;
    await page.goto(`${server.url}/sign-in?from=${encodeURIComponent('/runs')}`);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/runs$/);
    await page.getByText('grace@example.com').waitFor();
    expect(page.url()).not.toContain(projectId);
    expect(tab.console.errors).toEqual([]);
  });
});
