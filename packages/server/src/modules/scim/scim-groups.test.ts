import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_GROUP_SCHEMA, SCIM_PATCH_OP_SCHEMA, SCIM_USER_SCHEMA } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import type { TestUser } from '../../testing/test-users';
import {
  expectScimError,
  expectScimGroup,
  expectScimGroupList,
  expectScimUser,
  scimPlatform,
  type ScimClient,
} from '../../testing/features/scim-test-kit';

let server: TestServer;
let admin: TestUser;
let scim: ScimClient;
const userIds: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ({ admin, scim } = await scimPlatform(server));
  for (let i = 0; i < 4; i++) {
    const created = await scim.call('POST', '/Users', {
      schemas: [SCIM_USER_SCHEMA],
      userName: `group.member${String(i)}-${admin.platformId.slice(0, 6).toLowerCase()}@example.com`,
      name: { givenName: 'Member', familyName: String(i) },
    });
    userIds.push(expectScimUser(created, 201).id);
  }
});
afterAll(() => server.close());

function patch(...Operations: unknown[]) {
  return { schemas: [SCIM_PATCH_OP_SCHEMA], Operations };
}

/** The members of project `projectId` (user id and role name), as the project-members API shows them. */
async function membersOf(projectId: string) {
  const answer = await callApi<{ data: { userId: string; projectRole: { name: string } }[] }>(
    server.apiUrl,
    'GET',
    '/v1/project-members',
    { token: admin.token, query: { projectId, limit: '100' } },
  );
  expect(answer.status).toBe(200);
  return answer.body.data.map((member) => ({ userId: member.userId, role: member.projectRole.name }));
}

async function memberIds(projectId: string) {
  return (await membersOf(projectId)).map((member) => member.userId).sort();
}

