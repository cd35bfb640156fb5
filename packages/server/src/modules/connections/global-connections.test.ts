/**
 * Global connections over HTTP: platform admins manage them, the projects they list use them in
 * flows (a project's own connection of the same externalId wins), other projects and platforms
 * cannot, new projects join the preselected ones, and no answer or event carries the value.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConnection, Page } from '@piecework/shared';
import { callApi, type ApiAnswer } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import {
  addAction,
  auditEventsOf,
  code,
  expectStatus,
  flowsApi,
  returnResponse,
  webhookTrigger,
} from '../../testing/features/flow-test-kit';

const SECRET = 'global-secret-4f9a';
let server: TestServer;
let admin: TestUser;
let stranger: TestUser;
let member: TestUser;
let listed: string;
let unlisted: string;
/** Every answer of the test, to check that none carries the secret. */
const answers: unknown[] = [];

async function call<T = AppConnection>(
  token: string,
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const answer = await callApi<T>(server.apiUrl, method, path, { token, ...options });
  answers.push(answer.body);
  return answer;
}

function upsertBody(overrides: Record<string, unknown> = {}) {
  return {
    externalId: 'shared-key',
    displayName: 'Shared key',
    pieceName: '@activepieces/piece-http',
    type: 'SECRET_TEXT',
    value: { type: 'SECRET_TEXT', secret_text: SECRET },
    projectIds: [listed],
    ...overrides,
  };
}

async function createProject(displayName: string): Promise<string> {
  return expectStatus(
    await call<{ id: string }>(admin.token, 'POST', '/v1/projects', { body: { displayName } }),
    201,
  ).id;
}

async function connectionRowCount(): Promise<number> {
  const rows = await server.server.context.store.db.selectFrom('appConnection').select('id').execute();
  const links = await server.server.context.store.db.selectFrom('appConnectionProject').selectAll().execute();
  return rows.length * 1000 + links.length;
}

/** A published flow of `projectId` whose code step returns the secret of connection `externalId`. */
async function secretFlow(projectId: string, externalId: string): Promise<string> {
  const flows = flowsApi(server, admin.token);
  const flow = await flows.createFlow(projectId, `Uses ${externalId}`);
  await flows.apply(
    flow.id,
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    addAction(
      code('step_1', 'return { secret: inputs.key.secret_text };', {
        key: `{{connections['${externalId}']}}`,
      }),
    ),
    addAction(returnResponse('step_2', { body: "{{step_1['output']}}" }), 'step_1'),
    { type: 'LOCK_AND_PUBLISH', request: {} },
  );
  return flow.id;
}

