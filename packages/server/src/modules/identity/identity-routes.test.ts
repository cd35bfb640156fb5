import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEvent, Page } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser } from '../../testing/test-users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const password = 'correct horse battery';

function signUp(email: string, extra: Record<string, unknown> = {}) {
  return callApi<Record<string, unknown>>(server.apiUrl, 'POST', '/v1/authentication/sign-up', {
    body: { email, password, firstName: 'Ada', lastName: 'Lovelace', ...extra },
  });
}

async function auditActions(platformId: string): Promise<string[]> {
  const rows = await server.server.context.store.db
    .selectFrom('auditEvent')
    .selectAll()
    .where('platformId', '=', platformId)
    .orderBy('created')
    .execute();
  return rows.map(
    (row) =>
      AuditEvent.parse({
        ...row,
        updated: row.created,
        data: JSON.parse(row.data) as unknown,
        projectId: row.projectId ?? undefined,
        projectDisplayName: row.projectDisplayName ?? undefined,
        userId: row.userId ?? undefined,
        userEmail: row.userEmail ?? undefined,
        ip: row.ip ?? undefined,
      }).action,
  );
}

describe('sign-up', () => {
  it('creates a platform with its ADMIN and a PERSONAL project, and answers with a working token', async () => {
    const answer = await signUp('Ada@Example.com');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email: 'ada@example.com', platformRole: 'ADMIN', status: 'ACTIVE' });
    expect(answer.body).not.toHaveProperty('passwordHash');
    const token = answer.body['token'] as string;
    const project = await callApi<Record<string, unknown>>(
      server.apiUrl,
      'GET',
      `/v1/projects/${answer.body['projectId'] as string}`,
      { token },
    );
    expect(project.status).toBe(200);
    expect(project.body).toMatchObject({ type: 'PERSONAL', platformId: answer.body['platformId'] });
    expect(await auditActions(answer.body['platformId'] as string)).toEqual(['user.signed.up']);
  });

  it('gives every sign-up its own platform', async () => {
    const first = await signUp('first@example.com');
    const second = await signUp('second@example.com');
    expect(first.body['platformId']).not.toBe(second.body['platformId']);
  });

  it.each([
    ['a throwaway email domain', { email: 'someone@mailinator.com' }, 400, 'DISPOSABLE_EMAIL'],
    ['a malformed email', { email: 'not-an-email' }, 400, 'VALIDATION'],
    ['a short password', { email: 'short@example.com', password: 'short' }, 400, 'VALIDATION'],
    ['a missing first name', { email: 'nofirst@example.com', firstName: undefined }, 400, 'VALIDATION'],
  ])('refuses %s', async (_, body, status, code) => {
    const answer = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-up', {
      body: { password, firstName: 'A', lastName: 'B', ...body },
    });
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code });
    const users = await server.server.context.store.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', String(body.email))
      .execute();
    expect(users).toEqual([]);
  });

  it('refuses an email that already signed up (any case), keeping one user', async () => {
    await signUp('twice@example.com');
    const again = await signUp('TWICE@example.com');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EXISTING_USER' });
  });

  it('accepts throwaway domains when AP_ALLOW_DISPOSABLE_EMAILS=true', async () => {
    const permissive = await startTestServer({ AP_ALLOW_DISPOSABLE_EMAILS: 'true' });
    try {
      const answer = await callApi(permissive.apiUrl, 'POST', '/v1/authentication/sign-up', {
        body: { email: 'someone@mailinator.com', password, firstName: 'A', lastName: 'B' },
      });
      expect(answer.status).toBe(200);
    } finally {
      await permissive.close();
    }
  });
});

describe('sign-in', () => {
  it('answers a new token and the personal project for the right password', async () => {
    const signedUp = await signUp('grace@example.com');
    const answer = await callApi<Record<string, unknown>>(
      server.apiUrl,
      'POST',
      '/v1/authentication/sign-in',
      {
        body: { email: 'GRACE@example.com', password },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.body['projectId']).toBe(signedUp.body['projectId']);
    expect(typeof answer.body['token']).toBe('string');
    expect(await auditActions(signedUp.body['platformId'] as string)).toEqual([
      'user.signed.up',
      'user.signed.in',
    ]);
  });

  it.each([
    ['a wrong password', 'grace@example.com', 'wrong password'],
    ['an unknown email', 'nobody@example.com', password],
  ])('answers 401 INVALID_CREDENTIALS for %s', async (_, email, attempt) => {
    const answer = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
      body: { email, password: attempt },
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a deactivated user', async () => {
    const signedUp = await signUp('inactive@example.com');
    await server.server.context.store.db
      .updateTable('user')
      .set({ status: 'INACTIVE' })
      .where('id', '=', signedUp.body['id'] as string)
      .execute();
    const answer = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
      body: { email: 'inactive@example.com', password },
    });
    expect(answer.status).toBe(403);
    const withOldToken = await callApi(server.apiUrl, 'GET', '/v1/projects', {
      token: signedUp.body['token'] as string,
    });
    expect(withOldToken.status).toBe(401);
  });
});

