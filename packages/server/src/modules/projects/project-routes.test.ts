import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Page, Project } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
});
afterAll(() => server.close());

const ProjectPage = Page(Project);

async function createProject(token: string, body: Record<string, unknown>) {
  return callApi<Project>(server.apiUrl, 'POST', '/v1/projects', { token, body });
}

describe('projects', () => {
  it('creates a TEAM project with plan and analytics filled', async () => {
    const answer = await createProject(admin.token, {
      displayName: 'Marketing',
      externalId: 'mkt',
      maxConcurrentJobs: 3,
    });
    expect(answer.status).toBe(201);
    expect(Project.parse(answer.body)).toMatchObject({
      displayName: 'Marketing',
      type: 'TEAM',
      ownerId: admin.userId,
      platformId: admin.platformId,
      externalId: 'mkt',
      maxConcurrentJobs: 3,
      releasesEnabled: false,
      plan: { piecesFilterType: 'NONE', pieces: [], locked: false },
      analytics: { totalFlows: 0, activeFlows: 0, totalUsers: 1, activeUsers: 1 },
    });
  });

  it('refuses a second project with the same externalId (409) and writes nothing', async () => {
    await createProject(admin.token, { displayName: 'One', externalId: 'dup' });
    const again = await createProject(admin.token, { displayName: 'Two', externalId: 'dup' });
    expect(again.status).toBe(409);
    const list = await callApi(server.apiUrl, 'GET', '/v1/projects', {
      token: admin.token,
      query: { externalId: 'dup' },
    });
    expect(ProjectPage.parse(list.body).data.map((project) => project.displayName)).toEqual(['One']);
  });

  it('updates the given fields and keeps the others', async () => {
    const created = await createProject(admin.token, { displayName: 'Before', metadata: { a: 1 } });
    const answer = await callApi<Project>(server.apiUrl, 'POST', `/v1/projects/${created.body.id}`, {
      token: admin.token,
      body: {
        displayName: 'After',
        icon: { color: 'GREEN' },
        plan: { piecesFilterType: 'ALLOWED', pieces: ['slack'] },
      },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      displayName: 'After',
      metadata: { a: 1 },
      icon: { color: 'GREEN' },
      plan: { piecesFilterType: 'ALLOWED', pieces: ['slack'] },
    });
  });

  it('lists with cursors, filters by type, and deletes TEAM projects but not PERSONAL ones', async () => {
    const user = await signUpTestUser(server);
    for (const name of ['p1', 'p2', 'p3']) await createProject(user.token, { displayName: name });
    const first = ProjectPage.parse(
      (await callApi(server.apiUrl, 'GET', '/v1/projects', { token: user.token, query: { limit: '2' } }))
        .body,
    );
    expect(first.data.map((project) => project.displayName)).toEqual(['p3', 'p2']);
    const second = ProjectPage.parse(
      (
        await callApi(server.apiUrl, 'GET', '/v1/projects', {
          token: user.token,
          query: { limit: '2', cursor: first.next ?? '' },
        })
      ).body,
    );
    expect(second.data.map((project) => project.displayName)).toEqual(['p1', "Test's Project"]);
    expect(second.next).toBeNull();
    const back = ProjectPage.parse(
      (
        await callApi(server.apiUrl, 'GET', '/v1/projects', {
          token: user.token,
          query: { limit: '2', cursor: second.previous ?? '' },
        })
      ).body,
    );
    expect(back.data.map((project) => project.displayName)).toEqual(['p3', 'p2']);
    const personal = ProjectPage.parse(
      (
        await callApi(server.apiUrl, 'GET', '/v1/projects', {
          token: user.token,
          query: { types: 'PERSONAL' },
        })
      ).body,
    );
    expect(personal.data.map((project) => project.id)).toEqual([user.projectId]);

    const refused = await callApi(server.apiUrl, 'DELETE', `/v1/projects/${user.projectId ?? ''}`, {
      token: user.token,
    });
    expect(refused.status).toBe(409);
    const team = first.data[0]!;
    expect(
      (await callApi(server.apiUrl, 'DELETE', `/v1/projects/${team.id}`, { token: user.token })).status,
    ).toBe(204);
    expect(
      (await callApi(server.apiUrl, 'GET', `/v1/projects/${team.id}`, { token: user.token })).status,
    ).toBe(404);
  });

  it('answers a bad cursor with 400', async () => {
    const answer = await callApi(server.apiUrl, 'GET', '/v1/projects', {
      token: admin.token,
      query: { cursor: 'nope' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('project access by role', () => {
  it('shows MEMBERs their memberships only, OPERATORs every TEAM project, and hides other platforms', async () => {
    const team = (await createProject(admin.token, { displayName: 'Shared' })).body;
    const hidden = (await createProject(admin.token, { displayName: 'Hidden' })).body;
    const member = await addTestUser(server, admin.platformId, 'MEMBER', [
      { projectId: team.id, role: 'Viewer' },
    ]);
    const operator = await addTestUser(server, admin.platformId, 'OPERATOR');
    const stranger = await signUpTestUser(server);

    const memberList = ProjectPage.parse(
      (await callApi(server.apiUrl, 'GET', '/v1/projects', { token: member.token, query: { limit: '100' } }))
        .body,
    );
    expect(memberList.data.map((project) => project.id)).toEqual([team.id]);
    expect(
      (await callApi(server.apiUrl, 'GET', `/v1/projects/${team.id}`, { token: member.token })).status,
    ).toBe(200);
    expect(
      (await callApi(server.apiUrl, 'GET', `/v1/projects/${hidden.id}`, { token: member.token })).status,
    ).toBe(403);
    const memberWrite = await callApi(server.apiUrl, 'POST', `/v1/projects/${team.id}`, {
      token: member.token,
      body: { displayName: 'x' },
    });
    expect(memberWrite.status).toBe(403);
    expect((await createProject(member.token, { displayName: 'nope' })).status).toBe(403);

    const operatorList = ProjectPage.parse(
      (
        await callApi(server.apiUrl, 'GET', '/v1/projects', {
          token: operator.token,
          query: { limit: '100' },
        })
      ).body,
    );
    expect(operatorList.data.every((project) => project.type === 'TEAM')).toBe(true);
    expect(operatorList.data.map((project) => project.id)).toContain(hidden.id);
    const operatorEdit = await callApi(server.apiUrl, 'POST', `/v1/projects/${hidden.id}`, {
      token: operator.token,
      body: { displayName: 'Edited by operator' },
    });
    expect(operatorEdit.status).toBe(200);
    expect(
      (
        await callApi(server.apiUrl, 'GET', `/v1/projects/${admin.projectId ?? ''}`, {
          token: operator.token,
        })
      ).status,
    ).toBe(403);
    expect(
      (await callApi(server.apiUrl, 'DELETE', `/v1/projects/${hidden.id}`, { token: operator.token })).status,
    ).toBe(403);

    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const answer = await callApi(server.apiUrl, method, `/v1/projects/${team.id}`, {
        token: stranger.token,
        ...(method === 'POST' ? { body: { displayName: 'x' } } : {}),
      });
      expect(answer.status).toBe(404);
    }
  });
});
