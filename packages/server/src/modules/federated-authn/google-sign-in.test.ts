/**
 * Google sign-in against a stand-in Google on loopback (oauth2-mock-server: a real authorization
 * endpoint, token endpoint and JWKS, RS256-signed ID tokens), reached through the SSRF-filtered
 * client with 127.0.0.1 on AP_SSRF_ALLOW_LIST. Flags mention Google only with both variables and
 * the platform's toggle; the full code flow signs a new user up (even on a throwaway domain) and
 * an existing one in; forged, expired or foreign states, ID tokens for another audience, with a
 * forged signature or an unverified email, and codes the provider refuses are all turned away in
 * the one error shape.
 */
import type { IncomingMessage } from 'node:http';
import { generateKeyPair, SignJWT } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { FederatedStates } from './federated-state';
import type { GoogleEndpoints } from './google-provider';

const CLIENT_ID = 'piecework-google-client';
const CLIENT_SECRET = 'google-secret-4d1e';
const GOOGLE_ENV = {
  AP_GOOGLE_CLIENT_ID: CLIENT_ID,
  AP_GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
  AP_SSRF_ALLOW_LIST: '127.0.0.1',
};

/** Who the stand-in Google says signs in next, and how its ID tokens go wrong. */
const google = {
  email: 'someone@example.com',
  emailVerified: true as boolean,
  audience: undefined as string | undefined,
  /** Sent instead of the provider's own ID token (made by the test, for the login's nonce). */
  forgedIdToken: undefined as string | undefined,
};
/** Codes the stand-in issued (it refuses any other), and the token requests it received. */
const issuedCodes = new Set<string>();
const tokenRequests: Record<string, string>[] = [];

let provider: OAuth2Server;
let endpoints: GoogleEndpoints;
let server: TestServer;
let owner: TestUser;

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  const url = provider.issuer.url!;
  endpoints = {
    authorizationUrl: `${url}/authorize`,
    tokenUrl: `${url}/token`,
    jwksUrl: `${url}/jwks`,
    issuers: [url],
  };
  provider.service.on('beforeAuthorizeRedirect', ({ url: redirect }: { url: URL }) => {
    const code = redirect.searchParams.get('code');
    if (code !== null) issuedCodes.add(code);
  });
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (token.payload['aud'] === undefined) return; // the access token
    Object.assign(token.payload, {
      email: google.email,
      email_verified: google.emailVerified,
      given_name: 'Grace',
      family_name: 'Hopper',
      ...(google.audience === undefined ? {} : { aud: google.audience }),
    });
  });
  provider.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage) => {
      const body = (req as IncomingMessage & { body: Record<string, string> }).body;
      tokenRequests.push(body);
      if (!issuedCodes.delete(body['code'] ?? '') || body['client_secret'] !== CLIENT_SECRET) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'Bad Request' };
        return;
      }
      if (google.forgedIdToken !== undefined) response.body['id_token'] = google.forgedIdToken;
    },
  );
  server = await startTestServer(GOOGLE_ENV, { googleEndpoints: endpoints });
  owner = await signUpTestUser(server);
}, 60_000);
afterAll(async () => {
  await server.close();
  await provider.stop();
});

/** An ID token with every right claim (the login's nonce too), signed by a key that is not the provider's (same kid). */
async function forgedIdToken(nonce: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  const kid = (provider.issuer.keys.toJSON()[0] as { kid: string }).kid;
  return new SignJWT({ email: google.email, email_verified: true, nonce })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(provider.issuer.url!)
    .setAudience(CLIENT_ID)
    .setSubject('johndoe')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
}

function setGoogleToggle(target: TestServer, user: TestUser, on: boolean) {
  return callApi(target.apiUrl, 'POST', `/v1/platforms/${user.platformId}`, {
    token: user.token,
    body: { googleAuthEnabled: on },
  });
}

async function flags(target: TestServer): Promise<Record<string, unknown>> {
  const answer = await callApi<Record<string, unknown>>(target.apiUrl, 'GET', '/v1/flags');
  expect(answer.status).toBe(200);
  return answer.body;
}

function login(target: TestServer = server) {
  return callApi<{ loginUrl: string }>(target.apiUrl, 'GET', '/v1/authn/federated/login', {
    query: { providerName: 'GOOGLE' },
  });
}

/** Through Google's consent: the server's login URL, then the provider's redirect with a code. */
async function consent(target: TestServer = server): Promise<{ code: string; state: string; loginUrl: URL }> {
  const answer = await login(target);
  expect(answer.status).toBe(200);
  const loginUrl = new URL(answer.body.loginUrl);
  const redirect = await fetch(loginUrl, { redirect: 'manual' });
  const back = new URL(redirect.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, loginUrl };
}

