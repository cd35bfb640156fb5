import type { AuditEvent, CreatedApiKey, Folder, Page } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type ApiAnswer } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let projectId: string;
let projectDisplayName: string;
let folder: Folder;
let connectionId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  projectId = admin.projectId!;
  const project = await server.server.context.store.db
    .selectFrom('project')
    .select('displayName')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  projectDisplayName = project.displayName;
  folder = (await api<Folder>(admin, 'POST', '/v1/folders', { body: { displayName: 'Audit me', projectId } }))
    .body;
  await api(admin, 'POST', `/v1/folders/${folder.id}`, { body: { displayName: 'Audited' } });
  const connection = await api<{ id: string }>(admin, 'POST', '/v1/app-connections', {
    body: {
      externalId: 'stripe',
      displayName: 'Stripe',
      pieceName: '@activepieces/piece-stripe',
      projectId,
      type: 'SECRET_TEXT',
      value: { type: 'SECRET_TEXT', secret_text: 'sk_test_1' },
    },
  });
  connectionId = connection.body.id;
});
afterAll(() => server.close());

function api<T = unknown>(
  user: { token: string },
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  return callApi<T>(server.apiUrl, method, path, { token: user.token, ...options });
}

function listEvents(user: { token: string }, query: Record<string, string> = {}) {
  return api<Page<AuditEvent>>(user, 'GET', '/v1/audit-events', { query });
}

describe('GET /v1/audit-events', () => {
  it('lists folder and connection events with their envelope and data', async () => {
    const answer = await listEvents(admin, { limit: '100' });
    expect(answer.status).toBe(200);
    const renamed = answer.body.data.find((event) => event.action === 'folder.updated');
    expect(renamed).toEqual({
      id: expect.stringMatching(/^[0-9a-zA-Z]{21}$/) as unknown,
      created: expect.any(String) as unknown,
      updated: renamed?.created,
      platformId: admin.platformId,
      projectId,
      projectDisplayName,
      userId: admin.userId,
      // Sign-up stores the address in lower case.
      userEmail: admin.email.toLowerCase(),
      ip: '127.0.0.1',
      action: 'folder.updated',
      data: {
        folder: {
          id: folder.id,
          displayName: 'Audited',
          created: folder.created,
          updated: expect.any(String) as unknown,
        },
        project: { displayName: projectDisplayName },
      },
    });
    const upserted = answer.body.data.find((event) => event.action === 'connection.upserted');
    expect(upserted?.data).toMatchObject({
      connection: { id: connectionId, externalId: 'stripe', type: 'SECRET_TEXT', status: 'ACTIVE' },
      project: { displayName: projectDisplayName },
    });
  });

  it('omits the envelope fields an event does not have', async () => {
    const key = await api<CreatedApiKey>(admin, 'POST', '/v1/api-keys', {
      body: { displayName: 'audit test' },
    });
    const keyCaller = { token: key.body.value };
    await api(keyCaller, 'POST', '/v1/folders', { body: { displayName: 'By a key', projectId } });
    const answer = await listEvents(keyCaller, { action: 'folder.created', limit: '100' });
    expect(answer.status).toBe(200);
    const byKey = answer.body.data.find(
      (event) => event.action === 'folder.created' && event.data.folder.displayName === 'By a key',
    );
    expect(byKey).toBeDefined();
    expect(byKey).not.toHaveProperty('userId');
    expect(byKey).not.toHaveProperty('userEmail');
    expect(byKey).toMatchObject({ projectId, ip: '127.0.0.1' });
    const signedUp = (await listEvents(admin, { action: 'user.signed.up' })).body.data;
    expect(signedUp).toHaveLength(1);
    expect(signedUp[0]).not.toHaveProperty('projectId');
    expect(signedUp[0]).not.toHaveProperty('projectDisplayName');
  });

  it.each([
    [
      'action',
      () => ({ action: 'folder.created' }),
      (event: AuditEvent) => event.action === 'folder.created',
    ],
    ['projectId', () => ({ projectId }), (event: AuditEvent) => event.projectId === projectId],
  ])('filters by %s', async (_, query, matches) => {
    const all = (await listEvents(admin, { limit: '100' })).body.data;
    const filtered = (await listEvents(admin, { ...query(), limit: '100' })).body.data;
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.map((event) => event.id)).toEqual(all.filter(matches).map((event) => event.id));
  });

  it('lists newest first, 20 a page by default, with cursors both ways', async () => {
    for (let index = 0; index < 20; index += 1) {
      await api(admin, 'POST', '/v1/folders', { body: { displayName: `Bulk ${String(index)}`, projectId } });
    }
    const first = await listEvents(admin);
    expect(first.body.data).toHaveLength(20);
    expect(first.body.previous).toBeNull();
    const created = first.body.data.map((event) => event.created);
    expect([...created].sort().reverse()).toEqual(created);
    const second = await listEvents(admin, { cursor: first.body.next! });
    expect(second.body.data.length).toBeGreaterThan(0);
    expect(second.body.data.some((event) => first.body.data.some((seen) => seen.id === event.id))).toBe(
      false,
    );
    const back = await listEvents(admin, { cursor: second.body.previous! });
    expect(back.body.data.map((event) => event.id)).toEqual(first.body.data.map((event) => event.id));
  });

  it.each([
    ['MEMBER', 'MEMBER'],
    ['OPERATOR', 'OPERATOR'],
  ] as const)('refuses a %s user (403 AUTHORIZATION)', async (_, role) => {
    const user = await addTestUser(server, admin.platformId, role, [{ projectId, role: 'Admin' }]);
    const answer = await listEvents(user);
    expect(answer).toMatchObject({ status: 403, body: { code: 'AUTHORIZATION' } });
  });

  it("shows another platform's admin none of these events", async () => {
    const stranger = await signUpTestUser(server);
    const answer = await listEvents(stranger, { limit: '100' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.every((event) => event.platformId === stranger.platformId)).toBe(true);
    expect(answer.body.data.map((event) => event.action)).toEqual(['user.signed.up']);
    expect((await listEvents(stranger, { projectId })).body.data).toEqual([]);
  });
});
