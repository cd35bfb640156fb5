import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Page, Project, ProjectMemberWithUser, ProjectRoleWithType } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let projectId: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  const answer = await callApi(server.apiUrl, 'POST', '/v1/projects', {
    token: admin.token,
    body: { displayName: 'Operations' },
  });
  projectId = Project.parse(answer.body).id;
});
afterAll(() => server.close());

async function listMembers(token: string, query: Record<string, string> = {}) {
  const answer = await callApi(server.apiUrl, 'GET', '/v1/project-members', {
    token,
    query: { projectId, limit: '100', ...query },
  });
  return { status: answer.status, body: answer.body };
}

async function membersOf(token: string, query: Record<string, string> = {}) {
  const answer = await listMembers(token, query);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Page(ProjectMemberWithUser).parse(answer.body).data;
}

async function callerRole(token: string, id = projectId) {
  const answer = await callApi(server.apiUrl, 'GET', '/v1/project-members/role', {
    token,
    query: { projectId: id },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return ProjectRoleWithType.nullable().parse(answer.body);
}

describe('project members', () => {
  it('lists members with their user, role and project; filters by role', async () => {
    const editor = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Editor' }]);
    const viewer = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
    const members = await membersOf(admin.token);
    const editorMember = members.find((member) => member.userId === editor.userId);
    expect(editorMember).toMatchObject({
      projectId,
      platformId: admin.platformId,
      project: { id: projectId, displayName: 'Operations' },
      projectRole: { name: 'Editor', type: 'DEFAULT', platformId: null },
      user: { id: editor.userId, email: editor.email, platformRole: 'MEMBER', status: 'ACTIVE' },
    });
    expect(editorMember?.projectRoleId).toBe(editorMember?.projectRole.id);
    expect(JSON.stringify(members)).not.toContain('passwordHash');

    const viewerRoleId = members.find((member) => member.userId === viewer.userId)!.projectRoleId;
    const onlyViewers = await membersOf(admin.token, { projectRoleId: viewerRoleId });
    expect(onlyViewers.map((member) => member.userId)).toEqual([viewer.userId]);

    expect((await listMembers(viewer.token)).status).toBe(200);
    const outsider = await addTestUser(server, admin.platformId, 'MEMBER');
    expect((await listMembers(outsider.token)).status).toBe(403);
    const otherPlatform = await signUpTestUser(server);
    expect((await listMembers(otherPlatform.token)).status).toBe(404);
  });

  it("changes a member's role by name, ignoring case, and the new permissions apply", async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
    const row = (await membersOf(admin.token)).find((entry) => entry.userId === member.userId)!;
    const createFlow = () =>
      callApi(server.apiUrl, 'POST', '/v1/flows', {
        token: member.token,
        body: { displayName: 'F', projectId },
      });
    expect((await createFlow()).status).toBe(403);

    const changed = await callApi(server.apiUrl, 'POST', `/v1/project-members/${row.id}`, {
      token: admin.token,
      body: { role: 'editor' },
    });
    expect(changed.status).toBe(200);
    expect(ProjectMemberWithUser.parse(changed.body)).toMatchObject({
      id: row.id,
      projectRole: { name: 'Editor' },
      user: { id: member.userId },
    });
    expect((await createFlow()).status).toBe(201);
    expect(await callerRole(member.token)).toMatchObject({ name: 'Editor', type: 'DEFAULT' });

    const unknown = await callApi(server.apiUrl, 'POST', `/v1/project-members/${row.id}`, {
      token: admin.token,
      body: { role: 'Overlord' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      code: 'ENTITY_NOT_FOUND',
      params: { entityType: 'projectRole', entityId: 'Overlord' },
    });
  });

  it("takes a custom role of the platform but never another platform's", async () => {
    const other = await signUpTestUser(server);
    const theirs = await callApi(server.apiUrl, 'POST', '/v1/project-roles', {
      token: other.token,
      body: { name: 'Their custom', permissions: ['READ_FLOW'] },
    });
    expect(theirs.status).toBe(201);
    const ours = await callApi(server.apiUrl, 'POST', '/v1/project-roles', {
      token: admin.token,
      body: { name: 'Our custom', permissions: ['READ_FLOW', 'READ_PROJECT_MEMBER'] },
    });
    expect(ours.status).toBe(201);
    const member = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
    const row = (await membersOf(admin.token)).find((entry) => entry.userId === member.userId)!;
    const refused = await callApi(server.apiUrl, 'POST', `/v1/project-members/${row.id}`, {
      token: admin.token,
      body: { role: 'their custom' },
    });
    expect(refused.status).toBe(404);
    const taken = await callApi(server.apiUrl, 'POST', `/v1/project-members/${row.id}`, {
      token: admin.token,
      body: { role: 'OUR CUSTOM' },
    });
    expect(taken.status).toBe(200);
    expect(ProjectMemberWithUser.parse(taken.body).projectRole).toMatchObject({
      name: 'Our custom',
      type: 'CUSTOM',
    });
  });

  it('lets only WRITE_PROJECT_MEMBER holders change or remove members', async () => {
    const editor = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Editor' }]);
    const target = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
    const row = (await membersOf(admin.token)).find((entry) => entry.userId === target.userId)!;
    const change = await callApi(server.apiUrl, 'POST', `/v1/project-members/${row.id}`, {
      token: editor.token,
      body: { role: 'Admin' },
    });
    expect(change.status).toBe(403);
    const remove = await callApi(server.apiUrl, 'DELETE', `/v1/project-members/${row.id}`, {
      token: editor.token,
    });
    expect(remove.status).toBe(403);
    const other = await signUpTestUser(server);
    expect(
      (await callApi(server.apiUrl, 'DELETE', `/v1/project-members/${row.id}`, { token: other.token }))
        .status,
    ).toBe(404);
    expect((await membersOf(admin.token)).find((entry) => entry.id === row.id)?.projectRole.name).toBe(
      'Viewer',
    );
  });

  it('removes a member, who then loses the project', async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Editor' }]);
    const row = (await membersOf(admin.token)).find((entry) => entry.userId === member.userId)!;
    const removed = await callApi(server.apiUrl, 'DELETE', `/v1/project-members/${row.id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(204);
    expect((await membersOf(admin.token)).map((entry) => entry.id)).not.toContain(row.id);
    expect(
      (await callApi(server.apiUrl, 'GET', '/v1/flows', { token: member.token, query: { projectId } }))
        .status,
    ).toBe(403);
    expect(await callerRole(member.token)).toBeNull();
    expect(
      (await callApi(server.apiUrl, 'DELETE', `/v1/project-members/${row.id}`, { token: admin.token }))
        .status,
    ).toBe(404);
  });

  it("answers the caller's role as the server applies it", async () => {
    expect(await callerRole(admin.token)).toMatchObject({ name: 'Admin', type: 'DEFAULT' });
    const operator = await addTestUser(server, admin.platformId, 'OPERATOR');
    expect(await callerRole(operator.token)).toMatchObject({ name: 'Admin' });
    expect(await callerRole(operator.token, admin.projectId!)).toBeNull();
    const viewer = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
    expect(await callerRole(viewer.token)).toMatchObject({ name: 'Viewer' });
    const other = await signUpTestUser(server);
    const foreign = await callApi(server.apiUrl, 'GET', '/v1/project-members/role', {
      token: other.token,
      query: { projectId },
    });
    expect(foreign.status).toBe(404);
  });
});