describe('refused sign-ins', () => {
  it('records user.sign.in.failed for a known user (wrong password, deactivated), never the password', async () => {
    const signedUp = await signUp('audited@example.com');
    const admin = signedUp.body['token'] as string;
    const user = {
      id: signedUp.body['id'],
      email: 'audited@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    };
    const attempt = (attemptPassword: string) =>
      callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
        body: { email: 'Audited@example.com', password: attemptPassword },
      });
    expect((await attempt('a wrong guess')).status).toBe(401);
    const unknown = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
      body: { email: 'nobody-at-all@example.com', password: 'a wrong guess' },
    });
    expect(unknown.status).toBe(401);

    const failures = async () => {
      const answer = await callApi(server.apiUrl, 'GET', '/v1/audit-events', {
        token: admin,
        query: { action: 'user.sign.in.failed' },
      });
      expect(answer.status).toBe(200);
      return Page(AuditEvent).parse(answer.body).data.reverse();
    };
    const afterWrongPassword = await failures();
    expect(afterWrongPassword).toEqual([
      expect.objectContaining({
        platformId: signedUp.body['platformId'],
        userId: user.id,
        userEmail: user.email,
        data: { user, reason: 'WRONG_PASSWORD' },
      }),
    ]);
    expect(JSON.stringify(afterWrongPassword)).not.toContain('a wrong guess');

    const setStatus = (status: 'ACTIVE' | 'INACTIVE') =>
      server.server.context.store.db
        .updateTable('user')
        .set({ status })
        .where('id', '=', user.id as string)
        .execute();
    await setStatus('INACTIVE');
    expect((await attempt(password)).status).toBe(403);
    await setStatus('ACTIVE'); // to read the events with its token again
    expect((await failures()).map((event) => event.data)).toEqual([
      { user, reason: 'WRONG_PASSWORD' },
      { user, reason: 'USER_INACTIVE' },
    ]);
  });
});

describe('bearer tokens', () => {
  it.each([
    ['no header', undefined, 'AUTHENTICATION'],
    ['a garbage token', 'garbage', 'INVALID_BEARER_TOKEN'],
    ['an unknown API key', 'sk-unknownunknownunknown', 'INVALID_BEARER_TOKEN'],
  ])('answers 401 for %s', async (_, token, code) => {
    const answer = await callApi(server.apiUrl, 'GET', '/v1/projects', token === undefined ? {} : { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code });
  });
});

describe('session tokens by when they say they were issued', () => {
  /** A token signed with the server's own secret, issued `issuedAhead` seconds from now (none: no iat). */
  async function tokenIssuedAhead(userId: string, platformId: string, issuedAhead: number | null) {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ platformId, type: 'USER' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer('piecework')
      .setAudience('piecework-session')
      .setExpirationTime(nowSeconds + 2 * 86_400);
    if (issuedAhead !== null) jwt.setIssuedAt(nowSeconds + issuedAhead);
    return jwt.sign(server.server.context.settings.jwtSecret);
  }

  it.each([
    ['issued now', 0, 200],
    ['issued within the clock skew (30 s ahead)', 30, 200],
    ['issued 5 minutes in the future', 300, 401],
    ['issued a day in the future', 86_400, 401],
    ['with no issue time', null, 401],
  ])('a token %s (iat %s s ahead) answers %i', async (_, issuedAhead, status) => {
    const user = await signUpTestUser(server);
    const token = await tokenIssuedAhead(user.userId, user.platformId, issuedAhead);
    const answer = await callApi(server.apiUrl, 'GET', '/v1/projects', { token });
    expect(answer.status).toBe(status);
    if (status === 401) expect(answer.body).toMatchObject({ code: 'INVALID_BEARER_TOKEN' });
  });
});
