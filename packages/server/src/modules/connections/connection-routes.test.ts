import { generateId, type AppConnection, type AppConnectionValue, type Page } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type ApiAnswer } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

/** Every secret this file sends; no answer may ever contain one. */
const SECRET = `s3cr3t-${generateId()}`;

let server: TestServer;
let owner: TestUser;
let projectId: string;
let stranger: TestUser;
let viewer: TestUser;
const answers: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUpTestUser(server);
  projectId = owner.projectId!;
  stranger = await signUpTestUser(server);
  viewer = await addTestUser(server, owner.platformId, 'MEMBER', [{ projectId, role: 'Viewer' }]);
});
afterAll(() => server.close());

/** Calls the API as `user`, keeping the answer's text for the "never returns the secret" check. */
async function api<T = unknown>(
  user: TestUser,
  method: string,
  path: string,
  options: { body?: unknown; query?: Record<string, string> } = {},
): Promise<ApiAnswer<T>> {
  const answer = await callApi<T>(server.apiUrl, method, path, { token: user.token, ...options });
  answers.push(JSON.stringify(answer.body) ?? '');
  return answer;
}

/** The types whose value is stored as sent (the OAuth2 types exchange a code: oauth2-connections.test.ts). */
type StoredAsSent = 'SECRET_TEXT' | 'BASIC_AUTH' | 'CUSTOM_AUTH' | 'NO_AUTH';

/** A value of `type` carrying {@link SECRET} wherever the type has room for one. */
function valueOf(type: StoredAsSent, secret = SECRET): AppConnectionValue {
  switch (type) {
    case 'SECRET_TEXT':
      return { type, secret_text: secret };
    case 'BASIC_AUTH':
      return { type, username: 'ada', password: secret };
    case 'CUSTOM_AUTH':
      return { type, props: { apiKey: secret, region: 'eu' } };
    case 'NO_AUTH':
      return { type };
  }
}

/** An upsert body for `externalId`, overridable field by field. */
function upsertBody(externalId: string, overrides: Record<string, unknown> = {}) {
  return {
    externalId,
    displayName: `Connection ${externalId}`,
    pieceName: '@activepieces/piece-slack',
    projectId,
    type: 'SECRET_TEXT',
    value: valueOf('SECRET_TEXT'),
    ...overrides,
  };
}

async function upsert(externalId: string, overrides: Record<string, unknown> = {}): Promise<AppConnection> {
  const answer = await api<AppConnection>(owner, 'POST', '/v1/app-connections', {
    body: upsertBody(externalId, overrides),
  });
  expect(answer.status).toBe(201);
  return answer.body;
}

function connectionRows(externalId: string) {
  return server.server.context.store.db
    .selectFrom('appConnection')
    .selectAll()
    .where('projectId', '=', projectId)
    .where('externalId', '=', externalId)
    .execute();
}

