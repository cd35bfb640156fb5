/**
 * `/v1/event-destinations` over HTTP: platform admins create (the signing secret answered once,
 * stored sealed), list, get, update and delete destinations; bad input is a 400 that changes
 * nothing; MEMBER users get 403 and another platform's admin 404.
 */
import type { CreatedEventDestination, EventDestination, Page } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type ApiAnswer } from '../../testing/call-api';
import { rowCounts } from '../../testing/row-counts';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
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

async function create(body: Record<string, unknown>): Promise<CreatedEventDestination> {
  const answer = await api<CreatedEventDestination>(admin, 'POST', '/v1/event-destinations', { body });
  expect(answer.status).toBe(201);
  return answer.body;
}

describe('/v1/event-destinations', () => {
  it('creates a destination, answering its signing secret once and storing it sealed', async () => {
    const created = await create({
      url: 'https://hooks.example.com/piecework',
      events: ['flow.created', 'flow.deleted', 'flow.created'],
      displayName: 'SIEM',
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-zA-Z]{21}$/) as unknown,
      created: expect.any(String) as unknown,
      updated: created.created,
      platformId: admin.platformId,
      url: 'https://hooks.example.com/piecework',
      events: ['flow.created', 'flow.deleted'],
      displayName: 'SIEM',
      enabled: true,
      signingSecret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) as unknown,
    });
    const { signingSecret, ...shown } = created;
    const got = await api<EventDestination>(admin, 'GET', `/v1/event-destinations/${created.id}`);
    expect(got).toMatchObject({ status: 200, body: shown });
    expect(got.body).not.toHaveProperty('signingSecret');
    const row = await server.server.context.store.db
      .selectFrom('eventDestination')
      .select('sealedSecret')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.sealedSecret).not.toContain(signingSecret);
    expect(server.server.context.secrets.open(row.sealedSecret)).toBe(signingSecret);
  });

  it('takes every kind of event when events is empty or omitted, and may start disabled', async () => {
    const all = await create({ url: 'http://receiver.example/all' });
    expect(all).toMatchObject({ events: [], displayName: null, enabled: true });
    const off = await create({ url: 'http://receiver.example/off', events: [], enabled: false });
    expect(off).toMatchObject({ events: [], enabled: false });
  });

  it("lists the platform's destinations newest first, and none of another platform's", async () => {
    const first = await create({ url: 'https://a.example/1' });
    const second = await create({ url: 'https://a.example/2' });
    const listed = await api<Page<EventDestination>>(admin, 'GET', '/v1/event-destinations', {
      query: { limit: '2' },
    });
    expect(listed.body.data.map((destination) => destination.id)).toEqual([second.id, first.id]);
    expect(listed.body.next).not.toBeNull();
    expect(listed.body.data.every((destination) => !('signingSecret' in destination))).toBe(true);
    const theirs = await api<Page<EventDestination>>(stranger, 'GET', '/v1/event-destinations');
    expect(theirs.body.data).toEqual([]);
  });

  it('updates the url, events, name and enabled flag, keeping the secret', async () => {
    const created = await create({ url: 'https://old.example/hook', events: ['folder.created'] });
    const sealedBefore = await sealedSecretOf(created.id);
    const updated = await api<EventDestination>(admin, 'PATCH', `/v1/event-destinations/${created.id}`, {
      body: { url: 'https://new.example/hook', events: [], displayName: 'Renamed', enabled: false },
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { url: 'https://new.example/hook', events: [], displayName: 'Renamed', enabled: false },
    });
    expect(updated.body.updated > created.updated).toBe(true);
    const partly = await api<EventDestination>(admin, 'PATCH', `/v1/event-destinations/${created.id}`, {
      body: { enabled: true },
    });
    expect(partly.body).toMatchObject({
      url: 'https://new.example/hook',
      displayName: 'Renamed',
      enabled: true,
    });
    expect(await sealedSecretOf(created.id)).toBe(sealedBefore);
  });

  it('deletes a destination with its delivery log', async () => {
    const created = await create({ url: 'https://gone.example/hook' });
    const deleted = await api(admin, 'DELETE', `/v1/event-destinations/${created.id}`);
    expect(deleted.status).toBe(204);
    expect((await api(admin, 'GET', `/v1/event-destinations/${created.id}`)).status).toBe(404);
    expect((await api(admin, 'DELETE', `/v1/event-destinations/${created.id}`)).status).toBe(404);
    expect((await api(admin, 'GET', `/v1/event-destinations/${created.id}/deliveries`)).status).toBe(404);
  });

  it.each([
    ['a URL that is not http(s)', { url: 'ftp://files.example/drop' }],
    ['a relative URL', { url: '/hooks/1' }],
    ['no URL', { events: [] }],
    ['an empty URL', { url: '' }],
    ['a URL over 2048 characters', { url: `https://long.example/${'a'.repeat(2048)}` }],
    ['an unknown event kind', { url: 'https://ok.example/', events: ['flow.exploded'] }],
    ['events that are not a list', { url: 'https://ok.example/', events: 'flow.created' }],
    ['an empty display name', { url: 'https://ok.example/', displayName: '  ' }],
    ['enabled that is not a boolean', { url: 'https://ok.example/', enabled: 'yes' }],
  ])('refuses to create with %s (400 VALIDATION, nothing stored)', async (_, body) => {
    const before = await rowCounts(server, ['eventDestination']);
    const answer = await api(admin, 'POST', '/v1/event-destinations', { body });
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await rowCounts(server, ['eventDestination'])).toEqual(before);
  });

  it.each([
    ['nothing to change', {}],
    ['a URL that is not http(s)', { url: 'javascript:alert(1)' }],
    ['an unknown event kind', { events: ['nope'] }],
  ])('refuses an update with %s (400 VALIDATION, nothing changed)', async (_, body) => {
    const created = await create({ url: 'https://keep.example/hook', events: ['flow.created'] });
    const answer = await api(admin, 'PATCH', `/v1/event-destinations/${created.id}`, { body });
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    const { signingSecret: _secret, ...shown } = created;
    expect((await api(admin, 'GET', `/v1/event-destinations/${created.id}`)).body).toEqual(shown);
  });

  it('refuses a malformed id (400) and an unknown one (404)', async () => {
    expect((await api(admin, 'GET', '/v1/event-destinations/short')).status).toBe(400);
    const unknown = await api(admin, 'GET', `/v1/event-destinations/${'a'.repeat(21)}`);
    expect(unknown).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
  });

  it("answers another platform's admin 404 on every route of a destination, changing nothing", async () => {
    const created = await create({ url: 'https://mine.example/hook', events: ['folder.created'] });
    const path = `/v1/event-destinations/${created.id}`;
    const calls: [string, string, unknown][] = [
      ['GET', path, undefined],
      ['PATCH', path, { enabled: false }],
      ['DELETE', path, undefined],
      ['POST', `${path}/test`, undefined],
      ['GET', `${path}/deliveries`, undefined],
    ];
    for (const [method, callPath, body] of calls) {
      const answer = await api(stranger, method, callPath, body === undefined ? {} : { body });
      expect({ method, callPath, status: answer.status }).toEqual({ method, callPath, status: 404 });
    }
    const { signingSecret: _secret, ...shown } = created;
    expect((await api(admin, 'GET', path)).body).toEqual(shown);
  });

  it.each(['MEMBER', 'OPERATOR'] as const)('refuses a %s user (403 AUTHORIZATION)', async (role) => {
    const user = await addTestUser(server, admin.platformId, role, [
      { projectId: admin.projectId!, role: 'Admin' },
    ]);
    const created = await create({ url: 'https://admins-only.example/hook' });
    const before = await rowCounts(server, ['eventDestination']);
    for (const [method, path, body] of [
      ['GET', '/v1/event-destinations', undefined],
      ['POST', '/v1/event-destinations', { url: 'https://planted.example/' }],
      ['PATCH', `/v1/event-destinations/${created.id}`, { url: 'https://hijacked.example/' }],
      ['DELETE', `/v1/event-destinations/${created.id}`, undefined],
    ] as const) {
      const answer = await api(user, method, path, body === undefined ? {} : { body });
      expect(answer).toMatchObject({ status: 403, body: { code: 'AUTHORIZATION' } });
    }
    expect(await rowCounts(server, ['eventDestination'])).toEqual(before);
    expect((await api<EventDestination>(admin, 'GET', `/v1/event-destinations/${created.id}`)).body.url).toBe(
      'https://admins-only.example/hook',
    );
  });
});

async function sealedSecretOf(id: string): Promise<string> {
  const row = await server.server.context.store.db
    .selectFrom('eventDestination')
    .select('sealedSecret')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.sealedSecret;
}
