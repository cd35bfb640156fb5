import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_LIST_RESPONSE_SCHEMA, SCIM_PATCH_OP_SCHEMA, SCIM_USER_SCHEMA } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, type TestUser } from '../../testing/test-users';
import { startSession } from '../sessions/start-session';
import {
  expectScimError,
  expectScimUser,
  expectScimUserList,
  scimClient,
  scimPlatform,
  type ScimClient,
} from '../../testing/features/scim-test-kit';

let server: TestServer;
let admin: TestUser;
let scim: ScimClient;
let apiKey: string;

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, scim, apiKey } = await scimPlatform(server));
});
afterAll(() => server.close());

let counter = 0;
function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    schemas: [SCIM_USER_SCHEMA],
    userName: `Scim.Person${String(counter)}@Example.com`,
    name: { givenName: 'Ada', familyName: `Person${String(counter)}` },
    emails: [{ value: `scim.person${String(counter)}@example.com`, type: 'work', primary: true }],
    externalId: `okta-${String(counter)}`,
    active: true,
    ...overrides,
  };
}

function patch(...Operations: unknown[]) {
  return { schemas: [SCIM_PATCH_OP_SCHEMA], Operations };
}

/** The platform user `id` as the users API shows it to the admin. */
async function platformUser(id: string) {
  const answer = await callApi<{ data: { id: string; status: string; email: string; externalId: string }[] }>(
    server.apiUrl,
    'GET',
    '/v1/users',
    { token: admin.token, query: { limit: '100' } },
  );
  return answer.body.data.find((user) => user.id === id);
}