async function runSync(flowId: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.apiUrl}/v1/webhooks/${flowId}/sync`, { method: 'POST', body: '{}' });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
  listed = await createProject('Listed');
  unlisted = await createProject('Unlisted');
  member = await addTestUser(server, admin.platformId, 'MEMBER', [{ projectId: listed, role: 'Admin' }]);
});
afterAll(() => server.close());

describe('/v1/global-connections', () => {
  let id: string;

  it('creates a PLATFORM-scope connection (201) for the listed projects, without its value', async () => {
    const answer = await call(admin.token, 'POST', '/v1/global-connections', { body: upsertBody() });
    const created = expectStatus(answer, 201);
    id = created.id;
    expect(created).toMatchObject({
      externalId: 'shared-key',
      displayName: 'Shared key',
      type: 'SECRET_TEXT',
      pieceName: '@activepieces/piece-http',
      scope: 'PLATFORM',
      status: 'ACTIVE',
      platformId: admin.platformId,
      projectIds: [listed],
      preSelectForNewProjects: false,
      ownerId: admin.userId,
    });
    expect(created).not.toHaveProperty('value');
  });

  it('upserts by externalId: the same connection, replaced', async () => {
    const again = await call(admin.token, 'POST', '/v1/global-connections', {
      body: upsertBody({ displayName: 'Shared key v2', projectIds: [listed, listed] }),
    });
    expect(expectStatus(again, 201)).toMatchObject({
      id,
      displayName: 'Shared key v2',
      projectIds: [listed],
    });
    const page = await call<Page<AppConnection>>(admin.token, 'GET', '/v1/global-connections');
    expect(page.body.data.map((connection) => connection.id)).toEqual([id]);
    const filtered = await call<Page<AppConnection>>(admin.token, 'GET', '/v1/global-connections', {
      query: { pieceName: '@activepieces/piece-slack' },
    });
    expect(filtered.body.data).toEqual([]);
  });

  it('is listed among the app connections of the projects it names, as scope PLATFORM, only there', async () => {
    const ofListed = await call<Page<AppConnection>>(admin.token, 'GET', '/v1/app-connections', {
      query: { projectId: listed },
    });
    expect(ofListed.body.data).toMatchObject([{ id, scope: 'PLATFORM', projectIds: [listed] }]);
    const projectOnly = await call<Page<AppConnection>>(admin.token, 'GET', '/v1/app-connections', {
      query: { projectId: listed, scope: 'PROJECT' },
    });
    expect(projectOnly.body.data).toEqual([]);
    const ofUnlisted = await call<Page<AppConnection>>(admin.token, 'GET', '/v1/app-connections', {
      query: { projectId: unlisted },
    });
    expect(ofUnlisted.body.data).toEqual([]);
    // It is not an app connection of any project: the app-connection routes do not reach it.
    const rename = await call(admin.token, 'POST', `/v1/app-connections/${id}`, {
      body: { displayName: 'X' },
    });
    expect(rename.status).toBe(404);
  });

  it('runs flows of a listed project with its secret; a flow of another project cannot resolve it', async () => {
    expect(await runSync(await secretFlow(listed, 'shared-key'))).toEqual({
      status: 200,
      body: { secret: SECRET },
    });
    const refused = await runSync(await secretFlow(unlisted, 'shared-key'));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(refused.body)).not.toContain(SECRET);
  });

  it("lets a project's own connection of the same externalId win", async () => {
    const own = await call(admin.token, 'POST', '/v1/app-connections', {
      body: {
        externalId: 'shared-key',
        displayName: 'Own key',
        pieceName: '@activepieces/piece-http',
        projectId: listed,
        type: 'SECRET_TEXT',
        value: { type: 'SECRET_TEXT', secret_text: 'own-secret' },
      },
    });
    expect(own.status).toBe(201);
    expect((await runSync(await secretFlow(listed, 'shared-key'))).body).toEqual({ secret: 'own-secret' });
    expectStatus(await call(admin.token, 'DELETE', `/v1/app-connections/${own.body.id}`), 204);
  });

  it('refuses platform members (403) and answers another platform 404, changing nothing', async () => {
    const before = await connectionRowCount();
    const tries: [string, string, string, unknown?][] = [
      [member.token, 'POST', '/v1/global-connections', upsertBody({ externalId: 'planted' })],
      [member.token, 'GET', '/v1/global-connections'],
      [member.token, 'POST', `/v1/global-connections/${id}`, { displayName: 'Hijacked', projectIds: [] }],
      [member.token, 'DELETE', `/v1/global-connections/${id}`],
    ];
    for (const [token, method, path, body] of tries) {
      expect((await call(token, method, path, { body })).status).toBe(403);
    }
    const update = await call(stranger.token, 'POST', `/v1/global-connections/${id}`, {
      body: { displayName: 'Hijacked', projectIds: [] },
    });
    expect(update).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    expect((await call(stranger.token, 'DELETE', `/v1/global-connections/${id}`)).status).toBe(404);
    const plant = await call(stranger.token, 'POST', '/v1/global-connections', { body: upsertBody() });
    expect(plant).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', params: { entityId: listed } },
    });
    const theirs = await call<Page<AppConnection>>(stranger.token, 'GET', '/v1/global-connections');
    expect(theirs.body.data).toEqual([]);
    expect(await connectionRowCount()).toBe(before);
  });

  it.each([
    ['a value of another type', { value: { type: 'BASIC_AUTH', username: 'a', password: 'b' } }, 400],
    ['an empty displayName', { displayName: '' }, 400],
    ['a malformed project id', { projectIds: ['nope'] }, 400],
    ['an unknown project', { projectIds: ['a'.repeat(21)] }, 404],
    ['no projectIds', { projectIds: undefined }, 400],
  ])('refuses %s with %s, changing nothing', async (_, overrides, status) => {
    const before = await connectionRowCount();
    const answer = await call(admin.token, 'POST', '/v1/global-connections', {
      body: upsertBody({ externalId: 'bad-input', ...overrides }),
    });
    expect({ status: answer.status, body: answer.body }).toMatchObject({ status });
    expect(await connectionRowCount()).toBe(before);
  });

  it('updates the name and projects; a preselected connection gets every new project', async () => {
    const updated = await call(admin.token, 'POST', `/v1/global-connections/${id}`, {
      body: { displayName: 'Shared key v3', projectIds: [unlisted, listed], preSelectForNewProjects: true },
    });
    expect(expectStatus(updated, 200)).toMatchObject({
      displayName: 'Shared key v3',
      projectIds: [listed, unlisted].sort(),
      preSelectForNewProjects: true,
    });
    const other = expectStatus(
      await call(admin.token, 'POST', '/v1/global-connections', {
        body: upsertBody({ externalId: 'not-preselected', projectIds: [] }),
      }),
      201,
    );
    const fresh = await createProject('Fresh');
    const page = await call<Page<AppConnection>>(admin.token, 'GET', '/v1/global-connections');
    const byId = new Map(page.body.data.map((connection) => [connection.id, connection.projectIds]));
    expect(byId.get(id)).toEqual([listed, unlisted, fresh].sort());
    expect(byId.get(other.id)).toEqual([]);
    expect(await runSync(await secretFlow(fresh, 'shared-key'))).toEqual({
      status: 200,
      body: { secret: SECRET },
    });
    // Another platform's new project joins nothing of this platform.
    const theirs = await callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
      token: stranger.token,
      body: { displayName: 'Theirs' },
    });
    const links = await server.server.context.store.db
      .selectFrom('appConnectionProject')
      .selectAll()
      .where('projectId', '=', expectStatus(theirs, 201).id)
      .execute();
    expect(links).toEqual([]);
  });

  it('deletes (204), then 404; records connection.upserted and connection.deleted without the value', async () => {
    expect((await call(admin.token, 'DELETE', `/v1/global-connections/${id}`)).status).toBe(204);
    expect((await call(admin.token, 'DELETE', `/v1/global-connections/${id}`)).status).toBe(404);
    const events = (await auditEventsOf(server, admin.platformId)).filter(
      (event) => (event.data as { connection?: { id: string } }).connection?.id === id,
    );
    expect(events.map((event) => event.action)).toEqual([
      'connection.upserted',
      'connection.upserted',
      'connection.upserted',
      'connection.deleted',
    ]);
    expect(events[0]).toMatchObject({
      data: { connection: { externalId: 'shared-key', type: 'SECRET_TEXT' } },
    });
    expect(JSON.stringify(events)).not.toContain(SECRET);
  });

  it('never answers with the secret', () => {
    expect(answers.length).toBeGreaterThan(20);
    expect(JSON.stringify(answers)).not.toContain(SECRET);
  });
});
