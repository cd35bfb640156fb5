/**
 * A password hash made with weaker parameters (scrypt N=2^14, what earlier releases stored) is
 * replaced at the next successful sign-in with one at the current parameters; a failed sign-in
 * leaves it as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashCostForTests } from '../../infrastructure/auth/password-hash';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';

const password = 'correct horse battery';
const currentCost = 2 ** 12;

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer({ AP_API_RATE_LIMIT_AUTHN_ENABLED: 'false' });
  user = await signUpTestUser(server);
});
afterAll(() => server.close());

async function storedHash(): Promise<string> {
  const row = await server.server.context.store.db
    .selectFrom('user')
    .select('passwordHash')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  return row.passwordHash;
}

async function storeOldHash(): Promise<string> {
  setPasswordHashCostForTests(2 ** 14);
  const old = await hashPassword(password);
  setPasswordHashCostForTests(currentCost);
  await server.server.context.store.write((trx) =>
    trx.updateTable('user').set({ passwordHash: old }).where('id', '=', user.userId).execute(),
  );
  return old;
}

const signIn = (pass: string) =>
  callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
    body: { email: user.email, password: pass },
  });

describe('password re-hash on sign-in', () => {
  it('keeps an old hash after a wrong password', async () => {
    const old = await storeOldHash();
    expect((await signIn('wrong password')).status).toBe(401);
    expect(await storedHash()).toBe(old);
  });

  it('replaces an old hash after the right password, and the password still works', async () => {
    const old = await storeOldHash();
    expect((await signIn(password)).status).toBe(200);
    const renewed = await storedHash();
    expect(renewed).not.toBe(old);
    expect(renewed.split('$').slice(0, 4)).toEqual(['scrypt', String(currentCost), '8', '1']);
    expect((await signIn(password)).status).toBe(200);
    expect(await storedHash()).toBe(renewed);
  });
});
