import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestampOf } from '../../infrastructure/storage/timestamp';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { startTestSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../../testing/test-smtp-server';

let smtp: TestSmtpServer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  server = await startTestServer({ ...smtp.env(), AP_FRONTEND_URL: 'https://flows.example.com' });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const password = 'correct horse battery';
let counter = 0;
function freshEmail(): string {
  counter += 1;
  return `person${String(counter)}-${String(Date.now())}@example.com`;
}

function post(path: string, body: unknown, token?: string) {
  return callApi<Record<string, unknown>>(server.apiUrl, 'POST', path, {
    body,
    ...(token === undefined ? {} : { token }),
  });
}

function signUp(email: string, firstName = 'Ada') {
  return post('/v1/authentication/sign-up', { email, password, firstName, lastName: 'Lovelace' });
}

function signIn(email: string, pass = password) {
  return post('/v1/authentication/sign-in', { email, password: pass });
}

/** The code and user id of the link of an emailed message (`...?otpcode=...&identityId=...`). */
function linkOf(email: ReceivedEmail, path: 'verify-email' | 'reset-password') {
  const match = new RegExp(
    `https://flows\\.example\\.com/${path}\\?otpcode=([0-9a-f-]{36})&identityId=([0-9A-Za-z]{21})`,
  ).exec(email.body);
  if (match === null) throw new Error(`no ${path} link in:\n${email.body}`);
  return { otp: match[1]!, identityId: match[2]! };
}

function emailTo(address: string, subject: string, after = 0) {
  return smtp.waitFor(
    (m) => m.to.includes(address) && m.subject === subject && smtp.messages.indexOf(m) >= after,
  );
}

async function auditActions(userId: string): Promise<string[]> {
  const rows = await server.server.context.store.db
    .selectFrom('auditEvent')
    .select('action')
    .where('userId', '=', userId)
    .orderBy('created')
    .execute();
  return rows.map((row) => row.action);
}

/** Signs up `email`, verifies it with the emailed code, and signs in. */
async function verifiedUser(email = freshEmail()) {
  await signUp(email);
  const { otp, identityId } = linkOf(await emailTo(email, 'Verify your email address'), 'verify-email');
  expect((await post('/v1/authn/local/verify-email', { identityId, otp })).status).toBe(200);
  const signedIn = await signIn(email);
  expect(signedIn.status).toBe(200);
  return {
    email,
    userId: identityId,
    token: signedIn.body['token'] as string,
    projectId: signedIn.body['projectId'] as string,
  };
}

describe('email verification', () => {
  it('emails a code at sign-up, refuses sign-in until the code verifies the address', async () => {
    const email = freshEmail();
    const answer = await signUp(email);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ code: 'EMAIL_IS_NOT_VERIFIED', params: { email } });

    const message = await emailTo(email, 'Verify your email address');
    expect(message.from).toBe('noreply@piecework.test');
    expect(message.raw).toMatch(/From: Piecework <noreply@piecework\.test>/);
    expect(message.raw).toContain('Content-Type: text/plain');
    expect(message.raw).toContain('Content-Type: text/html');
    const { otp, identityId } = linkOf(message, 'verify-email');
    expect(message.body).toContain(`Your verification code: ${otp}`);

    const refused = await signIn(email);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'EMAIL_IS_NOT_VERIFIED' });

    const verified = await post('/v1/authn/local/verify-email', { identityId, otp });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: identityId, email, verified: true });
    expect(verified.body).not.toHaveProperty('passwordHash');

    const signedIn = await signIn(email);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ verified: true });
    expect(await auditActions(identityId)).toEqual([
      'user.signed.up',
      'user.email.verified',
      'user.signed.in',
    ]);
  });

  it('takes a code once only', async () => {
    const email = freshEmail();
    await signUp(email);
    const { otp, identityId } = linkOf(await emailTo(email, 'Verify your email address'), 'verify-email');
    expect((await post('/v1/authn/local/verify-email', { userId: identityId, otp })).status).toBe(200);
    const again = await post('/v1/authn/local/verify-email', { identityId, otp });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'INVALID_OTP' });
  });

  it('refuses a wrong code, and a code of another user', async () => {
    const first = freshEmail();
    const second = freshEmail();
    await signUp(first);
    await signUp(second);
    const one = linkOf(await emailTo(first, 'Verify your email address'), 'verify-email');
    const two = linkOf(await emailTo(second, 'Verify your email address'), 'verify-email');
    expect(
      (await post('/v1/authn/local/verify-email', { identityId: one.identityId, otp: two.otp })).status,
    ).toBe(410);
    expect(
      (await post('/v1/authn/local/verify-email', { identityId: one.identityId, otp: crypto.randomUUID() }))
        .status,
    ).toBe(410);
    expect(
      (await post('/v1/authn/local/verify-email', { identityId: one.identityId, otp: one.otp })).status,
    ).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = freshEmail();
    await signUp(email);
    const { otp, identityId } = linkOf(await emailTo(email, 'Verify your email address'), 'verify-email');
    const row = await server.server.context.store.db
      .selectFrom('oneTimeCode')
      .selectAll()
      .where('userId', '=', identityId)
      .executeTakeFirstOrThrow();
    // Issued with a 24-hour lifetime; then moved to just past its end.
    expect(Date.parse(row.expiresAt) - Date.parse(row.created)).toBe(24 * 60 * 60 * 1000);
    await server.server.context.store.write((trx) =>
      trx
        .updateTable('oneTimeCode')
        .set({ expiresAt: timestampOf(Date.now() - 1000) })
        .where('userId', '=', identityId)
        .execute(),
    );
    const answer = await post('/v1/authn/local/verify-email', { identityId, otp });
    expect(answer.status).toBe(410);
    expect((await signIn(email)).status).toBe(403);
  });

  it('replaces the older code when a new one is requested', async () => {
    const email = freshEmail();
    await signUp(email);
    const first = linkOf(await emailTo(email, 'Verify your email address'), 'verify-email');
    const seen = smtp.messages.length;
    const requested = await post('/v1/otp', { email, type: 'EMAIL_VERIFICATION' });
    expect(requested.status).toBe(204);
    const second = linkOf(await emailTo(email, 'Verify your email address', seen), 'verify-email');
    expect(second.otp).not.toBe(first.otp);
    expect(
      (await post('/v1/authn/local/verify-email', { identityId: first.identityId, otp: first.otp })).status,
    ).toBe(410);
    expect(
      (await post('/v1/authn/local/verify-email', { identityId: second.identityId, otp: second.otp })).status,
    ).toBe(200);
  });

  it('escapes what the user typed in the HTML of the email', async () => {
    const email = freshEmail();
    await signUp(email, '<b>Ada</b>');
    const message = await emailTo(email, 'Verify your email address');
    expect(message.body).toContain('Hello <b>Ada</b>,'); // the text part, as typed
    expect(message.body).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,'); // the HTML part, escaped
    expect(message.body).not.toContain('<p style="margin:0 0 12px;line-height:1.5">Hello <b>');
  });
});

