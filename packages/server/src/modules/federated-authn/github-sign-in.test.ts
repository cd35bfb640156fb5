/**
 * GitHub sign-in against a stand-in GitHub on loopback (`testing/github-stand-in.ts`: authorize,
 * access token, `/user`, `/user/emails`), reached through the SSRF-filtered client with 127.0.0.1
 * on AP_SSRF_ALLOW_LIST. The authorize URL asks for `read:user user:email`; an invited user signs
 * up onto the inviting platform and signs in after; an account whose primary address GitHub has
 * not verified, an uninvited stranger on a self-hosted server and a refused code are turned away
 * without creating anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startGithubStandIn, type GithubStandIn } from '../../testing/github-stand-in';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';

const APP = { clientId: 'Iv1.piecework', clientSecret: 'github-secret-7c3a' };

let github: GithubStandIn;
let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  github = await startGithubStandIn(APP);
  server = await startTestServer(
    { AP_SSRF_ALLOW_LIST: '127.0.0.1', AP_EDITION: 'ce' },
    { githubEndpoints: github.endpoints },
  );
  admin = await signUpTestUser(server);
  const setUp = await callApi(server.apiUrl, 'POST', `/v1/platforms/${admin.platformId}`, {
    token: admin.token,
    body: { federatedAuthProviders: { github: APP } },
  });
  expect(setUp.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await github?.close();
});

function account(email: string, verified = true) {
  github.account = {
    login: 'mona',
    name: 'Mona Lisa Octocat',
    emails: [
      { email: 'mona@users.noreply.github.com', primary: false, verified: true },
      { email, primary: true, verified },
    ],
  };
}

async function consent(): Promise<{ code: string; state: string; loginUrl: URL }> {
  const answer = await callApi<{ loginUrl: string }>(server.apiUrl, 'GET', '/v1/authn/federated/login', {
    query: { providerName: 'GITHUB' },
  });
  expect(answer.status).toBe(200);
  const loginUrl = new URL(answer.body.loginUrl);
  const redirect = await fetch(loginUrl, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, loginUrl };
}

function claim(code: string, state: string) {
  return callApi<Record<string, unknown>>(server.apiUrl, 'POST', '/v1/authn/federated/claim', {
    body: { providerName: 'GITHUB', code, state },
  });
}

async function usersWithEmail(email: string) {
  return server.server.context.store.db.selectFrom('user').select('id').where('email', '=', email).execute();
}

describe('GitHub sign-in', () => {
  it('is named by the flags once set up', async () => {
    const flags = await callApi<Record<string, unknown>>(server.apiUrl, 'GET', '/v1/flags');
    expect(flags.body['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP']).toMatchObject({ github: true });
  });

  it('signs an invited user up with their verified primary address, then in again', async () => {
    const email = 'octo.invited@example.org';
    const invitation = await callApi<{ link: string }>(server.apiUrl, 'POST', '/v1/user-invitations', {
      token: admin.token,
      body: { type: 'PLATFORM', email, platformRole: 'MEMBER' },
    });
    const token = new URL(invitation.body.link).searchParams.get('token')!;
    const accepted = await callApi(server.apiUrl, 'POST', '/v1/user-invitations/accept', {
      body: { invitationToken: token },
    });
    expect(accepted.status).toBe(200);
    account(email);
    const { code, state, loginUrl } = await consent();
    expect(`${loginUrl.origin}${loginUrl.pathname}`).toBe(github.endpoints.authorizationUrl);
    expect(Object.fromEntries(loginUrl.searchParams)).toMatchObject({
      client_id: APP.clientId,
      redirect_uri: `${server.server.context.settings.publicUrl}redirect`,
      scope: 'read:user user:email',
      state,
    });
    const answer = await claim(code, state);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        email,
        firstName: 'Mona',
        lastName: 'Lisa Octocat',
        platformId: admin.platformId,
        platformRole: 'MEMBER',
      },
    });
    const tokenRequest = github.requests.find((request) => request.path === '/login/oauth/access_token');
    expect(tokenRequest?.headers['accept']).toContain('application/json');
    const audit = await server.server.context.store.db
      .selectFrom('auditEvent')
      .select(['action', 'data'])
      .where('userEmail', '=', email)
      .where('action', '=', 'user.signed.up')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ data: expect.stringContaining('"source":"sso"') })]);

    const again = await consent();
    expect(await claim(again.code, again.state)).toMatchObject({
      status: 200,
      body: { id: answer.body['id'] as string },
    });
  });

  it('refuses an account whose primary address GitHub has not verified (401)', async () => {
    const email = 'octo.unverified@example.org';
    account(email, false);
    const { code, state } = await consent();
    expect(await claim(code, state)).toMatchObject({
      status: 401,
      body: { code: 'AUTHENTICATION', params: { message: expect.stringContaining('verified') } },
    });
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it('takes an uninvited stranger only as the sign-up policy does: not on a self-hosted server (403)', async () => {
    const email = 'octo.stranger@example.org';
    account(email);
    const { code, state } = await consent();
    expect(await claim(code, state)).toMatchObject({
      status: 403,
      body: { code: 'INVITATION_ONLY_SIGN_UP' },
    });
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it('answers a code GitHub refuses with 400 INVALID_CLAIM', async () => {
    account('octo.invited@example.org');
    const { state } = await consent();
    expect(await claim('not-a-code', state)).toMatchObject({ status: 400, body: { code: 'INVALID_CLAIM' } });
  });
});
