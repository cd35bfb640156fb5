/**
 * `/v1/templates` over HTTP: who may create, change and delete which type, what each platform
 * sees (official templates and its own, never another platform's), list filters, and bad input
 * answered with a 4xx that changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Template } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { OFFICIAL_TEMPLATES } from './official';

let server: TestServer;
let admin: TestUser;
let member: TestUser;
let otherMember: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  member = await addTestUser(server, admin.platformId, 'MEMBER');
  otherMember = await addTestUser(server, admin.platformId, 'MEMBER');
  stranger = await signUpTestUser(server);
});
afterAll(() => server.close());

const call = <T = Template>(
  as: TestUser,
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) =>
  callApi<T>(server.apiUrl, method, path, {
    token: as.token,
    ...(body === undefined ? {} : { body }),
    ...(query === undefined ? {} : { query }),
  });

let counter = 0;
function templateBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Template ${String(counter)}`,
    summary: 'A summary',
    description: 'A description',
    type: 'CUSTOM',
    tags: [{ title: 'Ops', color: '#112233' }],
    categories: ['IT_OPERATIONS'],
    ...overrides,
  };
}

async function create(as: TestUser, overrides: Record<string, unknown> = {}): Promise<Template> {
  const answer = await call(as, 'POST', '/v1/templates', templateBody(overrides));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

const listIds = async (as: TestUser, query: Record<string, string> = {}) =>
  (await call<Page<Template>>(as, 'GET', '/v1/templates', undefined, query)).body.data.map((t) => t.id);

const storedCount = async () =>
  (await server.server.context.store.db.selectFrom('template').select('id').execute()).length;

describe('creating templates', () => {
  it('lets a platform admin create a CUSTOM template, kept for the platform', async () => {
    const template = await create(admin);
    expect(template).toMatchObject({
      type: 'CUSTOM',
      status: 'PUBLISHED',
      platformId: admin.platformId,
      tags: [{ title: 'Ops', color: '#112233' }],
      flows: [],
      tables: [],
    });
    expect(template).not.toHaveProperty('usageCount');
    expect((await call(admin, 'GET', `/v1/templates/${template.id}`)).body).toEqual(template);
  });

  it('lets any user of the platform share a template, but only admins create CUSTOM ones', async () => {
    const shared = await create(member, { type: 'SHARED' });
    expect(shared).toMatchObject({ type: 'SHARED', platformId: admin.platformId });
    const before = await storedCount();
    const refused = await call(member, 'POST', '/v1/templates', templateBody({ type: 'CUSTOM' }));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'AUTHORIZATION' });
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['an OFFICIAL template', { type: 'OFFICIAL' }, 409],
    ['a tag with a bad colour', { tags: [{ title: 'x', color: 'blue' }] }, 400],
    ['a tag colour of three digits', { tags: [{ title: 'x', color: '#abc' }] }, 400],
    ['an unknown type', { type: 'COMMUNITY' }, 400],
    ['a flow that is not a flow', { flows: [{ displayName: 'x' }] }, 400],
    [
      'two tables with one external id',
      { tables: [1, 2].map((n) => ({ name: `T${String(n)}`, externalId: 'same', fields: [] })) },
      400,
    ],
    [
      'table data that is not CSV',
      { tables: [{ name: 'T', externalId: 't', fields: [], data: { type: 'XML', rows: [] } }] },
      400,
    ],
  ])('refuses %s with a 4xx and stores nothing', async (_, overrides, status) => {
    const before = await storedCount();
    const answer = await call<{ code: string; params: { message: string } }>(
      admin,
      'POST',
      '/v1/templates',
      templateBody(overrides),
    );
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe('VALIDATION');
    expect(answer.body.params.message).not.toBe('');
    expect(await storedCount()).toBe(before);
  });
});

describe('changing and deleting templates', () => {
  it('lets the admin update a CUSTOM template, keeping what the request leaves out', async () => {
    const template = await create(admin);
    const answer = await call(admin, 'POST', `/v1/templates/${template.id}`, {
      name: 'Renamed',
      status: 'ARCHIVED',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Renamed', status: 'ARCHIVED', summary: 'A summary' });
    expect(answer.body.created).toBe(template.created);
    expect((await call(admin, 'GET', `/v1/templates/${template.id}`)).body.name).toBe('Renamed');
    expect(await listIds(admin)).not.toContain(template.id);
  });

  it('lets the author and admins change a SHARED template, and no other member', async () => {
    const template = await create(member, { type: 'SHARED' });
    expect((await call(otherMember, 'POST', `/v1/templates/${template.id}`, { name: 'Mine' })).status).toBe(
      403,
    );
    expect((await call(otherMember, 'DELETE', `/v1/templates/${template.id}`)).status).toBe(403);
    expect((await call(member, 'POST', `/v1/templates/${template.id}`, { name: 'Better' })).body.name).toBe(
      'Better',
    );
    expect((await call(admin, 'POST', `/v1/templates/${template.id}`, { name: 'Best' })).body.name).toBe(
      'Best',
    );
    expect((await call(member, 'DELETE', `/v1/templates/${template.id}`)).status).toBe(204);
    expect((await call(member, 'GET', `/v1/templates/${template.id}`)).status).toBe(404);
  });

  it('refuses members changing a CUSTOM template and anyone changing an official one', async () => {
    const template = await create(admin);
    expect((await call(member, 'POST', `/v1/templates/${template.id}`, { name: 'x' })).status).toBe(403);
    expect((await call(member, 'DELETE', `/v1/templates/${template.id}`)).status).toBe(403);
    const official = OFFICIAL_TEMPLATES[0]!;
    expect((await call(admin, 'POST', `/v1/templates/${official.id}`, { name: 'x' })).status).toBe(409);
    expect((await call(admin, 'DELETE', `/v1/templates/${official.id}`)).status).toBe(409);
    expect((await call(admin, 'POST', `/v1/templates/${template.id}`, { type: 'OFFICIAL' })).status).toBe(
      409,
    );
    expect((await call(admin, 'GET', `/v1/templates/${template.id}`)).body.name).toBe(template.name);
  });

  it('deletes a CUSTOM template (204), then it is gone (404)', async () => {
    const template = await create(admin);
    expect((await call(admin, 'DELETE', `/v1/templates/${template.id}`)).status).toBe(204);
    expect((await call(admin, 'GET', `/v1/templates/${template.id}`)).status).toBe(404);
    expect((await call(admin, 'DELETE', `/v1/templates/${template.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await call(admin, 'GET', `/v1/templates/${'x'.repeat(21)}`)).status).toBe(404);
    expect((await call(admin, 'GET', '/v1/templates/nope')).status).toBe(400);
  });
});

describe('what each platform sees', () => {
  it("never shows or changes another platform's templates", async () => {
    const template = await create(admin);
    const shared = await create(member, { type: 'SHARED' });
    for (const id of [template.id, shared.id]) {
      expect((await call(stranger, 'GET', `/v1/templates/${id}`)).status).toBe(404);
      expect((await call(stranger, 'POST', `/v1/templates/${id}`, { name: 'Hijacked' })).status).toBe(404);
      expect((await call(stranger, 'DELETE', `/v1/templates/${id}`)).status).toBe(404);
    }
    const seen = await listIds(stranger);
    expect(seen).not.toContain(template.id);
    expect(seen).not.toContain(shared.id);
    expect((await call(admin, 'GET', `/v1/templates/${template.id}`)).body.name).toBe(template.name);
  });

  it('lists the official templates for every platform, first, and lets anyone read them', async () => {
    const officialIds = OFFICIAL_TEMPLATES.map((template) => template.id);
    for (const user of [admin, member, stranger]) {
      expect((await listIds(user)).slice(0, officialIds.length)).toEqual(officialIds);
      expect((await call(user, 'GET', `/v1/templates/${officialIds[0]!}`)).body.type).toBe('OFFICIAL');
    }
  });

  it('needs a token to list, but not for the categories', async () => {
    expect((await callApi(server.apiUrl, 'GET', '/v1/templates')).status).toBe(401);
    const categories = await callApi<string[]>(server.apiUrl, 'GET', '/v1/templates/categories');
    expect(categories.status).toBe(200);
    expect(categories.body).toContain('IT_OPERATIONS');
  });

  it.each(['GET', 'POST'])('answers %s of the removed /v1/flow-templates routes with 404', async (method) => {
    expect((await call(admin, method, '/v1/flow-templates')).status).toBe(404);
    expect((await call(admin, method, `/v1/flow-templates/${OFFICIAL_TEMPLATES[0]!.id}`)).status).toBe(404);
  });
});

describe('list filters', () => {
  let alpha: Template;
  let beta: Template;
  let shared: Template;
  beforeAll(async () => {
    const user = await signUpTestUser(server);
    alpha = await create(user, {
      name: 'Alpha invoices',
      tags: [
        { title: 'Finance', color: '#000000' },
        { title: 'Daily', color: '#ffffff' },
      ],
      categories: ['SALES'],
      pieces: ['@activepieces/piece-gmail'],
    });
    beta = await create(user, {
      name: 'Beta',
      summary: 'Posts INVOICES to slack',
      tags: [{ title: 'Finance', color: '#000000' }],
      categories: ['COMMUNICATION'],
      pieces: ['@activepieces/piece-slack'],
    });
    shared = await create(user, { type: 'SHARED', name: 'Gamma', tags: [], categories: [] });
    filterUser = user;
  });
  let filterUser: TestUser;
  const own = async (query: Record<string, string>) => {
    const ids = await listIds(filterUser, query);
    return [alpha, beta, shared].filter((t) => ids.includes(t.id)).map((t) => t.name);
  };

  it.each([
    ['no filter', {}, ['Alpha invoices', 'Beta', 'Gamma']],
    ['type CUSTOM', { type: 'CUSTOM' }, ['Alpha invoices', 'Beta']],
    ['type SHARED', { type: 'SHARED' }, ['Gamma']],
    ['type OFFICIAL', { type: 'OFFICIAL' }, []],
    ['search in name or summary, any case', { search: 'invoice' }, ['Alpha invoices', 'Beta']],
    ['every tag named', { 'tags[]': 'Finance' }, ['Alpha invoices', 'Beta']],
    ['a category', { categories: 'COMMUNICATION' }, ['Beta']],
    ["Activepieces's singular category", { category: 'SALES' }, ['Alpha invoices']],
    ['a piece', { pieces: '@activepieces/piece-gmail' }, ['Alpha invoices']],
  ])('filters by %s', async (_, query, expected) => {
    expect(await own(query)).toEqual(expected);
  });

  it('needs every tag of a repeated tags parameter', async () => {
    const answer = await fetch(`${server.apiUrl}/v1/templates?tags=Finance&tags=Daily`, {
      headers: { authorization: `Bearer ${filterUser.token}` },
    });
    const ids = ((await answer.json()) as Page<Template>).data.map((t) => t.id);
    expect(ids).toEqual([alpha.id]);
  });

  it('lists official templates by their category and pieces too', async () => {
    const ids = await listIds(filterUser, { type: 'OFFICIAL', pieces: '@activepieces/piece-schedule' });
    expect(ids).toEqual(
      OFFICIAL_TEMPLATES.filter((t) => t.pieces.includes('@activepieces/piece-schedule')).map((t) => t.id),
    );
    expect(ids.length).toBeGreaterThan(0);
  });
});
