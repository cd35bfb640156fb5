/**
 * Two-factor authentication in Chromium: a user signs in, sets up an authenticator app on the
 * Account page (the test reads the key shown as text and computes the code with otpauth), sees the
 * recovery codes, signs out, and signs in again with the password and a code; then once more with
 * a recovery code instead; and a user of a platform that requires two-factor sets it up inside the
 * sign-in card. The server's clock is the test's, moved a TOTP step between codes so
 * no code is a reused one.
 */
import { createPieceworkClient } from '@piecework/client';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { startUi, type UiHarness } from './support/ui-harness';

const PASSWORD = 'a long password 1';
const email = `two-factor.${String(Date.now())}@example.com`;
let clockMs = Date.now();
let ui: UiHarness;
let secret = '';
let recoveryCodes: string[] = [];

/** The code of the secret at the server's clock, one step after the last one used. */
function nextCode(): string {
  clockMs += 30_000;
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return app.generate({ timestamp: clockMs });
}

beforeAll(async () => {
  ui = await startUi({ wallClockMicros: () => clockMs * 1000 });
  const client = createPieceworkClient({ baseUrl: ui.url });
  await client.authentication.signUp({ email, password: PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });
  // Sign-ins that need a code answer 401 TWO_FACTOR_REQUIRED: the browser logs the status.
  ui.console.allow(/status of 401 .*\/api\/v1\/authentication\/sign-in\)/);
});
afterAll(() => ui?.close());

async function signInWithPassword(as = email): Promise<void> {
  const { page } = ui;
  await page.goto(`${ui.url}/sign-in`);
  await page.getByLabel('Email').fill(as);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

async function signOut(): Promise<void> {
  const { page } = ui;
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/sign-in/);
}

describe('two-factor authentication', () => {
  it('is set up on the Account page, showing the QR code, the key and the recovery codes', async () => {
    const { page } = ui;
    await signInWithPassword();
    await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await page.waitForURL(`${ui.url}/account`);
    await page.getByText('Off.').waitFor();
    await page.getByRole('button', { name: 'Set up' }).click();
    await page.getByAltText('QR code to add Piecework to your authenticator app').waitFor();
    await page.getByText("Can't scan? Enter this key").waitFor();
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Code from your app').fill(nextCode());
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    recoveryCodes = await list.getByRole('listitem').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: 'Download codes' }).waitFor();
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByText('10 recovery codes left').waitFor();
    expect(ui.console.errors).toEqual([]);
  });

  it('asks for a code after the password, and signs in with it', async () => {
    const { page } = ui;
    await signOut();
    await signInWithPassword();
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await code.fill(nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
    expect(ui.console.errors).toEqual([]);
  });

  it('signs in with a recovery code instead', async () => {
    const { page } = ui;
    await signOut();
    await signInWithPassword();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
    expect(ui.console.errors).toEqual([]);
  });

  it('has a user of a platform that requires it set it up while signing in', async () => {
    const { page } = ui;
    await signOut();
    const required = `required.${String(Date.now())}@example.com`;
    const client = createPieceworkClient({ baseUrl: ui.url });
    const admin = await client.authentication.signUp({
      email: required,
      password: PASSWORD,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    if (admin.platformId === null || admin.platformId === undefined) throw new Error('no platform');
    await client.withToken(admin.token).platforms.update(admin.platformId, { twoFactorRequired: true });
    await signInWithPassword(required);
    await page.getByRole('heading', { name: 'Set up two-factor authentication' }).waitFor();
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    await page.getByAltText('QR code to add Piecework to your authenticator app').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByLabel('Code from your app').fill(nextCode());
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/projects\/[0-9a-zA-Z]{21}\/flows$/);
    expect(ui.console.errors).toEqual([]);
  });
});
