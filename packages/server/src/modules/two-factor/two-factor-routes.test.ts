/**
 * Two-factor authentication over HTTP against a real server whose clock the test moves: enrolment,
 * the sign-in's second step with a TOTP code, a recovery code and a remembered device, the
 * platform's requirement (enrolment during sign-in; turning it off refused), wrong input, and the
 * sign-in rate limit counting wrong codes.
 */
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type ApiAnswer } from '../../testing/call-api';
import { postFrom } from '../../testing/call-from';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';

const password = 'correct horse battery';
let clockMs = Date.now();
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { AP_API_RATE_LIMIT_AUTHN_MAX: '1000' },
    { wallClockMicros: () => clockMs * 1000 },
  );
});
afterAll(() => server.close());

/** Moves the server's clock to the next TOTP step, so a new code is not a reused one. */
function nextStep(): void {
  clockMs += 30_000;
}

function codeOf(secret: string): string {
  const app = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return app.generate({ timestamp: clockMs });
}

type Body = Record<string, unknown> & { params?: Record<string, unknown>; code?: string };

function post(path: string, body: unknown, token?: string): Promise<ApiAnswer<Body>> {
  return callApi<Body>(server.apiUrl, 'POST', path, { body, ...(token === undefined ? {} : { token }) });
}

function signIn(user: { email: string }, extra: Record<string, unknown> = {}) {
  return post('/v1/authentication/sign-in', { email: user.email, password, ...extra });
}

async function challengeOf(user: { email: string }): Promise<string> {
  const answer = await signIn(user);
  expect(answer).toMatchObject({ status: 401, body: { code: 'TWO_FACTOR_REQUIRED' } });
  return answer.body.params?.['challenge'] as string;
}

/** Signs up a user and turns two-factor on; answers the secret and recovery codes. */
async function enrolledUser(): Promise<{ user: TestUser; secret: string; recoveryCodes: string[] }> {
  const user = await signUpTestUser(server);
  const enrolment = await post('/v1/users/me/two-factor/enrolment', undefined, user.token);
  expect(enrolment.status).toBe(200);
  const secret = enrolment.body['secret'] as string;
  nextStep();
  const enabled = await post('/v1/users/me/two-factor/enable', { code: codeOf(secret) }, user.token);
  expect(enabled.status).toBe(200);
  return { user, secret, recoveryCodes: enabled.body['recoveryCodes'] as string[] };
}

describe('enrolment', () => {
  it('sets up an authenticator app and answers 10 recovery codes', async () => {
    const user = await signUpTestUser(server);
    const before = await callApi(server.apiUrl, 'GET', '/v1/users/me/two-factor', { token: user.token });
    expect(before.body).toEqual({ enabled: false, recoveryCodesLeft: 0, rememberedDevices: 0 });
    const enrolment = await post('/v1/users/me/two-factor/enrolment', undefined, user.token);
    expect(enrolment.body).toMatchObject({ secret: expect.stringMatching(/^[A-Z2-7]+$/) });
    const url = new URL(enrolment.body['otpauthUrl'] as string);
    expect(url.searchParams.get('secret')).toBe(enrolment.body['secret']);
    expect(decodeURIComponent(url.pathname)).toContain(user.email.toLowerCase());

    const wrong = await post('/v1/users/me/two-factor/enable', { code: '000000' }, user.token);
    expect(wrong).toMatchObject({ status: 409, body: { code: 'VALIDATION' } });
    nextStep();
    const enabled = await post(
      '/v1/users/me/two-factor/enable',
      { code: codeOf(enrolment.body['secret'] as string) },
      user.token,
    );
    expect(enabled.status).toBe(200);
    expect(enabled.body['recoveryCodes']).toHaveLength(10);
    const after = await callApi(server.apiUrl, 'GET', '/v1/users/me/two-factor', { token: user.token });
    expect(after.body).toEqual({ enabled: true, recoveryCodesLeft: 10, rememberedDevices: 0 });
    const again = await post('/v1/users/me/two-factor/enrolment', undefined, user.token);
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  });

  it('regenerates recovery codes, voiding the old ones', async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    nextStep();
    const fresh = await post('/v1/users/me/two-factor/recovery-codes', { code: codeOf(secret) }, user.token);
    expect(fresh.body['recoveryCodes']).toHaveLength(10);
    const old = await post('/v1/authn/local/two-factor', {
      challenge: await challengeOf(user),
      recoveryCode: recoveryCodes[0],
    });
    expect(old).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
  });
});

