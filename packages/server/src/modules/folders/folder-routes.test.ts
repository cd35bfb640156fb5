import { generateId, type Folder, type Page } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let owner: TestUser;
let projectId: string;
let stranger: TestUser;
let viewer: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpTestUser(server);
  projectId = owner.projectId!;
  stranger = await signUpTestUser(server);
  viewer = await addTestUser(server, owner.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
});
afterAll(() => server.close());

function api<T = unknown>(
  user: TestUser,
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
) {
  return callApi<T>(server.apiUrl, method, path, { token: user.token, ...options });
}

async function createFolder(displayName: string, user: TestUser = owner): Promise<Folder> {
  const answer = await api<Folder>(user, 'POST', '/v1/folders', { body: { displayName, projectId } });
  expect(answer.status).toBe(201);
  return answer.body;
}

function folderRows() {
  return server.server.context.store.db
    .selectFrom('folder')
    .selectAll()
    .where('projectId', '=', projectId)
    .execute();
}

function auditActions() {
  return server.server.context.store.db
    .selectFrom('auditEvent')
    .select('action')
    .where('platformId', '=', owner.platformId)
    .execute();
}

/** Creates a flow filed in `folderId` through the flows route. */
async function createFlow(folderId: string | null): Promise<string> {
  const answer = await api<{ id: string }>(owner, 'POST', '/v1/flows', {
    body: { displayName: 'Filed flow', projectId, folderId },
  });
  return answer.body.id;
}

