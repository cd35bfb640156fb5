import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { findFederatedAuthProviders } from './federated-auth-providers';

let server: TestServer;
let admin: TestUser;
let member: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  member = await addTestUser(server, admin.platformId, 'MEMBER');
});
afterAll(() => server.close());

const update = (token: string, body: unknown) =>
  callApi(server.apiUrl, 'POST', `/v1/platforms/${admin.platformId}`, { token, body });
const stored = () => findFederatedAuthProviders(server.server.context, admin.platformId);

const SAML = {
  idpMetadata: '<EntityDescriptor entityID="https://idp.example.com"/>',
  idpCertificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
};
const OIDC = { issuer: 'https://login.example.com/', clientId: 'piecework', clientSecret: 'oidc-secret' };

describe('federatedAuthProviders of a platform', () => {
  it('are set by an admin, shown to the platform without their secrets, and kept sealed', async () => {
    const answer = await update(admin.token, {
      federatedAuthProviders: {
        github: { clientId: 'gh-id', clientSecret: 'gh-secret' },
        saml: SAML,
        oidc: OIDC,
      },
    });
    expect(answer.status).toBe(200);
    const shown = {
      github: { clientId: 'gh-id' },
      saml: { ...SAML, defaultPlatformRole: 'MEMBER' },
      oidc: {
        issuer: OIDC.issuer,
        clientId: 'piecework',
        displayName: 'Single sign-on',
        defaultPlatformRole: 'MEMBER',
      },
    };
    expect(answer.body).toMatchObject({ federatedAuthProviders: shown });
    const read = await callApi(server.apiUrl, 'GET', `/v1/platforms/${admin.platformId}`, {
      token: member.token,
    });
    expect(read.body).toMatchObject({ federatedAuthProviders: shown });
    expect(JSON.stringify(read.body)).not.toContain('secret');
    const row = await server.server.context.store.db
      .selectFrom('platform')
      .select(['federatedAuthProviders', 'federatedAuthSecrets'])
      .where('id', '=', admin.platformId)
      .executeTakeFirstOrThrow();
    expect(`${row.federatedAuthProviders}${row.federatedAuthSecrets ?? ''}`).not.toContain('secret');
    expect(await stored()).toMatchObject({
      github: { clientId: 'gh-id', clientSecret: 'gh-secret' },
      oidc: { clientSecret: 'oidc-secret' },
      saml: SAML,
    });
  });

  it('keep a secret left out, replace a provider named, remove one set to null', async () => {
    await update(admin.token, {
      federatedAuthProviders: { github: { clientId: 'gh-id-2' }, oidc: null },
    });
    const providers = await stored();
    expect(providers.github).toEqual({ clientId: 'gh-id-2', clientSecret: 'gh-secret' });
    expect(providers.oidc).toBeUndefined();
    expect(providers.saml).toMatchObject(SAML);
  });

  it('refuse a new provider without its secret, and a member, changing nothing', async () => {
    const before = await stored();
    const missing = await update(admin.token, {
      federatedAuthProviders: { oidc: { ...OIDC, clientSecret: undefined } },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', params: { field: 'federatedAuthProviders.oidc.clientSecret' } },
    });
    const badIssuer = await update(admin.token, {
      federatedAuthProviders: { oidc: { ...OIDC, issuer: 'not a url' } },
    });
    expect(badIssuer.status).toBe(400);
    const byMember = await update(member.token, { federatedAuthProviders: { saml: null } });
    expect(byMember.status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('count as a way in: email sign-in may be turned off while one is set up, not after', async () => {
    expect((await update(admin.token, { emailAuthEnabled: false })).status).toBe(200);
    const lockout = await update(admin.token, { federatedAuthProviders: { github: null, saml: null } });
    expect(lockout).toMatchObject({ status: 409, body: { params: { field: 'emailAuthEnabled' } } });
    expect((await update(admin.token, { emailAuthEnabled: true })).status).toBe(200);
  });

  it('are named in the sign-in flags of the platform', async () => {
    const flags = await callApi<Record<string, unknown>>(server.apiUrl, 'GET', '/v1/flags', {
      token: admin.token,
    });
    expect(flags.body['THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP']).toEqual({ github: true, saml: true });
  });
});
