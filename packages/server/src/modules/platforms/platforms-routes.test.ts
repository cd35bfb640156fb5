import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_AUTH_SETTINGS, generateId } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  member = await addTestUser(server, admin.platformId, 'MEMBER');
  stranger = await signUpTestUser(server);
  const created = await callApi<{ value: string }>(server.apiUrl, 'POST', '/v1/api-keys', {
    token: admin.token,
    body: { displayName: 'CI' },
  });
  apiKey = created.body.value;
});
afterAll(() => server.close());

const getPlatform = (token: string, id: string) =>
  callApi(server.apiUrl, 'GET', `/v1/platforms/${id}`, { token });
const updatePlatform = (token: string, id: string, body: unknown) =>
  callApi(server.apiUrl, 'POST', `/v1/platforms/${id}`, { token, body });

describe('GET /v1/platforms/:id', () => {
  it('answers the caller their platform, unlimited credits by default', async () => {
    for (const token of [admin.token, member.token, apiKey]) {
      const answer = await getPlatform(token, admin.platformId);
      expect(answer).toMatchObject({
        status: 200,
        body: { id: admin.platformId, name: expect.any(String), credits: null, googleAuthEnabled: true },
      });
    }
  });

  it('answers 404 for another platform', async () => {
    const answer = await getPlatform(stranger.token, admin.platformId);
    expect(answer).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
  });
});

describe('POST /v1/platforms/:id', () => {
  it('lets a platform admin or an API key set the name and the credits (null: unlimited)', async () => {
    const renamed = await updatePlatform(admin.token, admin.platformId, { name: 'Acme', credits: 5 });
    expect(renamed).toMatchObject({ status: 200, body: { id: admin.platformId, name: 'Acme', credits: 5 } });
    const byKey = await updatePlatform(apiKey, admin.platformId, { credits: 0 });
    expect(byKey.body).toEqual({
      id: admin.platformId,
      name: 'Acme',
      credits: 0,
      ...DEFAULT_PLATFORM_AUTH_SETTINGS,
      federatedAuthProviders: {},
    });
    expect((await getPlatform(member.token, admin.platformId)).body).toEqual(byKey.body);
    const unlimited = await updatePlatform(admin.token, admin.platformId, { credits: null });
    expect(unlimited.body).toMatchObject({ id: admin.platformId, name: 'Acme', credits: null });
    expect((await updatePlatform(admin.token, admin.platformId, {})).body).toEqual(unlimited.body);
  });

  it.each([
    ['a MEMBER of the platform: 403', 'member', 'own', 403, 'AUTHORIZATION'],
    ['an admin of another platform: 404', 'stranger', 'own', 404, 'ENTITY_NOT_FOUND'],
    ['an unknown platform: 404', 'admin', 'unknown', 404, 'ENTITY_NOT_FOUND'],
  ] as const)('refuses %s, changing nothing', async (_, who, platform, status, code) => {
    const token = { admin, member, stranger }[who].token;
    const id = platform === 'own' ? admin.platformId : generateId();
    const before = (await getPlatform(admin.token, admin.platformId)).body;
    const answer = await updatePlatform(token, id, { credits: 1000 });
    expect(answer).toMatchObject({ status, body: { code } });
    expect((await getPlatform(admin.token, admin.platformId)).body).toEqual(before);
  });

  it.each([
    [{ credits: -1 }],
    [{ credits: 1.5 }],
    [{ name: '  ' }],
    [{ allowedAuthDomains: ['not a domain'] }],
    [{ emailAuthEnabled: 'no' }],
  ])('answers 400 for %j', async (body) => {
    const answer = await updatePlatform(admin.token, admin.platformId, body);
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });
});

describe('sign-in rules on the platform', () => {
  it('lets an admin list allowed domains and enforce them, including their own', async () => {
    const domain = admin.email.split('@')[1]!;
    const answer = await updatePlatform(admin.token, admin.platformId, {
      allowedAuthDomains: ['Acme.example', domain, 'acme.example'],
      enforceAllowedAuthDomains: true,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { allowedAuthDomains: ['acme.example', domain], enforceAllowedAuthDomains: true },
    });
    expect((await getPlatform(member.token, admin.platformId)).body).toEqual(answer.body);
    await updatePlatform(admin.token, admin.platformId, { enforceAllowedAuthDomains: false });
  });

  it.each([
    ['email sign-in off without Google sign-in configured', { emailAuthEnabled: false }, 'emailAuthEnabled'],
    [
      'enforcing an empty domain list',
      { allowedAuthDomains: [], enforceAllowedAuthDomains: true },
      'enforceAllowedAuthDomains',
    ],
    [
      "enforcing domains without the caller's own",
      { allowedAuthDomains: ['elsewhere.example'], enforceAllowedAuthDomains: true },
      'allowedAuthDomains',
    ],
  ])('refuses %s (409), changing nothing', async (_, body, field) => {
    const before = (await getPlatform(admin.token, admin.platformId)).body;
    const answer = await updatePlatform(admin.token, admin.platformId, body);
    expect(answer).toMatchObject({ status: 409, body: { code: 'VALIDATION', params: { field } } });
    expect((await getPlatform(admin.token, admin.platformId)).body).toEqual(before);
  });

  it('lets email sign-in be turned off while Google sign-in is configured and on', async () => {
    const withGoogle = await startTestServer({
      AP_GOOGLE_CLIENT_ID: 'id',
      AP_GOOGLE_CLIENT_SECRET: 'secret',
    });
    try {
      const owner = await signUpTestUser(withGoogle);
      const off = await callApi(withGoogle.apiUrl, 'POST', `/v1/platforms/${owner.platformId}`, {
        token: owner.token,
        body: { emailAuthEnabled: false },
      });
      expect(off).toMatchObject({ status: 200, body: { emailAuthEnabled: false, googleAuthEnabled: true } });
      const bothOff = await callApi(withGoogle.apiUrl, 'POST', `/v1/platforms/${owner.platformId}`, {
        token: owner.token,
        body: { googleAuthEnabled: false },
      });
      expect(bothOff).toMatchObject({ status: 409, body: { code: 'VALIDATION' } });
    } finally {
      await withGoogle.close();
    }
  });
});
