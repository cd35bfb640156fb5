/**
 * Server-side sessions over HTTP: every sign-in is a session the user can list and end, a platform
 * admin can end a user's sessions, and an ended session's token is refused by the next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EndedSessions, UserSessionList } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import {
  acceptInvitation,
  invitationsApi,
  signUpAs,
  tokenOfLink,
  TEST_PASSWORD,
} from '../../testing/features/invitation-test-kit';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  startTestSmtpServer,
  signUpVerifiedTestUser,
  type TestSmtpServer,
} from '../../testing/test-smtp-server';

const PASSWORD = TEST_PASSWORD;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** How far the test has moved the server's clock past the system's, in microseconds. */
let clockOffsetMicros = 0;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      wallClockMicros: () =>
        Math.floor((performance.timeOrigin + performance.now()) * 1000) + clockOffsetMicros,
    },
  );
});
afterAll(() => server.close());

/** Signs `user` in with `userAgent`; answers the session token. */
async function signIn(user: TestUser, userAgent: string): Promise<string> {
  const answer = await callApi<{ token: string }>(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
    body: { email: user.email, password: PASSWORD },
    headers: { 'user-agent': userAgent },
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

function sessionsOf(token: string) {
  return callApi<UserSessionList>(server.apiUrl, 'GET', '/v1/users/me/sessions', { token });
}

/** The status of an authenticated request made with `token`. */
async function statusWith(token: string): Promise<number> {
  return (await callApi(server.apiUrl, 'GET', '/v1/projects', { token })).status;
}

function sessionRow(id: string) {
  return server.server.context.store.db
    .selectFrom('userSession')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function currentSessionId(token: string): Promise<string> {
  const list = await sessionsOf(token);
  const current = list.body.data.find((session) => session.current);
  if (current === undefined) throw new Error('no current session');
  return current.id;
}

describe('a user’s own sessions', () => {
  it('lists each sign-in as a session, newest first, and marks the caller’s own', async () => {
    const user = await signUpTestUser(server);
    const firefox = await signIn(user, FIREFOX);
    const chrome = await signIn(user, CHROME);

    const fromChrome = await sessionsOf(chrome);
    expect(fromChrome.status).toBe(200);
    // The sign-up's session, then the two sign-ins.
    expect(fromChrome.body.data.map((s) => [s.userAgent, s.current])).toEqual([
      [CHROME, true],
      [FIREFOX, false],
      ['node', false],
    ]);
    const [newest] = fromChrome.body.data;
    expect(newest).toMatchObject({ ip: '127.0.0.1' });
    expect(Date.parse(newest!.expiresAt) - Date.parse(newest!.created)).toBeGreaterThan(6.9 * 24 * 3600_000);
    const fromFirefox = await sessionsOf(firefox);
    expect(fromFirefox.body.data.filter((s) => s.current).map((s) => s.userAgent)).toEqual([FIREFOX]);
  });

  it('revokes one session: its token is refused at once, the others still work', async () => {
    const user = await signUpTestUser(server);
    const firefox = await signIn(user, FIREFOX);
    const chrome = await signIn(user, CHROME);
    const firefoxId = await currentSessionId(firefox);

    const revoked = await callApi(server.apiUrl, 'DELETE', `/v1/users/me/sessions/${firefoxId}`, {
      token: chrome,
    });
    expect(revoked.status).toBe(204);
    const refused = await callApi(server.apiUrl, 'GET', '/v1/projects', { token: firefox });
    expect(refused).toMatchObject({ status: 401, body: { code: 'INVALID_BEARER_TOKEN' } });
    expect(await statusWith(chrome)).toBe(200);
    expect((await sessionsOf(chrome)).body.data.map((s) => s.id)).not.toContain(firefoxId);
    expect(await sessionRow(firefoxId)).toMatchObject({ endReason: 'REVOKED', endedAt: expect.any(String) });

    // Ended already, or another user's: 404.
    const again = await callApi(server.apiUrl, 'DELETE', `/v1/users/me/sessions/${firefoxId}`, {
      token: chrome,
    });
    expect(again.status).toBe(404);
    const stranger = await signUpTestUser(server);
    const chromeId = await currentSessionId(chrome);
    const foreign = await callApi(server.apiUrl, 'DELETE', `/v1/users/me/sessions/${chromeId}`, {
      token: stranger.token,
    });
    expect(foreign.status).toBe(404);
    expect(await statusWith(chrome)).toBe(200);
  });

  it('ends every other session and keeps the caller’s', async () => {
    const user = await signUpTestUser(server);
    const firefox = await signIn(user, FIREFOX);
    const chrome = await signIn(user, CHROME);

    const ended = await callApi<EndedSessions>(server.apiUrl, 'POST', '/v1/users/me/sessions/end-others', {
      token: chrome,
    });
    expect(ended).toMatchObject({ status: 200, body: { ended: 2 } });
    expect(await statusWith(firefox)).toBe(401);
    expect(await statusWith(user.token)).toBe(401);
    expect(await statusWith(chrome)).toBe(200);
    expect((await sessionsOf(chrome)).body.data.map((s) => s.userAgent)).toEqual([CHROME]);
  });

  it('signs out: the session ends and its token is refused', async () => {
    const user = await signUpTestUser(server);
    const firefox = await signIn(user, FIREFOX);
    const firefoxId = await currentSessionId(firefox);

    const signedOut = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-out', { token: firefox });
    expect(signedOut.status).toBe(204);
    expect(await statusWith(firefox)).toBe(401);
    expect(await statusWith(user.token)).toBe(200);
    expect(await sessionRow(firefoxId)).toMatchObject({ endReason: 'SIGNED_OUT' });
  });

  it('refuses API keys: they have no sessions', async () => {
    const admin = await signUpTestUser(server);
    const key = await callApi<{ value: string }>(server.apiUrl, 'POST', '/v1/api-keys', {
      token: admin.token,
      body: { displayName: 'Automation' },
    });
    expect(key.status).toBe(201);
    const listed = await sessionsOf(key.body.value);
    expect(listed).toMatchObject({ status: 403, body: { code: 'AUTHORIZATION' } });
    const signedOut = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-out', {
      token: key.body.value,
    });
    expect(signedOut.status).toBe(403);
  });

  it('keeps accepting tokens issued without a session until they expire, and lists none for them', async () => {
    const user = await signUpTestUser(server);
    const legacy = await server.server.context.tokens.issue({
      userId: user.userId,
      platformId: user.platformId,
      tokenVersion: 0,
    });
    expect(await statusWith(legacy)).toBe(200);
    const listed = await sessionsOf(legacy);
    expect(listed.body.data.map((s) => s.current)).toEqual([false]);
    expect(
      (await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-out', { token: legacy })).status,
    ).toBe(204);
    expect(await statusWith(legacy)).toBe(200);
  });

  it('writes lastSeenAt at most once a minute, not on every request', async () => {
    const user = await signUpTestUser(server);
    const token = await signIn(user, FIREFOX);
    const id = await currentSessionId(token);
    const started = await sessionRow(id);
    for (let i = 0; i < 5; i++) expect(await statusWith(token)).toBe(200);
    expect((await sessionRow(id)).lastSeenAt).toBe(started.lastSeenAt);

    clockOffsetMicros += 61_000_000;
    expect(await statusWith(token)).toBe(200);
    const seen = (await sessionRow(id)).lastSeenAt;
    expect(seen > started.lastSeenAt).toBe(true);
    for (let i = 0; i < 5; i++) expect(await statusWith(token)).toBe(200);
    expect((await sessionRow(id)).lastSeenAt).toBe(seen);
  });
});

describe('a platform admin ending a user’s sessions', () => {
  it('ends every session of the user, whose tokens stop working', async () => {
    const admin = await signUpTestUser(server);
    const email = `member-${String(Date.now())}@example.com`;
    const invited = await invitationsApi(server, admin.token).invite({
      type: 'PLATFORM',
      email,
      platformRole: 'MEMBER',
    });
    expect(invited.status).toBe(201);
    expect((await acceptInvitation(server, tokenOfLink(invited.body))).status).toBe(200);
    const signedUp = await signUpAs(server, email);
    expect(signedUp.status).toBe(200);
    const member: TestUser = {
      token: signedUp.body.token,
      userId: signedUp.body.id,
      platformId: admin.platformId,
      projectId: null,
      email,
    };
    const second = await signIn(member, CHROME);

    const other = await signUpTestUser(server);
    const foreign = await callApi(server.apiUrl, 'POST', `/v1/users/${member.userId}/sessions/end`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
    expect(await statusWith(second)).toBe(200);

    const ended = await callApi<EndedSessions>(
      server.apiUrl,
      'POST',
      `/v1/users/${member.userId}/sessions/end`,
      {
        token: admin.token,
      },
    );
    expect(ended).toMatchObject({ status: 200, body: { ended: 2 } });
    expect(await statusWith(member.token)).toBe(401);
    expect(await statusWith(second)).toBe(401);
    expect(await statusWith(admin.token)).toBe(200);
    const rows = await server.server.context.store.db
      .selectFrom('userSession')
      .select('endReason')
      .where('userId', '=', member.userId)
      .execute();
    expect(rows.map((row) => row.endReason)).toEqual(['ENDED_BY_ADMIN', 'ENDED_BY_ADMIN']);
    // A member may not end anyone's sessions.
    const fresh = await signIn(member, FIREFOX);
    const refused = await callApi(server.apiUrl, 'POST', `/v1/users/${admin.userId}/sessions/end`, {
      token: fresh,
    });
    expect(refused.status).toBe(403);
  });
});

describe('a password reset', () => {
  let smtp: TestSmtpServer;
  let mailing: TestServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    mailing = await startTestServer({ ...smtp.env(), AP_FRONTEND_URL: 'https://flows.example.com' });
  });
  afterAll(async () => {
    await mailing.close();
    await smtp.close();
  });

  it('ends every session of the user, and their rows say so', async () => {
    const user = await signUpVerifiedTestUser(mailing, smtp);
    const seen = smtp.messages.length;
    const requested = await callApi(mailing.apiUrl, 'POST', '/v1/otp', {
      body: { email: user.email, type: 'PASSWORD_RESET' },
    });
    expect(requested.status).toBe(204);
    const message = await smtp.waitFor((m) => m.to.includes(user.email) && smtp.messages.indexOf(m) >= seen);
    const match = /reset-password\?otpcode=([0-9a-f-]{36})&identityId=([0-9A-Za-z]{21})/.exec(message.body);
    expect(match).not.toBeNull();
    const reset = await callApi(mailing.apiUrl, 'POST', '/v1/authn/local/reset-password', {
      body: { identityId: match![2], otp: match![1], newPassword: 'a brand new password' },
    });
    expect(reset.status).toBe(204);

    expect((await callApi(mailing.apiUrl, 'GET', '/v1/projects', { token: user.token })).status).toBe(401);
    const rows = await mailing.server.context.store.db
      .selectFrom('userSession')
      .select(['endedAt', 'endReason'])
      .where('userId', '=', user.userId)
      .execute();
    expect(rows).toEqual([{ endedAt: expect.any(String), endReason: 'PASSWORD_RESET' }]);
  });
});
