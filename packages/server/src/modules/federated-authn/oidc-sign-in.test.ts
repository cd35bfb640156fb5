/**
 * Sign-in with a platform's own OpenID Connect provider against a stand-in on loopback
 * (oauth2-mock-server: discovery document, JWKS, authorization and token endpoints, PKCE checked,
 * RS256-signed ID tokens), reached through the SSRF-filtered client with 127.0.0.1 on
 * AP_SSRF_ALLOW_LIST. The code flow carries PKCE (S256), state and nonce; a new user joins the
 * platform just in time with the provider's default role, a known one signs in; ID tokens with
 * the wrong nonce, audience or issuer, tampered or foreign states, a provider removed in between
 * and a user of another platform are refused, with no user created.
 */
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { FederatedStates } from './federated-state';

const CLIENT_ID = 'piecework-oidc-client';
const CLIENT_SECRET = 'oidc-secret-9b2f';

/** Who the stand-in provider says signs in next, and how its ID tokens go wrong. */
const idp = {
  email: 'ada@corp.example' as string | undefined,
  emailVerified: true as boolean | undefined,
  overrides: {} as Record<string, unknown>,
};
/** The authorization requests and token requests the provider received. */
const authorizeRequests: URL[] = [];
const tokenRequests: Record<string, string>[] = [];
const tokenAuthorizations: (string | undefined)[] = [];

let provider: OAuth2Server;
let server: TestServer;
let owner: TestUser;

function oidcSettings(overrides: Record<string, unknown> = {}) {
  return {
    issuer: provider.issuer.url!,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    displayName: 'Corp SSO',
    defaultPlatformRole: 'OPERATOR',
    ...overrides,
  };
}

function setOidc(target: TestServer, admin: TestUser, oidc: Record<string, unknown> | null) {
  return callApi(target.apiUrl, 'POST', `/v1/platforms/${admin.platformId}`, {
    token: admin.token,
    body: { federatedAuthProviders: { oidc } },
  });
}

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeAuthorizeRedirect', (_redirect: unknown, req: IncomingMessage) => {
    authorizeRequests.push(new URL(req.url ?? '/', provider.issuer.url!));
  });
  provider.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    if (token.payload['aud'] === undefined) return; // the access token
    // The stand-in takes the audience from a `client_id` form field; we authenticate by basic auth.
    Object.assign(token.payload, {
      aud: CLIENT_ID,
      ...(idp.email === undefined ? {} : { email: idp.email }),
      ...(idp.emailVerified === undefined ? {} : { email_verified: idp.emailVerified }),
      given_name: 'Ada',
      family_name: 'Lovelace',
      ...idp.overrides,
    });
  });
  provider.service.on('beforeUserinfo', (response: { body: Record<string, unknown> }) => {
    response.body = { sub: 'johndoe', email: 'from-userinfo@corp.example', email_verified: true };
  });
  provider.service.on('beforeResponse', (_response: unknown, req: IncomingMessage) => {
    tokenRequests.push((req as IncomingMessage & { body: Record<string, string> }).body);
    tokenAuthorizations.push(req.headers.authorization);
  });
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' }, { oidcAllowHttpIssuers: true });
  owner = await signUpTestUser(server);
  expect((await setOidc(server, owner, oidcSettings())).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await provider?.stop();
});

function login(target: TestServer = server) {
  return callApi<{ loginUrl: string }>(target.apiUrl, 'GET', '/v1/authn/federated/login', {
    query: { providerName: 'OIDC' },
  });
}

/** Through the provider's consent: the server's login URL, then the provider's redirect with a code. */
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
    body: { providerName: 'OIDC', code, state },
  });
}

async function usersWithEmail(email: string) {
  return server.server.context.store.db
    .selectFrom('user')
    .select(['id', 'platformId', 'platformRole'])
    .where('email', '=', email)
    .execute();
}

/** A fresh address on the provider, for a test that must start without the user. */
function newEmail(): string {
  const email = `person-${String(Math.random()).slice(2, 8)}@corp.example`;
  idp.email = email;
  return email;
}

describe('the flags', () => {
  it('name OIDC with its display name once set up', async () => {
    const flags = await callApi<Record<string, unknown>>(server.apiUrl, 'GET', '/v1/flags');
    expect(flags.body['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP']).toMatchObject({ oidc: true });
    expect(flags.body['SSO_OIDC_DISPLAY_NAME']).toBe('Corp SSO');
  });
});