describe('signing in', () => {
  it('asks for the second factor, then signs in with the right code once', async () => {
    const { user, secret } = await enrolledUser();
    const first = await signIn(user);
    expect(first).toMatchObject({
      status: 401,
      body: {
        code: 'TWO_FACTOR_REQUIRED',
        params: { challenge: expect.any(String), enrolmentRequired: false },
      },
    });
    expect(first.body['token']).toBeUndefined();
    const challenge = first.body.params?.['challenge'] as string;

    const wrong = await post('/v1/authn/local/two-factor', { challenge, code: '000000' });
    expect(wrong).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });

    nextStep();
    const code = codeOf(secret);
    const signedIn = await post('/v1/authn/local/two-factor', { challenge, code });
    expect(signedIn).toMatchObject({
      status: 200,
      body: { email: user.email.toLowerCase(), token: expect.any(String) },
    });
    const status = await callApi(server.apiUrl, 'GET', '/v1/users/me/two-factor', {
      token: signedIn.body['token'] as string,
    });
    expect(status).toMatchObject({ status: 200, body: { enabled: true } });

    const reused = await post('/v1/authn/local/two-factor', { challenge: await challengeOf(user), code });
    expect(reused).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
  });

  it('signs in with a recovery code once, not twice', async () => {
    const { user, recoveryCodes } = await enrolledUser();
    const recoveryCode = recoveryCodes[3]!.toUpperCase();
    const once = await post('/v1/authn/local/two-factor', {
      challenge: await challengeOf(user),
      recoveryCode,
    });
    expect(once).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    const twice = await post('/v1/authn/local/two-factor', {
      challenge: await challengeOf(user),
      recoveryCode,
    });
    expect(twice).toMatchObject({ status: 401, body: { code: 'INVALID_CREDENTIALS' } });
    const status = await callApi(server.apiUrl, 'GET', '/v1/users/me/two-factor', { token: user.token });
    expect(status.body).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it("skips the second step on a remembered device, not with another user's or an expired token", async () => {
    const { user, secret } = await enrolledUser();
    const other = await enrolledUser();
    nextStep();
    const remembered = await post('/v1/authn/local/two-factor', {
      challenge: await challengeOf(user),
      code: codeOf(secret),
      rememberDevice: true,
    });
    const deviceToken = remembered.body['rememberedDeviceToken'];
    expect(deviceToken).toEqual(expect.any(String));

    const skipped = await signIn(user, { rememberedDeviceToken: deviceToken });
    expect(skipped).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    const status = await callApi(server.apiUrl, 'GET', '/v1/users/me/two-factor', { token: user.token });
    expect(status.body).toMatchObject({ rememberedDevices: 1 });
    expect(await signIn(other.user, { rememberedDeviceToken: deviceToken })).toMatchObject({
      status: 401,
      body: { code: 'TWO_FACTOR_REQUIRED' },
    });
    expect(await signIn(user, { rememberedDeviceToken: 'made-up' })).toMatchObject({
      body: { code: 'TWO_FACTOR_REQUIRED' },
    });

    clockMs += 31 * 24 * 60 * 60 * 1000;
    expect(await signIn(user, { rememberedDeviceToken: deviceToken })).toMatchObject({
      status: 401,
      body: { code: 'TWO_FACTOR_REQUIRED' },
    });
  });

  it('refuses an expired or altered challenge', async () => {
    const { user, secret } = await enrolledUser();
    const challenge = await challengeOf(user);
    const altered = await post('/v1/authn/local/two-factor', {
      challenge: `${challenge}x`,
      code: codeOf(secret),
    });
    expect(altered).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION' } });
    clockMs += 6 * 60 * 1000;
    const late = await post('/v1/authn/local/two-factor', { challenge, code: codeOf(secret) });
    expect(late).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION' } });
  });

  it('answers {code, params} for malformed bodies', async () => {
    const { user } = await enrolledUser();
    const challenge = await challengeOf(user);
    for (const body of [
      { challenge },
      { challenge, code: '12ab56' },
      { challenge, code: '123456', recoveryCode: 'abcde-fghij' },
      { code: '123456' },
    ]) {
      const answer = await post('/v1/authn/local/two-factor', body);
      expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION', params: expect.any(Object) } });
    }
    const badEnable = await post('/v1/users/me/two-factor/enable', { code: '12' }, user.token);
    expect(badEnable).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });
});

