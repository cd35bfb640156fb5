/**
 * SAML sign-in against a stand-in identity provider on loopback (`TestSamlIdentityProvider`:
 * metadata, the HTTP-Redirect AuthnRequest, responses signed with xml-crypto by a `selfsigned`
 * certificate). SP-initiated and IdP-initiated sign-ins sign new users up on the platform with its
 * default role and existing ones in; every forged, unsigned, foreign, expired or replayed response
 * is refused with a redirect to the sign-in page, and creates nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { rowCounts } from '../../testing/row-counts';
import {
  makeSigningKeys,
  TestSamlIdentityProvider,
  type ResponseOptions,
} from '../../testing/saml-identity-provider';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let idp: TestSamlIdentityProvider;
let server: TestServer;
let owner: TestUser;
let publicUrl: string;

beforeAll(async () => {
  idp = await TestSamlIdentityProvider.start();
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' });
  publicUrl = server.server.context.settings.publicUrl;
  owner = await signUpTestUser(server);
  expect((await setUpSaml(owner, 'OPERATOR')).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await server.close();
  await idp.close();
});

function setUpSaml(admin: TestUser, defaultPlatformRole: string, certificate = idp.keys.certificate) {
  return callApi(server.apiUrl, 'POST', `/v1/platforms/${admin.platformId}`, {
    token: admin.token,
    body: {
      federatedAuthProviders: {
        saml: { idpMetadata: idp.metadata(), idpCertificate: certificate, defaultPlatformRole },
      },
    },
  });
}

/** The service provider's values of `platformId`, as the server names them. */
function sp(platformId: string) {
  const api = `${publicUrl}api/v1/authn/saml`;
  return {
    entityId: `${api}/metadata?platformId=${platformId}`,
    acsUrl: `${api}/acs?platformId=${platformId}`,
  };
}