describe('app connection routes', () => {
  it('creates a connection (201) with every field of the API shape and no value', async () => {
    const connection = await upsert('slack', { metadata: { team: 'ops' }, pieceVersion: '0.7.1' });
    expect(connection).toEqual({
      id: expect.stringMatching(/^[0-9a-zA-Z]{21}$/) as unknown,
      created: expect.any(String) as unknown,
      updated: connection.created,
      externalId: 'slack',
      displayName: 'Connection slack',
      type: 'SECRET_TEXT',
      pieceName: '@activepieces/piece-slack',
      pieceVersion: '0.7.1',
      projectIds: [projectId],
      platformId: owner.platformId,
      scope: 'PROJECT',
      status: 'ACTIVE',
      ownerId: owner.userId,
      metadata: { team: 'ops' },
      preSelectForNewProjects: false,
      usingSecretManager: false,
    });
  });

  it("answers pieceVersion '' when the request names none", async () => {
    expect((await upsert('no-version')).pieceVersion).toBe('');
  });

  it('stores the value sealed: not the plaintext, and it opens back to the value', async () => {
    await upsert('sealed', { type: 'BASIC_AUTH', value: valueOf('BASIC_AUTH') });
    const [row] = await connectionRows('sealed');
    expect(row?.value).not.toContain(SECRET);
    expect(row?.value).not.toContain('ada');
    expect(server.server.context.secrets.open(row!.value)).toEqual(valueOf('BASIC_AUTH'));
  });

  it('upserting an existing externalId replaces it in place: one row, same id and created', async () => {
    const first = await upsert('github', { metadata: { a: 1 } });
    const second = await upsert('github', {
      displayName: 'GitHub (bot)',
      pieceName: '@activepieces/piece-github',
      type: 'CUSTOM_AUTH',
      value: valueOf('CUSTOM_AUTH', 'replaced'),
      metadata: { b: 2 },
    });
    expect(second).toMatchObject({
      id: first.id,
      created: first.created,
      displayName: 'GitHub (bot)',
      pieceName: '@activepieces/piece-github',
      type: 'CUSTOM_AUTH',
      metadata: { b: 2 },
    });
    const rows = await connectionRows('github');
    expect(rows).toHaveLength(1);
    expect(server.server.context.secrets.open(rows[0]!.value)).toEqual(valueOf('CUSTOM_AUTH', 'replaced'));
  });

  it.each(['SECRET_TEXT', 'BASIC_AUTH', 'CUSTOM_AUTH', 'NO_AUTH'] as const)(
    'accepts a %s connection',
    async (type) => {
      const connection = await upsert(`type-${type}`, { type, value: valueOf(type) });
      expect(connection.type).toBe(type);
      const [row] = await connectionRows(`type-${type}`);
      expect(server.server.context.secrets.open(row!.value)).toEqual(valueOf(type));
    },
  );

  it.each([
    ['type and value.type disagree', { type: 'SECRET_TEXT', value: valueOf('BASIC_AUTH') }],
    [
      'the value lacks a field of its type',
      { type: 'BASIC_AUTH', value: { type: 'BASIC_AUTH', username: 'x' } },
    ],
    ['the type is unknown', { type: 'API_KEY', value: { type: 'API_KEY' } }],
    ['the externalId is empty', { externalId: '' }],
    [
      'an OAuth2 value carries tokens instead of a code to exchange',
      {
        type: 'OAUTH2',
        value: {
          type: 'OAUTH2',
          access_token: SECRET,
          refresh_token: SECRET,
          expires_in: 3600,
          claimed_at: 1,
        },
      },
    ],
  ])('refuses an upsert where %s (400) and writes nothing', async (_, overrides) => {
    const answer = await api(owner, 'POST', '/v1/app-connections', {
      body: upsertBody('refused', overrides),
    });
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await connectionRows('refused')).toHaveLength(0);
  });

  it('renames a connection and replaces its metadata only when sent', async () => {
    const connection = await upsert('rename-me', { metadata: { keep: true } });
    const renamed = await api<AppConnection>(owner, 'POST', `/v1/app-connections/${connection.id}`, {
      body: { displayName: 'Renamed' },
    });
    expect(renamed).toMatchObject({
      status: 200,
      body: { id: connection.id, displayName: 'Renamed', metadata: { keep: true } },
    });
    const remeta = await api<AppConnection>(owner, 'POST', `/v1/app-connections/${connection.id}`, {
      body: { displayName: 'Renamed', metadata: { kept: false } },
    });
    expect(remeta.body.metadata).toEqual({ kept: false });
    const [row] = await connectionRows('rename-me');
    expect(server.server.context.secrets.open(row!.value)).toEqual(valueOf('SECRET_TEXT'));
  });

  describe('listing', () => {
    let listProjectId: string;
    let lister: TestUser;
    beforeAll(async () => {
      // A project of its own, so the filters see exactly these connections.
      lister = await signUpTestUser(server);
      listProjectId = lister.projectId!;
      const make = (externalId: string, displayName: string, pieceName: string) =>
        api(lister, 'POST', '/v1/app-connections', {
          body: upsertBody(externalId, { projectId: listProjectId, displayName, pieceName }),
        });
      await make('a', 'Slack Ops', 'slack');
      await make('b', 'slack marketing', 'slack');
      await make('c', 'Gmail 100%_off', 'gmail');
      await make('d', 'Gmail personal', 'gmail');
      await server.server.context.store.db
        .updateTable('appConnection')
        .set({ status: 'ERROR' })
        .where('projectId', '=', listProjectId)
        .where('externalId', '=', 'd')
        .execute();
    });

    async function listed(query: Record<string, string | string[]>): Promise<string[]> {
      const params = new URLSearchParams({ projectId: listProjectId, limit: '100' });
      for (const [key, value] of Object.entries(query)) {
        for (const one of Array.isArray(value) ? value : [value]) params.append(key, one);
      }
      const answer = await callApi<Page<AppConnection>>(
        server.apiUrl,
        'GET',
        `/v1/app-connections?${params.toString()}`,
        {
          token: lister.token,
        },
      );
      answers.push(JSON.stringify(answer.body));
      expect(answer.status).toBe(200);
      return answer.body.data.map((connection) => connection.externalId).sort();
    }

    it.each([
      ['no filter', {}, ['a', 'b', 'c', 'd']],
      ['pieceName', { pieceName: 'slack' }, ['a', 'b']],
      ['displayName, ignoring case', { displayName: 'SLACK' }, ['a', 'b']],
      ['displayName, as a substring', { displayName: 'mail per' }, ['d']],
      ['displayName with LIKE wildcards, literally', { displayName: '%_' }, ['c']],
      ['one status', { status: 'ERROR' }, ['d']],
      ['several statuses', { status: ['ACTIVE', 'MISSING'] }, ['a', 'b', 'c']],
      ['pieceName and status', { pieceName: 'gmail', status: 'ACTIVE' }, ['c']],
    ])('filters by %s', async (_, query, expected) => {
      expect(await listed(query)).toEqual(expected);
    });

    it('pages with cursors, newest first', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: ApiAnswer<Page<AppConnection>> = await api<Page<AppConnection>>(
          lister,
          'GET',
          '/v1/app-connections',
          {
            query: { projectId: listProjectId, limit: '3', ...(cursor === null ? {} : { cursor }) },
          },
        );
        expect(page.body.data.length).toBeLessThanOrEqual(3);
        seen.push(...page.body.data.map((connection) => connection.externalId));
        cursor = page.body.next;
      } while (cursor !== null);
      expect([...seen].sort()).toEqual(['a', 'b', 'c', 'd']);
    });
  });

  it('deletes a connection (204); flows are not touched', async () => {
    const connection = await upsert('short-lived');
    const { context } = server.server;
    const flow = await api<{ id: string }>(owner, 'POST', '/v1/flows', {
      body: { displayName: 'Uses a connection', projectId },
    });
    const flowId = flow.body.id;
    const answer = await api(owner, 'DELETE', `/v1/app-connections/${connection.id}`);
    expect(answer).toMatchObject({ status: 204, body: undefined });
    expect(await connectionRows('short-lived')).toHaveLength(0);
    expect(
      await context.store.db.selectFrom('flow').select('status').where('id', '=', flowId).execute(),
    ).toEqual([{ status: 'DISABLED' }]);
    expect((await api(owner, 'DELETE', `/v1/app-connections/${connection.id}`)).status).toBe(404);
  });

  it('records connection.upserted and connection.deleted, without the value', async () => {
    const connection = await upsert('audited');
    await api(owner, 'POST', `/v1/app-connections/${connection.id}`, { body: { displayName: 'Audited' } });
    await api(owner, 'DELETE', `/v1/app-connections/${connection.id}`);
    const events = await server.server.context.store.db
      .selectFrom('auditEvent')
      .select(['action', 'data'])
      .where('platformId', '=', owner.platformId)
      .where('action', 'like', 'connection.%')
      .execute();
    const about = events.filter((event) => event.data.includes(connection.id));
    expect(about.map((event) => event.action).sort()).toEqual([
      'connection.deleted',
      'connection.upserted',
      'connection.upserted',
    ]);
    const deleted = about.find((event) => event.action === 'connection.deleted');
    expect(JSON.parse(deleted!.data)).toEqual({
      connection: {
        id: connection.id,
        created: connection.created,
        updated: expect.any(String) as unknown,
        displayName: 'Audited',
        externalId: 'audited',
        pieceName: '@activepieces/piece-slack',
        status: 'ACTIVE',
        type: 'SECRET_TEXT',
      },
      project: { displayName: expect.any(String) as unknown },
    });
    expect(events.every((event) => !event.data.includes(SECRET))).toBe(true);
  });

  describe('tenancy', () => {
    let connection: AppConnection;
    beforeAll(async () => {
      connection = await upsert('private');
    });

    it.each([
      ['rename', 'POST', { displayName: 'Stolen' }],
      ['delete', 'DELETE', undefined],
    ])("another platform's user gets 404 on %s", async (_, method, body) => {
      const answer = await api(stranger, method, `/v1/app-connections/${connection.id}`, { body });
      expect(answer).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
    });

    it("another platform's user gets 404 listing or upserting in the project", async () => {
      expect((await api(stranger, 'GET', '/v1/app-connections', { query: { projectId } })).status).toBe(404);
      const answer = await api(stranger, 'POST', '/v1/app-connections', { body: upsertBody('private') });
      expect(answer.status).toBe(404);
      expect((await connectionRows('private'))[0]?.displayName).toBe('Connection private');
    });

    it.each([
      ['upsert', 'POST', () => '/v1/app-connections', () => upsertBody('by-viewer')],
      ['rename', 'POST', () => `/v1/app-connections/${connection.id}`, () => ({ displayName: 'By viewer' })],
      ['delete', 'DELETE', () => `/v1/app-connections/${connection.id}`, () => undefined],
    ])('a Viewer member gets 403 on %s', async (_, method, path, body) => {
      const answer = await api(viewer, method, path(), { body: body() });
      expect(answer).toMatchObject({ status: 403, body: { code: 'PERMISSION_DENIED' } });
    });

    it('a Viewer member can list', async () => {
      const answer = await api<Page<AppConnection>>(viewer, 'GET', '/v1/app-connections', {
        query: { projectId, limit: '100' },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.data.map((row) => row.id)).toContain(connection.id);
    });
  });

  it('never answers with a secret (every answer of this file, and the audit log)', async () => {
    await api(owner, 'GET', '/v1/app-connections', { query: { projectId, limit: '100' } });
    await api(owner, 'GET', '/v1/audit-events', { query: { limit: '100' } });
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((text) => text.includes(SECRET))).toEqual([]);
  });
});