function claim(code: string, state: string, target: TestServer = server) {
  return callApi<Record<string, unknown>>(target.apiUrl, 'POST', '/v1/authn/federated/claim', {
    body: { providerName: 'GOOGLE', code, state },
  });
}

async function auditEvents(platformId: string) {
  const rows = await server.server.context.store.db
    .selectFrom('auditEvent')
    .select(['action', 'data', 'userEmail'])
    .where('platformId', '=', platformId)
    .orderBy('created')
    .execute();
  return rows.map((row) => ({ ...row, data: JSON.parse(row.data) as Record<string, unknown> }));
}

describe('flags and the platform toggle', () => {
  it('mention Google only with both variables set and the toggle on', async () => {
    // A platform's toggle starts on; its admin turns it off, then on again.
    expect(await setGoogleToggle(server, owner, false)).toMatchObject({ status: 200 });
    expect(JSON.stringify(await flags(server)).toLowerCase()).not.toContain('google');
    expect(await login()).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    const toggled = await setGoogleToggle(server, owner, true);
    expect(toggled).toMatchObject({ status: 200, body: { googleAuthEnabled: true } });
    const on = await flags(server);
    expect(on['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP']).toEqual({ google: true });
    expect(on['THIRD_PARTY_AUTH_PROVIDER_REDIRECT_URL']).toBe(
      `${server.server.context.settings.publicUrl}redirect`,
    );
  });

  it('never mention Google on a server without the variables, whatever the toggle', async () => {
    const bare = await startTestServer();
    try {
      const admin = await signUpTestUser(bare);
      expect((await setGoogleToggle(bare, admin, true)).status).toBe(200);
      expect(JSON.stringify(await flags(bare)).toLowerCase()).not.toContain('google');
      expect(await login(bare)).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    } finally {
      await bare.close();
    }
  });
});

describe('the authorization-code flow', () => {
  it('sends the browser to Google with our client, redirect, scopes, a state and a nonce', async () => {
    const { loginUrl, state } = await consent();
    expect(`${loginUrl.origin}${loginUrl.pathname}`).toBe(endpoints.authorizationUrl);
    expect(Object.fromEntries(loginUrl.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: `${server.server.context.settings.publicUrl}redirect`,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      nonce: expect.any(String),
    });
  });

  it('signs a new user up (a throwaway domain too: federated sign-ups are exempt), audited as sso', async () => {
    google.email = 'Grace.Hopper@mailinator.com';
    const { code, state } = await consent();
    const answer = await claim(code, state);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        email: 'grace.hopper@mailinator.com',
        firstName: 'Grace',
        lastName: 'Hopper',
        platformRole: 'ADMIN',
      },
    });
    const platformId = answer.body['platformId'] as string;
    expect(platformId).not.toBe(owner.platformId);
    const project = await callApi(
      server.apiUrl,
      'GET',
      `/v1/projects/${answer.body['projectId'] as string}`,
      {
        token: answer.body['token'] as string,
      },
    );
    expect(project.status).toBe(200);
    expect(await auditEvents(platformId)).toEqual([
      expect.objectContaining({ action: 'user.signed.up', data: expect.objectContaining({ source: 'sso' }) }),
    ]);
    expect(tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      code,
      client_id: CLIENT_ID,
      redirect_uri: `${server.server.context.settings.publicUrl}redirect`,
    });
    // The new user has no password anyone knows.
    const signIn = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
      body: { email: google.email, password: 'any password at all' },
    });
    expect(signIn.status).toBe(401);
  });

  it('signs an existing user in, audited as user.signed.in', async () => {
    google.email = owner.email.toUpperCase();
    const { code, state } = await consent();
    const answer = await claim(code, state);
    expect(answer).toMatchObject({
      status: 200,
      body: { id: owner.userId, platformId: owner.platformId, projectId: owner.projectId },
    });
    expect((await auditEvents(owner.platformId)).at(-1)).toMatchObject({
      action: 'user.signed.in',
      userEmail: owner.email.toLowerCase(),
    });
  });
});