/** Posts a form to the ACS of `platformId` (on the test server's own address) and answers the redirect. */
async function postAcs(
  platformId: string | undefined,
  form: Record<string, string | undefined>,
): Promise<URL> {
  const fields = Object.entries(form).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const query = platformId === undefined ? '' : `?platformId=${platformId}`;
  const answer = await fetch(`${server.apiUrl}/v1/authn/saml/acs${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

function claim(code: string) {
  return callApi<Record<string, unknown>>(server.apiUrl, 'POST', '/v1/authn/saml/claim', { body: { code } });
}

/** The ACS redirect's one-time code exchanged for the session. */
async function session(back: URL) {
  expect(`${back.origin}${back.pathname}`, back.searchParams.get('error') ?? '').toBe(
    `${publicUrl}authenticate`,
  );
  const answer = await claim(back.searchParams.get('code')!);
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Through the identity provider: the server's login redirect, the provider's auto-posted form. */
async function spInitiated(
  platformId: string,
): Promise<{ form: { SAMLResponse: string; RelayState?: string } }> {
  const login = await fetch(`${server.apiUrl}/v1/authn/saml/login?platformId=${platformId}`, {
    redirect: 'manual',
  });
  expect(login.status).toBe(302);
  const page = await fetch(login.headers.get('location')!);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<form method="post"');
  const posted = idp.posts.at(-1)!;
  return {
    form: {
      SAMLResponse: posted.SAMLResponse,
      ...(posted.RelayState === undefined ? {} : { RelayState: posted.RelayState }),
    },
  };
}

/** An IdP-initiated response for the owner's platform, with `overrides`. */
function idpResponse(email: string, overrides: Partial<ResponseOptions> = {}): string {
  const { entityId, acsUrl } = sp(owner.platformId);
  return idp.response({
    acsUrl,
    audience: entityId,
    email,
    firstName: 'Ivy',
    lastName: 'Initiated',
    ...overrides,
  });
}

async function usersNamed(email: string) {
  return server.server.context.store.db
    .selectFrom('user')
    .select(['id', 'platformId', 'platformRole', 'firstName', 'lastName'])
    .where('email', '=', email)
    .execute();
}

/** Expects a refusal: back to the sign-in page with a reason, and no user, project or platform made. */
async function expectRefused(post: () => Promise<URL>, reason: RegExp): Promise<void> {
  const before = await rowCounts(server, ['user', 'project', 'platform']);
  const back = await post();
  expect(`${back.origin}${back.pathname}`).toBe(`${publicUrl}sign-in`);
  expect(back.searchParams.get('error')).toMatch(reason);
  expect(await rowCounts(server, ['user', 'project', 'platform'])).toEqual(before);
}

describe('set-up', () => {
  it('shows the SSO button in the flags and serves the service provider metadata', async () => {
    const flags = await callApi<Record<string, unknown>>(server.apiUrl, 'GET', '/v1/flags', {
      token: owner.token,
    });
    expect(flags.body['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP']).toMatchObject({ saml: true });
    const metadata = await fetch(`${server.apiUrl}/v1/authn/saml/metadata?platformId=${owner.platformId}`);
    expect(metadata.headers.get('content-type')).toContain('application/samlmetadata+xml');
    const xml = await metadata.text();
    expect(xml).toContain(`entityID="${sp(owner.platformId).entityId.replace(/&/g, '&amp;')}"`);
    expect(xml).toContain(`Location="${sp(owner.platformId).acsUrl.replace(/&/g, '&amp;')}"`);
    const values = await callApi(server.apiUrl, 'GET', '/v1/authn/saml/service-provider', {
      token: owner.token,
    });
    expect(values.body).toEqual({ ...sp(owner.platformId), metadataUrl: sp(owner.platformId).entityId });
  });

  it("fetches an identity provider's metadata and signing certificate from its URL", async () => {
    const answer = await callApi<{ idpMetadata: string; idpCertificate: string }>(
      server.apiUrl,
      'POST',
      '/v1/authn/saml/idp-metadata',
      { token: owner.token, body: { url: `${idp.url}/metadata` } },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.idpMetadata).toBe(idp.metadata());
    expect(answer.body.idpCertificate.replace(/\s/g, '')).toBe(idp.keys.certificate.replace(/\s/g, ''));
  });
});

describe('SP-initiated sign-in', () => {
  it('sends an AuthnRequest with our entity ID, ACS URL and a RelayState, and signs a new user up', async () => {
    idp.user = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' };
    const { form } = await spInitiated(owner.platformId);
    const request = idp.requests.at(-1)!;
    expect(request).toMatchObject({
      issuer: sp(owner.platformId).entityId,
      acsUrl: sp(owner.platformId).acsUrl,
    });
    expect(request.relayState).toMatch(new RegExp(`^${owner.platformId}\\.`));
    const user = await session(await postAcs(owner.platformId, form));
    expect(user).toMatchObject({
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      platformId: owner.platformId,
      platformRole: 'OPERATOR',
      token: expect.any(String),
      projectId: expect.any(String),
    });
    const projects = await callApi(server.apiUrl, 'GET', '/v1/projects', { token: String(user['token']) });
    expect(projects.status).toBe(200);
    const events = await server.server.context.store.db
      .selectFrom('auditEvent')
      .select(['action', 'data'])
      .where('userEmail', '=', 'ada@example.com')
      .execute();
    expect(events.map((e) => [e.action, JSON.parse(e.data).source])).toEqual([['user.signed.up', 'sso']]);
  });

  it('signs an existing user in, keeping their role; a code is good once', async () => {
    idp.user = { email: owner.email, firstName: 'Other', lastName: 'Name' };
    const { form } = await spInitiated(owner.platformId);
    const back = await postAcs(owner.platformId, form);
    const user = await session(back);
    expect(user).toMatchObject({ id: owner.userId, platformRole: 'ADMIN', email: owner.email.toLowerCase() });
    expect(await claim(back.searchParams.get('code')!)).toMatchObject({
      status: 401,
      body: { code: 'AUTHENTICATION' },
    });
  });

  it('refuses a response to a request this server never sent', async () => {
    await expectRefused(
      () =>
        postAcs(owner.platformId, {
          SAMLResponse: idpResponse('never@example.com', { inResponseTo: '_not-ours' }),
        }),
      /InResponseTo is not valid/,
    );
  });

  it('refuses a RelayState of one platform posted to the ACS of another', async () => {
    const other = await signUpTestUser(server);
    expect((await setUpSaml(other, 'MEMBER')).status).toBe(200);
    idp.user = { email: 'relay@example.com', firstName: 'R', lastName: 'S' };
    const { form } = await spInitiated(owner.platformId);
    await expectRefused(() => postAcs(other.platformId, form), /another platform/);
  });
});

describe('IdP-initiated sign-in', () => {
  it('signs a user up from a response without InResponseTo, reading the long claim names', async () => {
    const claims = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';
    const response = idpResponse('ivy@example.com', {
      attributeNames: {
        email: `${claims}/emailaddress`,
        firstName: `${claims}/givenname`,
        lastName: `${claims}/surname`,
      },
    });
    const user = await session(await postAcs(owner.platformId, { SAMLResponse: response }));
    expect(user).toMatchObject({
      email: 'ivy@example.com',
      firstName: 'Ivy',
      lastName: 'Initiated',
      platformRole: 'OPERATOR',
    });
  });

  it('takes a response signed as a whole around a signed assertion', async () => {
    const response = idpResponse('both@example.com', { signResponse: true });
    expect(await session(await postAcs(owner.platformId, { SAMLResponse: response }))).toMatchObject({
      email: 'both@example.com',
    });
  });
});

describe('refusals', () => {
  it('refuses a tampered assertion', async () => {
    const xml = Buffer.from(idpResponse('honest@example.com'), 'base64').toString('utf8');
    const tampered = Buffer.from(xml.replaceAll('honest@example.com', 'mallory@example.com')).toString(
      'base64',
    );
    await expectRefused(() => postAcs(owner.platformId, { SAMLResponse: tampered }), /signature/i);
    expect(await usersNamed('mallory@example.com')).toEqual([]);
  });

  it('refuses an unsigned assertion, even in a signed response', async () => {
    await expectRefused(
      () =>
        postAcs(owner.platformId, {
          SAMLResponse: idpResponse('unsigned@example.com', { signAssertion: false }),
        }),
      /signature/i,
    );
    await expectRefused(
      () =>
        postAcs(owner.platformId, {
          SAMLResponse: idpResponse('unsigned@example.com', { signAssertion: false, signResponse: true }),
        }),
      /signature/i,
    );
  });

  it('refuses an assertion for another audience', async () => {
    await expectRefused(
      () =>
        postAcs(owner.platformId, {
          SAMLResponse: idpResponse('aud@example.com', { audience: 'https://elsewhere.example/sp' }),
        }),
      /audience/i,
    );
  });

  it('refuses an expired assertion', async () => {
    const expired = idpResponse('late@example.com', { notOnOrAfter: new Date(Date.now() - 10 * 60_000) });
    await expectRefused(() => postAcs(owner.platformId, { SAMLResponse: expired }), /expired/i);
  });

  it('refuses the same response posted twice', async () => {
    const response = idpResponse('once@example.com');
    await session(await postAcs(owner.platformId, { SAMLResponse: response }));
    await expectRefused(() => postAcs(owner.platformId, { SAMLResponse: response }), /used already/);
  });

  it('refuses an assertion signed by another certificate', async () => {
    const stranger = await makeSigningKeys('stranger');
    await expectRefused(
      () =>
        postAcs(owner.platformId, { SAMLResponse: idpResponse('forged@example.com', { signer: stranger }) }),
      /signature/i,
    );
  });

  it("refuses another platform's assertion, and users of another platform", async () => {
    const other = await signUpTestUser(server);
    expect((await setUpSaml(other, 'MEMBER')).status).toBe(200);
    // Made for the owner's platform (its audience), posted to the other platform's ACS.
    await expectRefused(
      () => postAcs(other.platformId, { SAMLResponse: idpResponse('cross@example.com') }),
      /audience/i,
    );
    // The other platform's provider naming a user of the owner's platform.
    const { entityId, acsUrl } = sp(other.platformId);
    const response = idp.response({ acsUrl, audience: entityId, email: owner.email });
    await expectRefused(() => postAcs(other.platformId, { SAMLResponse: response }), /another platform/);
  });

  it('refuses a deactivated user', async () => {
    const member = await addTestUser(server, owner.platformId, 'MEMBER');
    const deactivated = await callApi(server.apiUrl, 'POST', `/v1/users/${member.userId}`, {
      token: owner.token,
      body: { status: 'INACTIVE' },
    });
    expect(deactivated.status).toBe(200);
    await expectRefused(
      () => postAcs(owner.platformId, { SAMLResponse: idpResponse(member.email) }),
      /deactivated/,
    );
  });

  it('refuses a post without a response, and a platform without SAML', async () => {
    await expectRefused(() => postAcs(owner.platformId, {}), /no SAMLResponse/);
    const bare = await signUpTestUser(server);
    await expectRefused(
      () => postAcs(bare.platformId, { SAMLResponse: idpResponse('x@example.com') }),
      /not set up/,
    );
  });
});

describe('metadata from a URL', () => {
  it('goes through the SSRF filter', async () => {
    const answer = await callApi(server.apiUrl, 'POST', '/v1/authn/saml/idp-metadata', {
      token: owner.token,
      body: { url: 'http://169.254.169.254/metadata' },
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'SSRF_BLOCKED' } });
  });
});