describe('folder routes', () => {
  it('creates a folder (201, displayOrder 0) and reads it back', async () => {
    const folder = await createFolder('Invoices');
    expect(folder).toEqual({
      id: expect.stringMatching(/^[0-9a-zA-Z]{21}$/) as unknown,
      created: expect.any(String) as unknown,
      updated: folder.created,
      projectId,
      displayName: 'Invoices',
      displayOrder: 0,
    });
    const read = await api<Folder>(owner, 'GET', `/v1/folders/${folder.id}`);
    expect(read).toMatchObject({ status: 200, body: folder });
  });

  it('renames a folder, keeping its id and created', async () => {
    const folder = await createFolder('Drafts');
    const answer = await api<Folder>(owner, 'POST', `/v1/folders/${folder.id}`, {
      body: { displayName: 'Final' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: folder.id, created: folder.created, displayName: 'Final' });
    // A folder may take its own name with other letter case.
    const recased = await api<Folder>(owner, 'POST', `/v1/folders/${folder.id}`, {
      body: { displayName: 'FINAL' },
    });
    expect(recased).toMatchObject({ status: 200, body: { displayName: 'FINAL' } });
  });

  it('lists the project folders in cursor pages, newest first', async () => {
    const names = ['Page A', 'Page B', 'Page C'];
    for (const name of names) await createFolder(name);
    const all = await api<Page<Folder>>(owner, 'GET', '/v1/folders', { query: { projectId, limit: '100' } });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe((await folderRows()).length);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { projectId, limit: '2', ...(cursor === null ? {} : { cursor }) };
      const page: { body: Page<Folder> } = await api<Page<Folder>>(owner, 'GET', '/v1/folders', { query });
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((folder) => folder.id));
      cursor = page.body.next;
    } while (cursor !== null);
    expect(seen).toEqual(all.body.data.map((folder) => folder.id));
    const created = all.body.data.map((folder) => folder.created);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it.each([
    ['the same name', 'Reports'],
    ['the name in capitals', 'REPORTS'],
    ['the name in other mixed case', 'rePorts'],
  ])('refuses to create a folder with %s (409 CONFLICT) and writes nothing', async (_, clashing) => {
    if (!(await folderRows()).some((row) => row.displayName === 'Reports')) await createFolder('Reports');
    const rowsBefore = await folderRows();
    const eventsBefore = await auditActions();
    const answer = await api(owner, 'POST', '/v1/folders', { body: { displayName: clashing, projectId } });
    expect(answer).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect(await folderRows()).toEqual(rowsBefore);
    expect(await auditActions()).toEqual(eventsBefore);
  });

  it('refuses to rename a folder to another folder name, ignoring case', async () => {
    await createFolder('Taken');
    const folder = await createFolder('Free');
    const answer = await api(owner, 'POST', `/v1/folders/${folder.id}`, { body: { displayName: 'tAKEN' } });
    expect(answer).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect((await folderRows()).find((row) => row.id === folder.id)?.displayName).toBe('Free');
  });

  it('allows the same name in another project', async () => {
    const answer = await api(stranger, 'POST', '/v1/folders', {
      body: { displayName: 'Invoices', projectId: stranger.projectId },
    });
    expect(answer.status).toBe(201);
  });

  it('deletes a folder (200, no body); its flows stay, unfiled', async () => {
    const folder = await createFolder('Short-lived');
    const flowId = await createFlow(folder.id);
    const answer = await api(owner, 'DELETE', `/v1/folders/${folder.id}`);
    expect(answer).toMatchObject({ status: 200, body: undefined });
    expect((await api(owner, 'GET', `/v1/folders/${folder.id}`)).status).toBe(404);
    const flow = await server.server.context.store.db
      .selectFrom('flow')
      .select(['id', 'folderId'])
      .where('id', '=', flowId)
      .executeTakeFirst();
    expect(flow).toEqual({ id: flowId, folderId: null });
    const versions = await server.server.context.store.db
      .selectFrom('flowVersion')
      .select('id')
      .where('flowId', '=', flowId)
      .execute();
    expect(versions).toHaveLength(1);
  });

  it('records folder.created, folder.updated and folder.deleted', async () => {
    const folder = await createFolder('Audited');
    await api(owner, 'POST', `/v1/folders/${folder.id}`, { body: { displayName: 'Audited twice' } });
    await api(owner, 'DELETE', `/v1/folders/${folder.id}`);
    const events = await server.server.context.store.db
      .selectFrom('auditEvent')
      .select(['action', 'data', 'projectId', 'userId'])
      .where('platformId', '=', owner.platformId)
      .where('action', 'like', 'folder.%')
      .execute();
    const about = events
      .map((event) => ({
        ...event,
        data: JSON.parse(event.data) as { folder: { id: string; displayName: string } },
      }))
      .filter((event) => event.data.folder.id === folder.id);
    // Events of one millisecond have no order between them: compare as sorted lists.
    expect(about.map((event) => [event.action, event.data.folder.displayName]).sort()).toEqual([
      ['folder.created', 'Audited'],
      ['folder.deleted', 'Audited twice'],
      ['folder.updated', 'Audited twice'],
    ]);
    expect(about.every((event) => event.projectId === projectId && event.userId === owner.userId)).toBe(true);
  });

  it('answers a missing or malformed folder id with 404 or 400', async () => {
    expect((await api(owner, 'GET', `/v1/folders/${generateId()}`)).status).toBe(404);
    expect((await api(owner, 'GET', '/v1/folders/not-an-id')).status).toBe(400);
  });

  describe('tenancy', () => {
    let folder: Folder;
    beforeAll(async () => {
      folder = await createFolder('Private');
    });

    it.each([
      ['get', 'GET', undefined],
      ['rename', 'POST', { displayName: 'Stolen' }],
      ['delete', 'DELETE', undefined],
    ])("another platform's user gets 404 on %s", async (_, method, body) => {
      const answer = await api(stranger, method, `/v1/folders/${folder.id}`, { body });
      expect(answer).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    });

    it("another platform's user gets 404 listing or creating in the project", async () => {
      expect((await api(stranger, 'GET', '/v1/folders', { query: { projectId } })).status).toBe(404);
      expect(
        (await api(stranger, 'POST', '/v1/folders', { body: { displayName: 'X', projectId } })).status,
      ).toBe(404);
    });

    it.each([
      ['create', 'POST', () => '/v1/folders', () => ({ displayName: 'By viewer', projectId })],
      ['rename', 'POST', () => `/v1/folders/${folder.id}`, () => ({ displayName: 'By viewer' })],
      ['delete', 'DELETE', () => `/v1/folders/${folder.id}`, () => undefined],
    ])('a Viewer member gets 403 on %s', async (_, method, path, body) => {
      const answer = await api(viewer, method, path(), { body: body() });
      expect(answer).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
    });

    it('a Viewer member can read', async () => {
      expect((await api(viewer, 'GET', `/v1/folders/${folder.id}`)).status).toBe(200);
      const list = await api<Page<Folder>>(viewer, 'GET', '/v1/folders', { query: { projectId } });
      expect(list.status).toBe(200);
      expect(list.body.data.map((row) => row.id)).toContain(folder.id);
    });
  });
});
