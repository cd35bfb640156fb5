import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEvent, Page, Project, ProjectRoleWithUserCount, type Permission } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let teamProjectId: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  teamProjectId = await createTeamProject(admin.token, 'Support');
});
afterAll(() => server.close());

async function createTeamProject(token: string, displayName: string): Promise<string> {
  const answer = await callApi(server.apiUrl, 'POST', '/v1/projects', { token, body: { displayName } });
  expect(answer.status).toBe(201);
  return Project.parse(answer.body).id;
}

async function createRole(token: string, name: string, permissions: Permission[]) {
  const answer = await callApi(server.apiUrl, 'POST', '/v1/project-roles', {
    token,
    body: { name, permissions },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return ProjectRoleWithUserCount.parse(answer.body);
}

async function listRoles(token: string) {
  const answer = await callApi(server.apiUrl, 'GET', '/v1/project-roles', { token, query: { limit: '100' } });
  expect(answer.status).toBe(200);
  return Page(ProjectRoleWithUserCount).parse(answer.body).data;
}

async function auditEvents(action: string): Promise<AuditEvent[]> {
  const answer = await callApi(server.apiUrl, 'GET', '/v1/audit-events', {
    token: admin.token,
    query: { action, limit: '100' },
  });
  expect(answer.status).toBe(200);
  return Page(AuditEvent).parse(answer.body).data;
}

describe('project roles', () => {
  it('lists the three default roles to any user of the platform, with their fixed permissions', async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    const roles = await listRoles(member.token);
    const byName = new Map(roles.map((role) => [role.name, role]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['Admin', 'Editor', 'Viewer']));
    expect(byName.get('Viewer')).toMatchObject({ type: 'DEFAULT', platformId: null });
    expect(byName.get('Viewer')?.permissions.every((permission) => permission.startsWith('READ_'))).toBe(
      true,
    );
    expect(byName.get('Editor')?.permissions).not.toContain('WRITE_PROJECT_MEMBER');
    expect(byName.get('Editor')?.permissions).toContain('WRITE_FLOW');
  });

  it('creates, reads, renames and deletes a custom role, recording each change', async () => {
    const role = await createRole(admin.token, 'Flow reviewer', ['READ_FLOW', 'READ_RUN', 'READ_FLOW']);
    expect(role).toMatchObject({
      name: 'Flow reviewer',
      permissions: ['READ_FLOW', 'READ_RUN'],
      platformId: admin.platformId,
      type: 'CUSTOM',
      userCount: 0,
    });
    const got = await callApi(server.apiUrl, 'GET', `/v1/project-roles/${role.id}`, { token: admin.token });
    expect(got.status).toBe(200);
    expect(ProjectRoleWithUserCount.parse(got.body)).toEqual(role);

    const updated = await callApi(server.apiUrl, 'POST', `/v1/project-roles/${role.id}`, {
      token: admin.token,
      body: { name: 'Run reviewer', permissions: ['READ_RUN'] },
    });
    expect(updated.status).toBe(200);
    expect(ProjectRoleWithUserCount.parse(updated.body)).toMatchObject({
      name: 'Run reviewer',
      permissions: ['READ_RUN'],
    });

    const deleted = await callApi(server.apiUrl, 'DELETE', `/v1/project-roles/${role.id}`, {
      token: admin.token,
    });
    expect(deleted.status).toBe(204);
    expect(
      (await callApi(server.apiUrl, 'GET', `/v1/project-roles/${role.id}`, { token: admin.token })).status,
    ).toBe(404);

    const events = [
      ...(await auditEvents('project.role.created')),
      ...(await auditEvents('project.role.updated')),
      ...(await auditEvents('project.role.deleted')),
    ].filter((event) => (event.data as { projectRole: { id: string } }).projectRole.id === role.id);
    expect(
      events.map((event) => [
        event.action,
        (event.data as { projectRole: { name: string } }).projectRole.name,
      ]),
    ).toEqual([
      ['project.role.created', 'Flow reviewer'],
      ['project.role.updated', 'Run reviewer'],
      ['project.role.deleted', 'Run reviewer'],
    ]);
    expect(Object.keys((events[0]!.data as { projectRole: object }).projectRole).sort()).toEqual([
      'created',
      'id',
      'name',
      'permissions',
      'platformId',
      'updated',
    ]);
  });

  it('keeps the default roles fixed', async () => {
    const viewer = (await listRoles(admin.token)).find((role) => role.name === 'Viewer')!;
    const renamed = await callApi(server.apiUrl, 'POST', `/v1/project-roles/${viewer.id}`, {
      token: admin.token,
      body: { name: 'Viewer', permissions: ['WRITE_FLOW'] },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body).toMatchObject({ code: 'VALIDATION', params: { projectRoleId: viewer.id } });
    const deleted = await callApi(server.apiUrl, 'DELETE', `/v1/project-roles/${viewer.id}`, {
      token: admin.token,
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({ code: 'VALIDATION' });
    const after = (await listRoles(admin.token)).find((role) => role.id === viewer.id);
    expect(after?.permissions).toEqual(viewer.permissions);
  });

  it('refuses a duplicate name (ignoring case), a default name and an unknown permission', async () => {
    await createRole(admin.token, 'Auditor', ['READ_RUN']);
    const duplicate = await callApi(server.apiUrl, 'POST', '/v1/project-roles', {
      token: admin.token,
      body: { name: 'AUDITOR', permissions: [] },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'CONFLICT', params: { name: 'AUDITOR' } });
    const defaultName = await callApi(server.apiUrl, 'POST', '/v1/project-roles', {
      token: admin.token,
      body: { name: 'editor', permissions: [] },
    });
    expect(defaultName.status).toBe(409);
    expect(defaultName.body).toMatchObject({ code: 'CONFLICT' });
    const unknown = await callApi(server.apiUrl, 'POST', '/v1/project-roles', {
      token: admin.token,
      body: { name: 'Wizard', permissions: ['READ_FLOW', 'CAST_SPELLS'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'VALIDATION' });
    expect((await listRoles(admin.token)).map((role) => role.name)).not.toContain('Wizard');
  });

  it("hides another platform's custom roles and lets only platform admins write", async () => {
    const other = await signUpTestUser(server);
    const theirs = await createRole(other.token, 'Their role', ['READ_FLOW']);
    expect((await listRoles(admin.token)).map((role) => role.id)).not.toContain(theirs.id);
    expect(
      (await callApi(server.apiUrl, 'GET', `/v1/project-roles/${theirs.id}`, { token: admin.token })).status,
    ).toBe(404);
    expect(
      (await callApi(server.apiUrl, 'DELETE', `/v1/project-roles/${theirs.id}`, { token: admin.token }))
        .status,
    ).toBe(404);

    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    const refused = await callApi(server.apiUrl, 'POST', '/v1/project-roles', {
      token: member.token,
      body: { name: 'Mine', permissions: [] },
    });
    expect(refused.status).toBe(403);
  });

  it('gives a member with a custom role exactly its permissions', async () => {
    await createRole(admin.token, 'Flow reader', ['READ_FLOW', 'READ_PROJECT']);
    const reader = await addTestUser(server, admin.platformId, 'MEMBER', [
      { projectId: teamProjectId, role: 'flow READER' },
    ]);
    const list = await callApi(server.apiUrl, 'GET', '/v1/flows', {
      token: reader.token,
      query: { projectId: teamProjectId },
    });
    expect(list.status).toBe(200);
    const create = await callApi(server.apiUrl, 'POST', '/v1/flows', {
      token: reader.token,
      body: { displayName: 'Nope', projectId: teamProjectId },
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({ code: 'PERMISSION_DENIED', params: { permission: 'WRITE_FLOW' } });
    const runs = await callApi(server.apiUrl, 'GET', '/v1/flow-runs', {
      token: reader.token,
      query: { projectId: teamProjectId },
    });
    expect(runs.status).toBe(403);
  });

  it('counts its members per platform, and deleting a role in use removes its memberships', async () => {
    const role = await createRole(admin.token, 'Temporary', ['READ_FLOW']);
    const holder = await addTestUser(server, admin.platformId, 'MEMBER', [
      { projectId: teamProjectId, role: 'Temporary' },
    ]);
    const counted = (await listRoles(admin.token)).find((entry) => entry.id === role.id);
    expect(counted?.userCount).toBe(1);
    expect(
      (
        await callApi(server.apiUrl, 'GET', '/v1/flows', {
          token: holder.token,
          query: { projectId: teamProjectId },
        })
      ).status,
    ).toBe(200);

    const deleted = await callApi(server.apiUrl, 'DELETE', '/v1/project-roles/temporary', {
      token: admin.token,
    });
    expect(deleted.status).toBe(204);
    const after = await callApi(server.apiUrl, 'GET', '/v1/flows', {
      token: holder.token,
      query: { projectId: teamProjectId },
    });
    expect(after.status).toBe(403);
    const rows = await server.server.context.store.db
      .selectFrom('projectMember')
      .select('id')
      .where('userId', '=', holder.userId)
      .execute();
    expect(rows).toEqual([]);
  });
});
