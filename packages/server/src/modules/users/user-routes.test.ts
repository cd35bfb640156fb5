import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Page, Project, User } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function listUsers(token: string, query: Record<string, string> = {}) {
  const answer = await callApi(server.apiUrl, 'GET', '/v1/users', {
    token,
    query: { limit: '100', ...query },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return Page(User).parse(answer.body).data;
}

function updateUser(token: string, id: string, body: unknown) {
  return callApi(server.apiUrl, 'POST', `/v1/users/${id}`, { token, body });
}

function deleteUser(token: string, id: string) {
  return callApi(server.apiUrl, 'DELETE', `/v1/users/${id}`, { token });
}

/** A new session token for `user` (as signing in would give), after a deactivation ended the old ones. */
async function freshToken(user: TestUser): Promise<string> {
  const { context } = server.server;
  const row = await context.store.db
    .selectFrom('user')
    .select('tokenVersion')
    .where('id', '=', user.userId)
    .executeTakeFirstOrThrow();
  return context.tokens.issue({
    userId: user.userId,
    platformId: user.platformId,
    tokenVersion: row.tokenVersion,
  });
}

/** A request any signed-in user may make, to see whether a token still works. */
function whoCanListProjects(token: string) {
  return callApi(server.apiUrl, 'GET', '/v1/projects', { token });
}

describe('platform users', () => {
  let admin: TestUser;
  let member: TestUser;
  let operator: TestUser;
  beforeAll(async () => {
    admin = await signUpTestUser(server);
    member = await addTestUser(server, admin.platformId, 'MEMBER');
    operator = await addTestUser(server, admin.platformId, 'OPERATOR');
  });

  it("lists the platform's users, never their password hashes, filtered as asked", async () => {
    const all = await listUsers(admin.token);
    expect(all.map((user) => user.id).sort()).toEqual([admin.userId, member.userId, operator.userId].sort());
    expect(JSON.stringify(all)).not.toContain('not-a-hash');
    expect(all.find((user) => user.id === member.userId)).toMatchObject({
      email: member.email,
      platformRole: 'MEMBER',
      status: 'ACTIVE',
      platformId: admin.platformId,
      externalId: null,
    });

    expect((await listUsers(admin.token, { platformRole: 'OPERATOR' })).map((user) => user.id)).toEqual([
      operator.userId,
    ]);
    const byEmail = await listUsers(admin.token, { email: member.email.slice(0, 12).toUpperCase() });
    expect(byEmail.map((user) => user.id)).toEqual([member.userId]);
    expect(await listUsers(admin.token, { email: '%' })).toEqual([]);

    expect((await updateUser(admin.token, member.userId, { externalId: 'crm-42' })).status).toBe(200);
    expect((await listUsers(admin.token, { externalId: 'crm-42' })).map((user) => user.id)).toEqual([
      member.userId,
    ]);
    expect((await updateUser(admin.token, member.userId, { externalId: 'crm-42' })).status).toBe(200);
    const clash = await updateUser(admin.token, operator.userId, { externalId: 'crm-42' });
    expect(clash).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect((await listUsers(admin.token, { externalId: 'crm-42' })).map((user) => user.id)).toEqual([
      member.userId,
    ]);
    const leaver = await addTestUser(server, admin.platformId, 'MEMBER');
    expect((await updateUser(admin.token, leaver.userId, { status: 'INACTIVE' })).status).toBe(200);
    expect((await listUsers(admin.token, { status: 'INACTIVE' })).map((user) => user.id)).toEqual([
      leaver.userId,
    ]);
    expect((await deleteUser(admin.token, leaver.userId)).status).toBe(204);
  });

  it('is for platform admins only', async () => {
    for (const token of [member.token, operator.token]) {
      expect((await callApi(server.apiUrl, 'GET', '/v1/users', { token })).status).toBe(403);
      expect((await updateUser(token, member.userId, { platformRole: 'ADMIN' })).status).toBe(403);
      expect((await deleteUser(token, admin.userId)).status).toBe(403);
    }
  });

  it("answers 404 for another platform's user and changes nothing there", async () => {
    const stranger = await signUpTestUser(server);
    const changed = await updateUser(admin.token, stranger.userId, { status: 'INACTIVE' });
    expect(changed.status).toBe(404);
    expect(changed.body).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'user' } });
    expect((await deleteUser(admin.token, stranger.userId)).status).toBe(404);
    expect((await whoCanListProjects(stranger.token)).status).toBe(200);
  });

  it("changes a user's platform role, and the new role applies on the next request", async () => {
    const user = await addTestUser(server, admin.platformId, 'MEMBER');
    const promoted = await updateUser(admin.token, user.userId, { platformRole: 'ADMIN' });
    expect(promoted.status).toBe(200);
    expect(User.parse(promoted.body)).toMatchObject({
      id: user.userId,
      platformRole: 'ADMIN',
      status: 'ACTIVE',
    });
    expect((await callApi(server.apiUrl, 'GET', '/v1/users', { token: user.token })).status).toBe(200);
    expect((await updateUser(admin.token, user.userId, { platformRole: 'MEMBER' })).status).toBe(200);
    expect((await callApi(server.apiUrl, 'GET', '/v1/users', { token: user.token })).status).toBe(403);
  });

  it("refuses a deactivated user's token on the very next request, and for good", async () => {
    const user = await addTestUser(server, admin.platformId, 'MEMBER');
    expect((await whoCanListProjects(user.token)).status).toBe(200);
    const deactivated = await updateUser(admin.token, user.userId, { status: 'INACTIVE' });
    expect(deactivated.status).toBe(200);
    expect(User.parse(deactivated.body).status).toBe('INACTIVE');
    const refused = await whoCanListProjects(user.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'INVALID_BEARER_TOKEN' });
    expect((await updateUser(admin.token, user.userId, { status: 'ACTIVE' })).status).toBe(200);
    expect((await whoCanListProjects(user.token)).status).toBe(401);
    const { context } = server.server;
    const fresh = await context.tokens.issue({
      userId: user.userId,
      platformId: admin.platformId,
      tokenVersion: 1,
    });
    expect((await whoCanListProjects(fresh)).status).toBe(200);
  });
});

