/**
 * Answers that do not tell by their time whether an email is known: every sign-in runs exactly one
 * scrypt derivation, with the same parameters, whether the email is unknown, the password wrong
 * or right, or the stored hash unusable; every sign-up runs one too, whether the email is new or
 * taken. Counted with the password module's real derivation counter, not with a clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hashPassword,
  passwordDerivations,
  unusablePasswordHash,
} from '../../infrastructure/auth/password-hash';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

const password = 'correct horse battery';

let server: TestServer;
let known: TestUser;
let added: TestUser;
beforeAll(async () => {
  server = await startTestServer({ AP_API_RATE_LIMIT_AUTHN_ENABLED: 'false' });
  known = await signUpTestUser(server);
  // Added through the data layer with a stored hash that is no scrypt hash at all.
  added = await addTestUser(server, known.platformId, 'MEMBER');
});
afterAll(() => server.close());

/** The status of `call` and the scrypt derivations it ran. */
async function derivationsOf(call: () => Promise<{ status: number }>): Promise<[number, number]> {
  const before = passwordDerivations();
  const { status } = await call();
  return [status, passwordDerivations() - before];
}

function signIn(email: string, pass: string) {
  return callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', { body: { email, password: pass } });
}

function signUp(email: string) {
  return callApi(server.apiUrl, 'POST', '/v1/authentication/sign-up', {
    body: { email, password, firstName: 'Timing', lastName: 'Test' },
  });
}

describe('sign-in', () => {
  it.each([
    ['an unknown email', () => 'nobody-here@example.com', 'any password', 401],
    ['a known email with a wrong password', () => known.email, 'wrong password', 401],
    ['a known email with the right password', () => known.email, password, 200],
    ['a user whose stored hash is unusable', () => added.email, password, 401],
  ])('%s: one derivation', async (_, email, pass, status) => {
    expect(await derivationsOf(() => signIn(email(), pass))).toEqual([status, 1]);
  });

  it('checks unknown emails with the parameters real hashes have', async () => {
    const parameters = (hash: string) => hash.split('$').slice(0, 4);
    expect(parameters(unusablePasswordHash())).toEqual(parameters(await hashPassword('x'.repeat(12))));
    const [, , , , salt, key] = unusablePasswordHash().split('$');
    const [, , , , realSalt, realKey] = (await hashPassword('y'.repeat(12))).split('$');
    expect([salt?.length, key?.length]).toEqual([realSalt?.length, realKey?.length]);
  });
});

describe('sign-up', () => {
  it('runs one derivation for a new email and one for a taken one', async () => {
    expect(await derivationsOf(() => signUp('brand-new@example.com'))).toEqual([200, 1]);
    expect(await derivationsOf(() => signUp(known.email.toUpperCase()))).toEqual([409, 1]);
  });
});