describe('password reset', () => {
  it('emails a code that sets a new password and ends the sessions opened before', async () => {
    const user = await verifiedUser();
    const project = () =>
      callApi(server.apiUrl, 'GET', `/v1/projects/${user.projectId}`, { token: user.token });
    expect((await project()).status).toBe(200);

    const seen = smtp.messages.length;
    const requested = await post('/v1/otp', { email: user.email.toUpperCase(), type: 'PASSWORD_RESET' });
    expect(requested.status).toBe(204);
    const message = await emailTo(user.email, 'Reset your password', seen);
    const { otp, identityId } = linkOf(message, 'reset-password');
    expect(identityId).toBe(user.userId);
    const row = await server.server.context.store.db
      .selectFrom('oneTimeCode')
      .selectAll()
      .where('userId', '=', identityId)
      .where('type', '=', 'PASSWORD_RESET')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expiresAt) - Date.parse(row.created)).toBe(60 * 60 * 1000);
    expect(row.codeHash).not.toContain(otp);

    const newPassword = 'a brand new password';
    const reset = await post('/v1/authn/local/reset-password', { identityId, otp, newPassword });
    expect(reset.status).toBe(204);

    const stale = await project();
    expect(stale.status).toBe(401);
    expect(stale.body).toMatchObject({ code: 'INVALID_BEARER_TOKEN' });
    expect((await signIn(user.email)).status).toBe(401);
    const signedIn = await signIn(user.email, newPassword);
    expect(signedIn.status).toBe(200);
    const fresh = await callApi(server.apiUrl, 'GET', `/v1/projects/${user.projectId}`, {
      token: signedIn.body['token'] as string,
    });
    expect(fresh.status).toBe(200);
    expect(await auditActions(user.userId)).toContain('user.password.reset');

    const reused = await post('/v1/authn/local/reset-password', {
      identityId,
      otp,
      newPassword: 'yet another one',
    });
    expect(reused.status).toBe(410);
    expect((await signIn(user.email, newPassword)).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, and emails nothing to it', async () => {
    const known = await verifiedUser();
    const unknown = freshEmail();
    const seen = smtp.messages.length;
    const forUnknown = await post('/v1/otp', { email: unknown, type: 'PASSWORD_RESET' });
    const forKnown = await post('/v1/otp', { email: known.email, type: 'PASSWORD_RESET' });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(forUnknown.body).toEqual(forKnown.body);
    expect([...forUnknown.headers.keys()].sort()).toEqual([...forKnown.headers.keys()].sort());
    await emailTo(known.email, 'Reset your password', seen);
    // The unknown address's request was handled first; give it a moment more all the same.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.filter((m) => m.to.includes(unknown))).toEqual([]);
  });

  it('refuses a throwaway address, as sign-up does', async () => {
    const answer = await post('/v1/otp', { email: 'someone@mailinator.com', type: 'PASSWORD_RESET' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'DISPOSABLE_EMAIL' });
  });

  it('refuses a reset without a user, or with a short password', async () => {
    const noUser = await post('/v1/authn/local/reset-password', {
      otp: crypto.randomUUID(),
      newPassword: password,
    });
    expect(noUser.status).toBe(400);
    const user = await verifiedUser();
    const short = await post('/v1/authn/local/reset-password', {
      identityId: user.userId,
      otp: crypto.randomUUID(),
      newPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('a server that accepts throwaway addresses', () => {
  it('emails codes to them too (AP_ALLOW_DISPOSABLE_EMAILS=true)', async () => {
    const lenient = await startTestServer({ ...smtp.env(), AP_ALLOW_DISPOSABLE_EMAILS: 'true' });
    try {
      const email = `someone-${String(Date.now())}@mailinator.com`;
      const answer = await callApi(lenient.apiUrl, 'POST', '/v1/authentication/sign-up', {
        body: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
      });
      expect(answer.status).toBe(403);
      await emailTo(email, 'Verify your email address');
      const seen = smtp.messages.length;
      const again = await callApi(lenient.apiUrl, 'POST', '/v1/otp', {
        body: { email, type: 'EMAIL_VERIFICATION' },
      });
      expect(again.status).toBe(204);
      await emailTo(email, 'Verify your email address', seen);
    } finally {
      await lenient.close();
    }
  });
});

describe('a server without SMTP', () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
  });
  afterAll(() => plain.close());

  it('signs people up and in at once, verified, and sends no codes', async () => {
    const email = freshEmail();
    const answer = await callApi<Record<string, unknown>>(
      plain.apiUrl,
      'POST',
      '/v1/authentication/sign-up',
      {
        body: { email, password, firstName: 'Ada', lastName: 'Lovelace' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email, verified: true });
    expect(typeof answer.body['token']).toBe('string');
    const otp = await callApi(plain.apiUrl, 'POST', '/v1/otp', { body: { email, type: 'PASSWORD_RESET' } });
    expect(otp.status).toBe(409);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toEqual([]);
  });
});