describe('a platform that requires two-factor', () => {
  it('shows and sets the policy on the platform', async () => {
    const admin = await signUpTestUser(server);
    const path = `/v1/platforms/${admin.platformId}`;
    const before = await callApi(server.apiUrl, 'GET', path, { token: admin.token });
    expect(before.body).toMatchObject({ twoFactorRequired: false });
    const set = await post(path, { twoFactorRequired: true }, admin.token);
    expect(set).toMatchObject({ status: 200, body: { twoFactorRequired: true } });
  });

  it('makes an unenrolled user enrol while signing in, then refuses turning it off', async () => {
    const admin = await signUpTestUser(server);
    await post(`/v1/platforms/${admin.platformId}`, { twoFactorRequired: true }, admin.token);
    const first = await signIn(admin);
    expect(first).toMatchObject({
      status: 401,
      body: { code: 'TWO_FACTOR_REQUIRED', params: { enrolmentRequired: true } },
    });
    const challenge = first.body.params?.['challenge'] as string;

    const early = await post('/v1/authn/local/two-factor', { challenge, code: '123456' });
    expect(early).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION' } });
    const enrolment = await post('/v1/authn/local/two-factor/enrolment', { challenge });
    expect(enrolment).toMatchObject({ status: 200, body: { secret: expect.any(String) } });
    const secret = enrolment.body['secret'] as string;
    nextStep();
    const signedIn = await post('/v1/authn/local/two-factor', { challenge, code: codeOf(secret) });
    expect(signedIn).toMatchObject({ status: 200, body: { token: expect.any(String) } });
    expect(signedIn.body['recoveryCodes']).toHaveLength(10);

    // Enrolled now: the next sign-in asks for a code, not an enrolment.
    const next = await signIn(admin);
    expect(next.body.params).toMatchObject({ enrolmentRequired: false });
    const noEnrolment = await post('/v1/authn/local/two-factor/enrolment', {
      challenge: next.body.params?.['challenge'],
    });
    expect(noEnrolment).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });

    nextStep();
    const off = await post('/v1/users/me/two-factor/disable', { code: codeOf(secret) }, admin.token);
    expect(off).toMatchObject({ status: 403, body: { code: 'AUTHORIZATION' } });
  });

  it('lets a user turn two-factor off when the platform does not require it', async () => {
    const { user, secret } = await enrolledUser();
    nextStep();
    expect((await post('/v1/users/me/two-factor/disable', { code: codeOf(secret) }, user.token)).status).toBe(
      204,
    );
    expect(await signIn(user)).toMatchObject({ status: 200, body: { token: expect.any(String) } });
  });
});

describe('the sign-in rate limit', () => {
  it('counts wrong codes as sign-in attempts of that IP and that email', async () => {
    const limited = await startTestServer(
      { AP_API_RATE_LIMIT_AUTHN_MAX: '4' },
      { wallClockMicros: () => clockMs * 1000 },
    );
    try {
      const user = await signUpTestUser(limited);
      const enrolment = await callApi<Body>(limited.apiUrl, 'POST', '/v1/users/me/two-factor/enrolment', {
        token: user.token,
      });
      nextStep();
      await callApi(limited.apiUrl, 'POST', '/v1/users/me/two-factor/enable', {
        token: user.token,
        body: { code: codeOf(enrolment.body['secret'] as string) },
      });
      const url = (path: string) => `${limited.apiUrl}${path}`;
      const first = await postFrom('127.0.0.7', url('/v1/authentication/sign-in'), {
        email: user.email,
        password,
      });
      expect(first.status).toBe(401);
      const challenge = (first.body['params'] as { challenge: string }).challenge;
      for (let i = 0; i < 3; i += 1) {
        const wrong = await postFrom('127.0.0.7', url('/v1/authn/local/two-factor'), {
          challenge,
          code: '000000',
        });
        expect(wrong.status).toBe(401);
      }
      const blocked = await postFrom('127.0.0.7', url('/v1/authn/local/two-factor'), {
        challenge,
        code: '000000',
      });
      expect(blocked).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
      // The email is locked too, from any address, even with the right password.
      const elsewhere = await postFrom('127.0.0.8', url('/v1/authentication/sign-in'), {
        email: user.email,
        password,
      });
      expect(elsewhere.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