describe('the last active admin', () => {
  it('cannot be demoted, deactivated or deleted; another active admin unblocks it', async () => {
    const admin = await signUpTestUser(server);
    const inactiveAdmin = await addTestUser(server, admin.platformId, 'ADMIN');
    expect((await updateUser(admin.token, inactiveAdmin.userId, { status: 'INACTIVE' })).status).toBe(200);

    for (const body of [{ platformRole: 'MEMBER' }, { platformRole: 'OPERATOR' }, { status: 'INACTIVE' }]) {
      const refused = await updateUser(admin.token, admin.userId, body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
      expect(refused.body).toMatchObject({ code: 'VALIDATION', params: { userId: admin.userId } });
      expect((refused.body as { params: { message: string } }).params.message).toContain('last active admin');
    }
    const refusedDelete = await deleteUser(admin.token, admin.userId);
    expect(refusedDelete.status).toBe(409);
    expect(refusedDelete.body).toMatchObject({ code: 'VALIDATION' });
    expect((await whoCanListProjects(admin.token)).status).toBe(200);
    expect(
      (await updateUser(admin.token, admin.userId, { platformRole: 'ADMIN', status: 'ACTIVE' })).status,
    ).toBe(200);

    expect((await updateUser(admin.token, inactiveAdmin.userId, { status: 'ACTIVE' })).status).toBe(200);
    expect((await updateUser(admin.token, admin.userId, { platformRole: 'MEMBER' })).status).toBe(200);
    const reactivated = await freshToken(inactiveAdmin);
    expect((await updateUser(reactivated, inactiveAdmin.userId, { platformRole: 'MEMBER' })).status).toBe(
      409,
    );
  });
});

describe('deleting a user', () => {
  it('removes the user, their memberships and PERSONAL projects; their token stops at once', async () => {
    const admin = await signUpTestUser(server);
    const team = await callApi(server.apiUrl, 'POST', '/v1/projects', {
      token: admin.token,
      body: { displayName: 'T' },
    });
    const teamId = Project.parse(team.body).id;
    const leaving = await signUpTestUser(server);
    // Move the signed-up user (with their PERSONAL project) onto the admin's platform.
    const db = server.server.context.store.db;
    await db
      .updateTable('user')
      .set({ platformId: admin.platformId })
      .where('id', '=', leaving.userId)
      .execute();
    await db
      .updateTable('project')
      .set({ platformId: admin.platformId })
      .where('ownerId', '=', leaving.userId)
      .execute();
    const member = await addTestUser(server, admin.platformId, 'MEMBER', [
      { projectId: teamId, role: 'Editor' },
    ]);

    expect((await deleteUser(admin.token, member.userId)).status).toBe(204);
    expect((await whoCanListProjects(member.token)).status).toBe(401);
    expect(
      await db.selectFrom('projectMember').select('id').where('userId', '=', member.userId).execute(),
    ).toEqual([]);
    expect((await listUsers(admin.token)).map((user) => user.id)).not.toContain(member.userId);

    expect((await deleteUser(admin.token, leaving.userId)).status).toBe(204);
    expect(
      await db.selectFrom('project').select('id').where('id', '=', leaving.projectId!).execute(),
    ).toEqual([]);
    expect(
      (await callApi(server.apiUrl, 'GET', `/v1/projects/${teamId}`, { token: admin.token })).status,
    ).toBe(200);
    expect((await deleteUser(admin.token, leaving.userId)).status).toBe(404);
  });

  it('hands the TEAM projects the user owns to an active admin', async () => {
    const admin = await signUpTestUser(server);
    const operator = await addTestUser(server, admin.platformId, 'OPERATOR');
    const created = await callApi(server.apiUrl, 'POST', '/v1/projects', {
      token: operator.token,
      body: { displayName: "Operator's team" },
    });
    expect(created.status).toBe(201);
    const project = Project.parse(created.body);
    expect(project.ownerId).toBe(operator.userId);

    expect((await deleteUser(admin.token, operator.userId)).status).toBe(204);
    const after = await callApi(server.apiUrl, 'GET', `/v1/projects/${project.id}`, { token: admin.token });
    expect(after.status).toBe(200);
    expect(Project.parse(after.body).ownerId).toBe(admin.userId);
  });
});
