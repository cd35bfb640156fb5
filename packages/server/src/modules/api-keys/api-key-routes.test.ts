import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKey, AuditEvent, CreatedApiKey, Page } from '@piecework/shared';
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

/** The platform's audit events of `action`, oldest first, read through `GET /v1/audit-events`. */
async function auditEvents(token: string, action: string): Promise<AuditEvent[]> {
  const answer = await callApi(server.apiUrl, 'GET', '/v1/audit-events', {
    token,
    query: { action, limit: '100' },
  });
  expect(answer.status).toBe(200);
  return Page(AuditEvent).parse(answer.body).data.reverse();
}

describe('API keys', () => {
  it('shows the value once, stores only its hash, and the key acts for its platform', async () => {
    const created = await callApi(server.apiUrl, 'POST', '/v1/api-keys', {
      token: admin.token,
      body: { displayName: 'CI' },
    });
    expect(created.status).toBe(201);
    const key = CreatedApiKey.parse(created.body);
    expect(key.value).toMatch(/^sk-[A-Za-z0-9_-]{48}$/);
    expect(key.truncatedValue).toBe(`sk-...${key.value.slice(-4)}`);

    const rows = await server.server.context.store.db.selectFrom('apiKey').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.value);

    const listed = await callApi(server.apiUrl, 'GET', '/v1/api-keys', { token: key.value });
    const page = Page(ApiKey).parse(listed.body);
    expect(page.data.map((entry) => entry.id)).toEqual([key.id]);
    expect(JSON.stringify(listed.body)).not.toContain(key.value);

    const project = await callApi(server.apiUrl, 'GET', `/v1/projects/${admin.projectId ?? ''}`, {
      token: key.value,
    });
    expect(project.status).toBe(200);

    expect(
      (await callApi(server.apiUrl, 'DELETE', `/v1/api-keys/${key.id}`, { token: admin.token })).status,
    ).toBe(200);
    expect((await callApi(server.apiUrl, 'GET', '/v1/api-keys', { token: key.value })).status).toBe(401);
  });

  it('is for platform admins only, and another platform cannot delete a key', async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    const refused = await callApi(server.apiUrl, 'POST', '/v1/api-keys', {
      token: member.token,
      body: { displayName: 'x' },
    });
    expect(refused.status).toBe(403);
    const key = CreatedApiKey.parse(
      (
        await callApi(server.apiUrl, 'POST', '/v1/api-keys', {
          token: admin.token,
          body: { displayName: 'k' },
        })
      ).body,
    );
    const stranger = await signUpTestUser(server);
    expect(
      (await callApi(server.apiUrl, 'DELETE', `/v1/api-keys/${key.id}`, { token: stranger.token })).status,
    ).toBe(404);
    expect((await callApi(server.apiUrl, 'GET', '/v1/api-keys', { token: key.value })).status).toBe(200);
  });

  it('records api.key.created and api.key.deleted with the key as listed (never its value)', async () => {
    const key = CreatedApiKey.parse(
      (
        await callApi(server.apiUrl, 'POST', '/v1/api-keys', {
          token: admin.token,
          body: { displayName: 'Audited' },
        })
      ).body,
    );
    const deleted = await callApi(server.apiUrl, 'DELETE', `/v1/api-keys/${key.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    const missing = await callApi(server.apiUrl, 'DELETE', `/v1/api-keys/${key.id}`, { token: admin.token });
    expect(missing.status).toBe(404);

    const listed = { id: key.id, displayName: 'Audited', truncatedValue: key.truncatedValue };
    for (const action of ['api.key.created', 'api.key.deleted']) {
      const events = (await auditEvents(admin.token, action)).filter(
        (event) => (event.data as { apiKey: ApiKey }).apiKey.id === key.id,
      );
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        action,
        platformId: admin.platformId,
        userId: admin.userId,
        data: { apiKey: listed },
      });
      expect(JSON.stringify(events[0])).not.toContain(key.value);
    }
  });
});