describe('on a self-hosted server (AP_EDITION=ce)', () => {
  it('takes a new Google user only by invitation, as the sign-up form does', async () => {
    const selfHosted = await startTestServer(
      { ...GOOGLE_ENV, AP_EDITION: 'ce' },
      { googleEndpoints: endpoints },
    );
    try {
      const admin = await signUpTestUser(selfHosted);
      google.email = 'stranger@example.org';
      const uninvited = await consent(selfHosted);
      expect(await claim(uninvited.code, uninvited.state, selfHosted)).toMatchObject({
        status: 403,
        body: { code: 'INVITATION_ONLY_SIGN_UP' },
      });
      const platforms = await selfHosted.server.context.store.db
        .selectFrom('platform')
        .select('id')
        .execute();
      expect(platforms.map((platform) => platform.id)).toEqual([admin.platformId]);

      google.email = 'colleague@example.org';
      const invitation = await callApi<{ link: string }>(selfHosted.apiUrl, 'POST', '/v1/user-invitations', {
        token: admin.token,
        body: { type: 'PLATFORM', email: google.email, platformRole: 'MEMBER' },
      });
      const token = new URL(invitation.body.link).searchParams.get('token')!;
      expect(
        await callApi(selfHosted.apiUrl, 'POST', '/v1/user-invitations/accept', {
          body: { invitationToken: token },
        }),
      ).toMatchObject({ status: 200 });
      const invited = await consent(selfHosted);
      expect(await claim(invited.code, invited.state, selfHosted)).toMatchObject({
        status: 200,
        body: { email: 'colleague@example.org', platformId: admin.platformId, platformRole: 'MEMBER' },
      });
    } finally {
      google.email = 'someone@example.com';
      await selfHosted.close();
    }
  });
});

describe('refusals', () => {
  it('refuses a forged state with 401', async () => {
    const { code, state } = await consent();
    const [header, payload] = state.split('.');
    const forged = `${header!}.${payload!}.${'A'.repeat(43)}`;
    expect(await claim(code, forged)).toMatchObject({
      status: 401,
      body: { code: 'AUTHENTICATION', params: { message: expect.stringContaining('state') } },
    });
  });

  it('refuses an expired state and one issued for another platform with 401', async () => {
    const states = new FederatedStates(
      server.server.context.settings.jwtSecret,
      () => Math.floor(Date.now() / 1000) - 3600,
    );
    const { code } = await consent();
    const expired = await states.issue(owner.platformId, 'GOOGLE');
    expect(await claim(code, expired.state)).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION' } });
    const other = await new FederatedStates(server.server.context.settings.jwtSecret).issue(
      'another-platform',
      'GOOGLE',
    );
    expect(await claim(code, other.state)).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION' } });
  });

  it("refuses an ID token issued for another sign-in's nonce", async () => {
    const first = await consent();
    const second = await consent();
    expect(await claim(second.code, first.state)).toMatchObject({
      status: 401,
      body: { code: 'AUTHENTICATION' },
    });
  });

  it.each([
    ['for another audience', () => (google.audience = 'someone-elses-client')],
    ['with a forged signature', async (nonce: string) => (google.forgedIdToken = await forgedIdToken(nonce))],
    ['with an unverified email', () => (google.emailVerified = false)],
  ])('refuses an ID token %s with 401, creating no user', async (_, spoil) => {
    google.email = `victim-${String(Math.random()).slice(2, 8)}@example.com`;
    try {
      const { code, state, loginUrl } = await consent();
      await spoil(loginUrl.searchParams.get('nonce')!);
      const answer = await claim(code, state);
      expect(answer).toMatchObject({
        status: 401,
        body: { code: 'AUTHENTICATION', params: { message: expect.any(String) } },
      });
      const users = await server.server.context.store.db
        .selectFrom('user')
        .select('id')
        .where('email', '=', google.email)
        .execute();
      expect(users).toEqual([]);
    } finally {
      Object.assign(google, { audience: undefined, forgedIdToken: undefined, emailVerified: true });
    }
  });

  it('answers a code the provider refuses with 400 INVALID_CLAIM', async () => {
    const { state } = await consent();
    expect(await claim('a-code-never-issued', state)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_CLAIM' },
    });
  });

  it('refuses claims once the platform turns Google off', async () => {
    const { code, state } = await consent();
    expect((await setGoogleToggle(server, owner, false)).status).toBe(200);
    try {
      expect(await claim(code, state)).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    } finally {
      await setGoogleToggle(server, owner, true);
    }
  });

  it('reaches the provider only through the SSRF filter: loopback off the allow list is refused', async () => {
    const filtered = await startTestServer(
      { AP_GOOGLE_CLIENT_ID: CLIENT_ID, AP_GOOGLE_CLIENT_SECRET: CLIENT_SECRET },
      { googleEndpoints: endpoints },
    );
    try {
      const admin = await signUpTestUser(filtered);
      await setGoogleToggle(filtered, admin, true);
      const answer = await login(filtered);
      const back = new URL(
        (await fetch(answer.body.loginUrl, { redirect: 'manual' })).headers.get('location')!,
      );
      const refused = await callApi(filtered.apiUrl, 'POST', '/v1/authn/federated/claim', {
        body: {
          providerName: 'GOOGLE',
          code: back.searchParams.get('code'),
          state: back.searchParams.get('state'),
        },
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { code: 'INVALID_CLAIM', params: { message: expect.stringContaining('could not be reached') } },
      });
    } finally {
      await filtered.close();
    }
  });
});