describe('the authorization-code flow', () => {
  it('sends the browser to the discovered authorization endpoint with PKCE (S256), state and nonce', async () => {
    const { loginUrl, state, code } = await consent();
    expect(`${loginUrl.origin}${loginUrl.pathname}`).toBe(`${provider.issuer.url!}/authorize`);
    expect(Object.fromEntries(loginUrl.searchParams)).toMatchObject({
      client_id: CLIENT_ID,
      redirect_uri: `${server.server.context.settings.publicUrl}redirect`,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      nonce: expect.any(String),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    // The state is readable by anyone who sees the URL: it must not reveal the verifier.
    const payload = JSON.parse(Buffer.from(state.split('.')[1]!, 'base64url').toString('utf8')) as object;
    expect(Object.keys(payload).sort()).toEqual([
      'aud',
      'exp',
      'iat',
      'iss',
      'nonce',
      'platformId',
      'provider',
    ]);
    newEmail();
    expect((await claim(code, state)).status).toBe(200);
    expect(tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      code,
      code_verifier: expect.stringMatching(/^[\w-]{43}$/),
      redirect_uri: `${server.server.context.settings.publicUrl}redirect`,
    });
    // client_secret_basic: each part form-urlencoded, then base64.
    const basic = /^Basic (.+)$/.exec(tokenAuthorizations.at(-1) ?? '')?.[1] ?? '';
    const parts = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    expect(parts).toEqual([CLIENT_ID, CLIENT_SECRET]);
  });

  it('signs a new user up just in time with the default role, audited as sso', async () => {
    const email = newEmail();
    const { code, state } = await consent();
    const answer = await claim(code, state);
    expect(answer).toMatchObject({
      status: 200,
      body: {
        email,
        firstName: 'Ada',
        lastName: 'Lovelace',
        platformId: owner.platformId,
        platformRole: 'OPERATOR',
      },
    });
    const audit = await server.server.context.store.db
      .selectFrom('auditEvent')
      .select(['action', 'data'])
      .where('userEmail', '=', email)
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'user.signed.up', data: expect.stringContaining('"source":"sso"') }),
    ]);
    const project = await callApi(
      server.apiUrl,
      'GET',
      `/v1/projects/${answer.body['projectId'] as string}`,
      {
        token: answer.body['token'] as string,
      },
    );
    expect(project.status).toBe(200);
  });

  it('signs an existing user in, and reads the email from userinfo when the ID token has none', async () => {
    idp.email = owner.email.toUpperCase();
    const { code, state } = await consent();
    expect(await claim(code, state)).toMatchObject({
      status: 200,
      body: { id: owner.userId, platformId: owner.platformId, platformRole: 'ADMIN' },
    });
    idp.email = undefined;
    const viaUserinfo = await consent();
    expect(await claim(viaUserinfo.code, viaUserinfo.state)).toMatchObject({
      status: 200,
      body: { email: 'from-userinfo@corp.example', platformRole: 'OPERATOR' },
    });
  });
});

describe('refusals, none of which creates a user', () => {
  it.each([
    ['a wrong nonce', { nonce: 'another-sign-in' }],
    ['a wrong audience', { aud: 'someone-elses-client' }],
    ['a wrong issuer', { iss: 'https://impostor.example' }],
    ['an email the provider has not verified', { email_verified: false }],
  ])('refuses an ID token with %s (401)', async (_, overrides) => {
    const email = newEmail();
    idp.overrides = overrides;
    try {
      const { code, state } = await consent();
      expect(await claim(code, state)).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION' } });
      expect(await usersWithEmail(email)).toEqual([]);
    } finally {
      idp.overrides = {};
    }
  });

  it('refuses a tampered state and a state of another platform or provider (401)', async () => {
    const email = newEmail();
    const { code, state } = await consent();
    const [header, payload, signature] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, nonce: 'x' })).toString('base64url');
    expect(await claim(code, `${header!}.${tampered}.${signature!}`)).toMatchObject({
      status: 401,
      body: { code: 'AUTHENTICATION' },
    });
    const states = new FederatedStates(server.server.context.settings.jwtSecret);
    const foreign = await states.issue('another-platform', 'OIDC');
    expect(await claim(code, foreign.state)).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION' } });
    const google = await states.issue(owner.platformId, 'GOOGLE');
    expect(await claim(code, google.state)).toMatchObject({ status: 401, body: { code: 'AUTHENTICATION' } });
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it("refuses another sign-in's code for this state (the PKCE verifier does not match)", async () => {
    const email = newEmail();
    const first = await consent();
    const second = await consent();
    const answer = await claim(second.code, first.state);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await usersWithEmail(email)).toEqual([]);
  });

  it('refuses a claim after the admin removed the provider (404)', async () => {
    const email = newEmail();
    const { code, state } = await consent();
    expect((await setOidc(server, owner, null)).status).toBe(200);
    try {
      expect(await claim(code, state)).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
      expect(await login()).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
      expect(await usersWithEmail(email)).toEqual([]);
    } finally {
      expect((await setOidc(server, owner, oidcSettings())).status).toBe(200);
    }
  });

  it("refuses a user of another platform: this platform's provider cannot vouch for them (403)", async () => {
    const stranger = await signUpTestUser(server);
    idp.email = stranger.email;
    const { code, state } = await consent();
    expect(await claim(code, state)).toMatchObject({ status: 403, body: { code: 'AUTHORIZATION' } });
    expect(await usersWithEmail(stranger.email.toLowerCase())).toEqual([
      expect.objectContaining({ id: stranger.userId, platformId: stranger.platformId }),
    ]);
  });
});

describe('outbound requests', () => {
  it('go through the SSRF filter: a loopback provider off the allow list cannot be discovered', async () => {
    const filtered = await startTestServer({}, { oidcAllowHttpIssuers: true });
    try {
      const admin = await signUpTestUser(filtered);
      expect((await setOidc(filtered, admin, oidcSettings())).status).toBe(200);
      expect(await login(filtered)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_CLAIM', params: { message: expect.stringContaining('could not be reached') } },
      });
    } finally {
      await filtered.close();
    }
  });

  it('refuse a plain-http issuer unless the server allows it', async () => {
    const strict = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' });
    try {
      const admin = await signUpTestUser(strict);
      expect((await setOidc(strict, admin, oidcSettings())).status).toBe(200);
      expect(await login(strict)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_CLAIM', params: { message: expect.stringContaining('https') } },
      });
    } finally {
      await strict.close();
    }
  });
});
