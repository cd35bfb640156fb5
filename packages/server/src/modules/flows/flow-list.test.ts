import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopulatedFlow } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser } from '../../testing/test-users';
import { expectStatus, flowsApi, insertFolder, webhookTrigger } from '../../testing/features/flow-test-kit';

let server: TestServer;
let api: ReturnType<typeof flowsApi>;
let projectId: string;
let token: string;
let folderId: string;
/** Flows by name: created in this order, so newest first is the reverse. */
const flows: Record<string, PopulatedFlow> = {};

beforeAll(async () => {
  server = await startTestServer();
  const user = await signUpTestUser(server);
  projectId = user.projectId!;
  token = user.token;
  api = flowsApi(server, token);
  folderId = await insertFolder(server, projectId);
  const specs: [name: string, extra: Record<string, unknown>][] = [
    ['Invoice sync', { folderId, externalId: 'invoices' }],
    ['Lead router', {}],
    ['100% sync_ok', { folderId }],
    ['Daily digest', { externalId: 'digest' }],
    ['Weekly DIGEST', {}],
  ];
  for (const [name, extra] of specs) {
    flows[name] = await api.createFlow(projectId, name, extra);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  flows['Daily digest'] = await api.apply(
    flows['Daily digest']!.id,
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    { type: 'LOCK_AND_PUBLISH', request: {} },
  );
  // Another project's flow never shows.
  const other = await signUpTestUser(server);
  await flowsApi(server, other.token).createFlow(other.projectId!, 'Invoice sync');
});
afterAll(() => server.close());

async function names(query: Record<string, string>): Promise<string[]> {
  const page = expectStatus(await api.list({ projectId, ...query }), 200);
  return page.data.map((flow) => flow.version.displayName);
}

describe('GET /v1/flows', () => {
  it.each<[string, Record<string, string>, string[]]>([
    [
      'all, newest first',
      {},
      ['Weekly DIGEST', 'Daily digest', '100% sync_ok', 'Lead router', 'Invoice sync'],
    ],
    ['one folder', { folderId: 'FOLDER' }, ['100% sync_ok', 'Invoice sync']],
    ['no folder', { folderId: 'NULL' }, ['Weekly DIGEST', 'Daily digest', 'Lead router']],
    ['enabled only', { status: 'ENABLED' }, ['Daily digest']],
    [
      'disabled only',
      { status: 'DISABLED' },
      ['Weekly DIGEST', '100% sync_ok', 'Lead router', 'Invoice sync'],
    ],
    ['name, ignoring case', { name: 'digest' }, ['Weekly DIGEST', 'Daily digest']],
    ['name with LIKE wildcards taken literally', { name: '100%' }, ['100% sync_ok']],
    ['name: _ is literal', { name: 'c_o' }, ['100% sync_ok']],
    ['name: _ matches no other character', { name: 'e_d' }, []],
    ['latest version LOCKED', { versionState: 'LOCKED' }, ['Daily digest']],
    ['external ids', { externalIds: 'invoices' }, ['Invoice sync']],
  ])('filters: %s', async (_, query, expected) => {
    const resolved = query['folderId'] === 'FOLDER' ? { ...query, folderId } : query;
    expect(await names(resolved)).toEqual(expected);
  });

  it('takes repeated statuses and external ids', async () => {
    const answer = await server.server.app.inject({
      method: 'GET',
      url: `/api/v1/flows?projectId=${projectId}&externalIds=invoices&externalIds=digest&status=ENABLED&status=DISABLED`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    const page = answer.json<{ data: PopulatedFlow[] }>();
    expect(page.data.map((flow) => flow.version.displayName)).toEqual(['Daily digest', 'Invoice sync']);
  });

  it('answers each flow with its latest version', async () => {
    const page = expectStatus(await api.list({ projectId, name: 'daily' }), 200);
    expect(page.data).toEqual([flows['Daily digest']]);
  });

  it('pages with cursors forwards and back', async () => {
    const first = expectStatus(await api.list({ projectId, limit: '3' }), 200);
    expect(first.data.map((flow) => flow.version.displayName)).toEqual([
      'Weekly DIGEST',
      'Daily digest',
      '100% sync_ok',
    ]);
    expect(first.previous).toBeNull();
    const second = expectStatus(await api.list({ projectId, limit: '3', cursor: first.next! }), 200);
    expect(second.data.map((flow) => flow.version.displayName)).toEqual(['Lead router', 'Invoice sync']);
    expect(second.next).toBeNull();
    const back = expectStatus(await api.list({ projectId, limit: '3', cursor: second.previous! }), 200);
    expect(back.data.map((flow) => flow.id)).toEqual(first.data.map((flow) => flow.id));
  });

  it('answers 400 for an unreadable cursor', async () => {
    expect((await api.list({ projectId, cursor: 'garbage' })).status).toBe(400);
  });
});

describe('GET /v1/flows/count', () => {
  it.each<[string, Record<string, string>, number]>([
    ['the project', {}, 5],
    ['one folder', { folderId: 'FOLDER' }, 2],
    ['no folder', { folderId: 'NULL' }, 3],
  ])('counts %s', async (_, query, expected) => {
    const resolved = query['folderId'] === 'FOLDER' ? { ...query, folderId } : query;
    expect(expectStatus(await api.count({ projectId, ...resolved }), 200)).toBe(expected);
  });
});