describe('SCIM Groups', () => {
  it('creates a group as a TEAM project with Editor members, found by displayName and externalId', async () => {
    const created = expectScimGroup(
      await scim.call('POST', '/Groups', {
        schemas: [SCIM_GROUP_SCHEMA],
        displayName: 'Finance',
        externalId: 'okta-group-1',
        members: [{ value: userIds[0] }, { value: 'not-a-user-of-this-platform' }],
      }),
      201,
    );
    expect(created).toMatchObject({ displayName: 'Finance', externalId: 'okta-group-1' });
    expect(created.members.map((member) => member.value)).toEqual([userIds[0]]);
    const project = await callApi<{ type: string; displayName: string; externalId: string }>(
      server.apiUrl,
      'GET',
      `/v1/projects/${created.id}`,
      { token: admin.token },
    );
    expect(project.body).toMatchObject({ type: 'TEAM', displayName: 'Finance', externalId: 'okta-group-1' });
    expect(await membersOf(created.id)).toEqual([{ userId: userIds[0], role: 'Editor' }]);

    for (const filter of ['displayName eq "Finance"', 'externalId eq "okta-group-1"']) {
      const list = expectScimGroupList(
        await scim.call('GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent(filter)}`),
      );
      expect(
        list.Resources.map((group) => group.id),
        filter,
      ).toEqual([created.id]);
    }
    const personal = expectScimGroupList(await scim.call('GET', '/Groups'));
    expect(personal.Resources.map((group) => group.id)).not.toContain(admin.projectId);
    expectScimError(await scim.call('GET', `/Groups/${admin.projectId ?? ''}`), 404);
  });

  it('adds and removes members with the Okta and Entra PATCH shapes', async () => {
    const group = expectScimGroup(
      await scim.call('POST', '/Groups', { schemas: [SCIM_GROUP_SCHEMA], displayName: 'Engineering' }),
      201,
    );
    expectScimGroup(
      await scim.call(
        'PATCH',
        `/Groups/${group.id}`,
        patch({ op: 'add', path: 'members', value: [{ value: userIds[0] }, { value: userIds[1] }] }),
      ),
    );
    expect(await memberIds(group.id)).toEqual([userIds[0], userIds[1]].sort());

    // Okta: a member filter in the path.
    expectScimGroup(
      await scim.call(
        'PATCH',
        `/Groups/${group.id}`,
        patch({ op: 'remove', path: `members[value eq "${userIds[0]!}"]` }),
      ),
    );
    expect(await memberIds(group.id)).toEqual([userIds[1]]);

    // Entra: capitalised ops, the members as values.
    expectScimGroup(
      await scim.call(
        'PATCH',
        `/Groups/${group.id}`,
        patch(
          { op: 'Add', path: 'members', value: [{ value: userIds[2] }, { value: userIds[3] }] },
          { op: 'Remove', path: 'members', value: [{ value: userIds[1] }] },
        ),
      ),
    );
    expect(await memberIds(group.id)).toEqual([userIds[2], userIds[3]].sort());

    const renamed = expectScimGroup(
      await scim.call(
        'PATCH',
        `/Groups/${group.id}`,
        patch(
          { op: 'replace', value: { id: group.id, displayName: 'Platform Engineering' } },
          { op: 'Replace', path: 'externalId', value: 'entra-group-9' },
        ),
      ),
    );
    expect(renamed).toMatchObject({ displayName: 'Platform Engineering', externalId: 'entra-group-9' });
    expect(renamed.members.map((member) => member.value).sort()).toEqual([userIds[2], userIds[3]].sort());
  });

  it('replaces a group with PUT and deletes it with its project', async () => {
    const group = expectScimGroup(
      await scim.call('POST', '/Groups', {
        schemas: [SCIM_GROUP_SCHEMA],
        displayName: 'Sales',
        members: [{ value: userIds[0] }],
      }),
      201,
    );
    const replaced = expectScimGroup(
      await scim.call('PUT', `/Groups/${group.id}`, {
        schemas: [SCIM_GROUP_SCHEMA],
        displayName: 'Sales EMEA',
        members: [{ value: userIds[1] }, { value: userIds[2] }],
      }),
    );
    expect(replaced.displayName).toBe('Sales EMEA');
    expect(await memberIds(group.id)).toEqual([userIds[1], userIds[2]].sort());

    expect((await scim.call('DELETE', `/Groups/${group.id}`)).status).toBe(204);
    expectScimError(await scim.call('GET', `/Groups/${group.id}`), 404);
    const project = await callApi(server.apiUrl, 'GET', `/v1/projects/${group.id}`, { token: admin.token });
    expect(project.status).toBe(404);
  });

  it('pages with startIndex and count', async () => {
    const all = expectScimGroupList(await scim.call('GET', '/Groups'));
    expect(all.totalResults).toBeGreaterThanOrEqual(2);
    const page = expectScimGroupList(await scim.call('GET', '/Groups?startIndex=2&count=1'));
    expect(page).toMatchObject({ totalResults: all.totalResults, startIndex: 2, itemsPerPage: 1 });
    expect(page.Resources.map((group) => group.id)).toEqual([all.Resources[1]!.id]);
  });

  it('refuses bad requests and keeps platforms apart', async () => {
    expectScimError(
      await scim.call('GET', '/Groups?filter=displayName%20zz%20%22x%22'),
      400,
      'invalidFilter',
    );
    expectScimError(
      await scim.call('POST', '/Groups', { schemas: [SCIM_GROUP_SCHEMA] }),
      400,
      'invalidValue',
    );
    const group = expectScimGroup(
      await scim.call('POST', '/Groups', {
        schemas: [SCIM_GROUP_SCHEMA],
        displayName: 'Legal',
        externalId: 'g-legal',
      }),
      201,
    );
    expectScimError(
      await scim.call('POST', '/Groups', {
        schemas: [SCIM_GROUP_SCHEMA],
        displayName: 'Legal 2',
        externalId: 'g-legal',
      }),
      409,
      'uniqueness',
    );
    expectScimError(
      await scim.call('PATCH', `/Groups/${group.id}`, patch({ op: 'add', path: 'members', value: 'nobody' })),
      400,
      'invalidValue',
    );

    const other = await scimPlatform(server);
    expectScimError(await other.scim.call('GET', `/Groups/${group.id}`), 404);
    expectScimError(
      await other.scim.call('PATCH', `/Groups/${group.id}`, patch({ op: 'add', path: 'members', value: [] })),
      404,
    );
    expectScimError(await other.scim.call('DELETE', `/Groups/${group.id}`), 404);
    expect(expectScimGroupList(await other.scim.call('GET', '/Groups')).Resources).toEqual([]);
    // A user of another platform never joins.
    const stranger = expectScimUser(
      await other.scim.call('POST', '/Users', {
        schemas: [SCIM_USER_SCHEMA],
        userName: `stranger-${other.admin.platformId.slice(0, 6).toLowerCase()}@example.com`,
      }),
      201,
    );
    expectScimGroup(
      await scim.call(
        'PATCH',
        `/Groups/${group.id}`,
        patch({ op: 'add', path: 'members', value: [{ value: stranger.id }] }),
      ),
    );
    expect(await memberIds(group.id)).toEqual([]);
  });
});
