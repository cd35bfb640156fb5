/**
 * Sessions in Chromium: one user signed in from two browsers (two contexts). From the first, the
 * Account page lists both, marks its own "This device", and signs the other out; the other
 * browser's next navigation lands on the sign-in page. Signing out of the remaining others and
 * the account menu's sign-out end their sessions on the server too, and a platform admin ends a
 * member's sessions from the users page.
 */
import { createPieceworkClient } from '@piecework/client';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpThroughApi, type SignedUpUser } from './support/api-session';
import { seriousAxeViolations } from './support/axe';
import { collectConsoleErrors, type ConsoleErrors } from './support/console-errors';
import { startUi, type UiHarness } from './support/ui-harness';

let ui: UiHarness;
let user: SignedUpUser;
let other: { context: BrowserContext; page: Page; console: ConsoleErrors };

/** Signs `user` in through the sign-in form of `page`. */
async function signInThroughForm(page: Page): Promise<void> {
  await page.goto(`${ui.url}/sign-in`);
  await page.getByLabel('Email').fill(user.session.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
}

beforeAll(async () => {
  ui = await startUi();
  user = await signUpThroughApi(ui.url);
  const context = await ui.browser.newContext({ viewport: { width: 1280, height: 720 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  other = { context, page, console: collectConsoleErrors(page) };
  await signInThroughForm(ui.page);
  await signInThroughForm(other.page);
}, 60_000);
afterAll(async () => {
  await other?.context.close();
  await ui?.close();
});

describe('the Account page’s sessions', () => {
  it('lists the user’s sessions and signs another browser out of its session', async () => {
    const { page } = ui;
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL(`${ui.url}/account`);
    const sessions = page.getByRole('region', { name: 'Sessions' });
    const rows = sessions.getByRole('row').filter({ hasText: '127.0.0.1' });
    // The sign-up through the API, then the two browsers.
    await expect.poll(() => rows.count()).toBe(3);
    const mine = rows.filter({ hasText: 'This device' });
    expect(await mine.count()).toBe(1);
    expect(await mine.textContent()).toContain('Chrome on Linux');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const otherBrowser = rows.filter({ hasText: 'Chrome' }).filter({ hasNotText: 'This device' });
    await otherBrowser.getByRole('button', { name: /^Sign out of Chrome/ }).click();
    await page.getByText('Signed out of Chrome on Linux').waitFor();
    await expect.poll(() => rows.count()).toBe(2);

    other.console.allow(/status of 401/);
    await other.page.goto(`${ui.url}/flows`);
    await other.page.waitForURL(/\/sign-in/);
    expect(other.console.errors).toEqual([]);
    expect(ui.console.errors).toEqual([]);
  });

  it('signs out of every other session, keeping this one', async () => {
    const { page } = ui;
    const sessions = page.getByRole('region', { name: 'Sessions' });
    await sessions.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await page.getByText('Signed out of 1 other session').waitFor();
    const rows = sessions.getByRole('row').filter({ hasText: '127.0.0.1' });
    await expect.poll(() => rows.count()).toBe(1);
    await expect(user.client.projects.list()).rejects.toMatchObject({ status: 401 });
    expect(ui.console.errors).toEqual([]);
  });

  it('ends the session on the server when signing out from the account menu', async () => {
    const { page } = ui;
    const token = await page.evaluate<string>(`JSON.parse(localStorage.getItem('piecework.session')).token`);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/sign-in/);
    await expect
      .poll(
        async () =>
          (await user.client
            .withToken(token)
            .projects.list()
            .catch((error: unknown) => error)) as object,
      )
      .toMatchObject({ status: 401 });
    expect(ui.console.errors).toEqual([]);
  });

  it('lets a platform admin end a user’s sessions from the users page', async () => {
    const anonymous = createPieceworkClient({ baseUrl: ui.url });
    const email = `max.${String(Date.now())}@example.com`;
    // The sign-up's session was ended above: the admin signs in again.
    const admin = anonymous.withToken(
      (await anonymous.authentication.signIn({ email: user.session.email, password: user.password })).token,
    );
    const invitation = await admin.userInvitations.create({
      type: 'PLATFORM',
      email,
      platformRole: 'MEMBER',
    });
    const invitationToken = new URL(invitation.link ?? '').searchParams.get('token') ?? '';
    await anonymous.userInvitations.accept({ invitationToken });
    const member = await anonymous.authentication.signUp({
      email,
      password: user.password,
      firstName: 'Max',
      lastName: 'Planck',
    });
    const asMember = anonymous.withToken(member.token);
    await asMember.projects.list();

    const { page } = ui;
    await signInThroughForm(page);
    await page.goto(`${ui.url}/platform/users`);
    await page.getByRole('button', { name: 'Actions of user Max Planck' }).click();
    await page.getByRole('menuitem', { name: 'End sessions' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'End the user’s sessions?' });
    await dialog.getByRole('button', { name: 'End sessions' }).click();
    await page.getByText('Max Planck is signed out of 1 session').waitFor();
    await expect(asMember.projects.list()).rejects.toMatchObject({ status: 401 });
    expect(ui.console.errors).toEqual([]);
  });
});