/** A session token of user `id`, as signing in would give it now (its session recorded). */
async function sessionOf(id: string): Promise<string> {
  const { context } = server.server;
  const row = await context.store.db
    .selectFrom('user')
    .select(['id', 'platformId', 'tokenVersion'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return startSession(context, row, { ip: '127.0.0.1', userAgent: 'scim-test' });
}

/** Why each session of user `id` ended (null while open). */
async function sessionEndReasons(id: string): Promise<(string | null)[]> {
  const rows = await server.server.context.store.db
    .selectFrom('userSession')
    .select('endReason')
    .where('userId', '=', id)
    .execute();
  return rows.map((row) => row.endReason);
}

function statusWith(token: string) {
  return callApi(server.apiUrl, 'GET', '/v1/projects', { token }).then((answer) => answer.status);
}

describe('SCIM Users', () => {
  it('creates a platform user, ACTIVE, without a usable password, found by userName, externalId and email', async () => {
    const request = newUser();
    const created = expectScimUser(await scim.call('POST', '/Users', request), 201);
    expect(created).toMatchObject({
      userName: request.userName.toLowerCase(),
      externalId: request.externalId,
      active: true,
      name: { givenName: 'Ada', familyName: request.name.familyName },
      meta: { resourceType: 'User', location: `/api/v1/scim/v2/Users/${created.id}` },
    });
    expect(await platformUser(created.id)).toMatchObject({
      status: 'ACTIVE',
      email: created.userName,
      externalId: request.externalId,
    });
    const signIn = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
      body: { email: created.userName, password: 'anything at all' },
    });
    expect(signIn.status).toBe(401);

    for (const filter of [
      `userName eq "${request.userName}"`,
      `externalId eq "${request.externalId}"`,
      `emails.value eq "${created.userName}"`,
      `emails[value eq "${created.userName}"]`,
    ]) {
      const list = expectScimUserList(await scim.call('GET', `/Users?filter=${encodeURIComponent(filter)}`));
      expect(list.schemas).toEqual([SCIM_LIST_RESPONSE_SCHEMA]);
      expect(
        list.Resources.map((user) => user.id),
        filter,
      ).toEqual([created.id]);
      expect(list.totalResults).toBe(1);
    }
    const none = expectScimUserList(
      await scim.call('GET', '/Users?filter=userName%20eq%20%22nobody%40example.com%22'),
    );
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
    const other = expectScimUserList(
      await scim.call(
        'GET',
        `/Users?filter=${encodeURIComponent('name.familyName sw "Person" and active eq true')}`,
      ),
    );
    expect(other.Resources.map((user) => user.id)).toContain(created.id);
  });

  it('pages with startIndex and count', async () => {
    for (let i = 0; i < 3; i++) expectScimUser(await scim.call('POST', '/Users', newUser()), 201);
    const all = expectScimUserList(await scim.call('GET', '/Users'));
    const page = expectScimUserList(await scim.call('GET', '/Users?startIndex=2&count=2'));
    expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((user) => user.id)).toEqual(all.Resources.slice(1, 3).map((user) => user.id));
  });

  it('deactivates with Okta and Entra PATCH shapes, ending sessions, and reactivates', async () => {
    const created = expectScimUser(await scim.call('POST', '/Users', newUser()), 201);
    const okta = await sessionOf(created.id);
    expect(await statusWith(okta)).toBe(200);
    const deactivated = expectScimUser(
      await scim.call('PATCH', `/Users/${created.id}`, patch({ op: 'replace', value: { active: false } })),
    );
    expect(deactivated.active).toBe(false);
    expect((await platformUser(created.id))?.status).toBe('INACTIVE');
    expect(await statusWith(okta)).toBe(401);
    expect(await sessionEndReasons(created.id)).toEqual(['DEPROVISIONED']);

    const back = expectScimUser(
      await scim.call(
        'PATCH',
        `/Users/${created.id}`,
        patch({ op: 'Replace', path: 'active', value: 'True' }),
      ),
    );
    expect(back.active).toBe(true);
    expect(await statusWith(okta)).toBe(401);
    const entra = await sessionOf(created.id);
    expect(await statusWith(entra)).toBe(200);
    expectScimUser(
      await scim.call(
        'PATCH',
        `/Users/${created.id}`,
        patch({ op: 'Replace', path: 'active', value: 'False' }),
      ),
    );
    expect((await platformUser(created.id))?.status).toBe('INACTIVE');
    expect(await statusWith(entra)).toBe(401);
  });

  it('changes names, userName and externalId with PATCH and PUT', async () => {
    const created = expectScimUser(await scim.call('POST', '/Users', newUser()), 201);
    const patched = expectScimUser(
      await scim.call(
        'PATCH',
        `/Users/${created.id}`,
        patch(
          { op: 'replace', path: 'name.givenName', value: 'Grace' },
          { op: 'add', value: { 'name.familyName': 'Hopper', externalId: 'entra-77' } },
        ),
      ),
    );
    expect(patched).toMatchObject({
      name: { givenName: 'Grace', familyName: 'Hopper' },
      externalId: 'entra-77',
    });
    const replaced = expectScimUser(
      await scim.call('PUT', `/Users/${created.id}`, {
        schemas: [SCIM_USER_SCHEMA],
        userName: 'renamed.person@example.com',
        name: { givenName: 'Renamed', familyName: 'Person' },
        active: false,
      }),
    );
    expect(replaced).toMatchObject({
      userName: 'renamed.person@example.com',
      name: { givenName: 'Renamed', familyName: 'Person' },
      externalId: 'entra-77',
      active: false,
    });
    expect(await platformUser(created.id)).toMatchObject({
      email: 'renamed.person@example.com',
      status: 'INACTIVE',
    });
  });

  it('deprovisions on DELETE: the user stays, INACTIVE, sessions ended', async () => {
    const created = expectScimUser(await scim.call('POST', '/Users', newUser()), 201);
    const session = await sessionOf(created.id);
    const deleted = await scim.call('DELETE', `/Users/${created.id}`);
    expect(deleted.status).toBe(204);
    expect(await statusWith(session)).toBe(401);
    expect(expectScimUser(await scim.call('GET', `/Users/${created.id}`)).active).toBe(false);
  });

  it('never deactivates the last active admin', async () => {
    const refused = await scim.call(
      'PATCH',
      `/Users/${admin.userId}`,
      patch({ op: 'replace', value: { active: false } }),
    );
    expectScimError(refused, 409, 'mutability');
    expectScimError(await scim.call('DELETE', `/Users/${admin.userId}`), 409, 'mutability');
    expect((await platformUser(admin.userId))?.status).toBe('ACTIVE');
  });

  it('refuses a taken userName or externalId with 409 uniqueness, and bad input with 400', async () => {
    const request = newUser();
    expectScimUser(await scim.call('POST', '/Users', request), 201);
    expectScimError(
      await scim.call('POST', '/Users', { ...request, externalId: 'other' }),
      409,
      'uniqueness',
    );
    expectScimError(
      await scim.call('POST', '/Users', newUser({ externalId: request.externalId })),
      409,
      'uniqueness',
    );
    expectScimError(await scim.call('GET', '/Users?filter=userName%20eq'), 400, 'invalidFilter');
    expectScimError(await scim.call('GET', '/Users?filter=this%20is%20no%20filter'), 400, 'invalidFilter');
    expectScimError(
      await scim.call('POST', '/Users', newUser({ userName: 'not-an-email', emails: [] })),
      400,
      'invalidValue',
    );
    expectScimError(await scim.call('POST', '/Users', { schemas: [SCIM_USER_SCHEMA] }), 400, 'invalidValue');
    expectScimError(await scim.call('GET', '/Users/no-such-user'), 404);
  });

  it('answers 401 SCIM errors without a valid token, and keeps platforms apart', async () => {
    const created = expectScimUser(await scim.call('POST', '/Users', newUser()), 201);
    expectScimError(await scimClient(server, undefined).call('GET', '/Users'), 401);
    expectScimError(await scimClient(server, 'sk-not-a-key').call('GET', '/Users'), 401);
    expectScimError(await scimClient(server, 'not-a-session').call('GET', `/Users/${created.id}`), 401);

    const other = await scimPlatform(server);
    expectScimError(await other.scim.call('GET', `/Users/${created.id}`), 404);
    expectScimError(
      await other.scim.call(
        'PATCH',
        `/Users/${created.id}`,
        patch({ op: 'replace', value: { active: false } }),
      ),
      404,
    );
    expectScimError(await other.scim.call('DELETE', `/Users/${created.id}`), 404);
    const seen = expectScimUserList(await other.scim.call('GET', '/Users'));
    expect(seen.Resources.map((user) => user.id)).toEqual([other.admin.userId]);
    expect(expectScimUser(await scim.call('GET', `/Users/${created.id}`)).active).toBe(true);

    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    expectScimError(await scimClient(server, member.token).call('GET', '/Users'), 403);
  });

  it('takes bodies as application/scim+json with parameters, and refuses malformed JSON with a SCIM error', async () => {
    const send = (contentType: string, body: string) =>
      fetch(`${server.apiUrl}/v1/scim/v2/Users`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': contentType },
        body,
      });
    const created = await send('application/scim+json; charset=utf-8', JSON.stringify(newUser()));
    expect(created.status).toBe(201);
    const broken = await send('application/scim+json', '{"userName": ');
    expectScimError(
      { status: broken.status, contentType: broken.headers.get('content-type'), body: await broken.json() },
      400,
    );
  });

  it('describes itself: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const config = await scim.call('GET', '/ServiceProviderConfig');
    expect(config).toMatchObject({
      status: 200,
      body: { patch: { supported: true }, filter: { supported: true } },
    });
    const types = await scim.call('GET', '/ResourceTypes');
    expect((types.body as { Resources: { id: string }[] }).Resources.map((type) => type.id)).toEqual([
      'User',
      'Group',
    ]);
    const schemas = await scim.call('GET', '/Schemas');
    expect(schemas.status).toBe(200);
    expect(schemas.contentType).toMatch(/^application\/scim\+json/);
  });
});
