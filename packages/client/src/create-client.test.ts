import { afterEach, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@piecework/shared';
import { isApiError } from './api-error';
import { createPieceworkClient, type PieceworkClient } from './create-client';
import type { PieceworkClientOptions } from './client-options';
import { ResponseValidationError } from './response-validation-error';
import { populatedFlow } from './testing/builders';
import { startLoopbackServer, type LoopbackServer, type Reply } from './testing/loopback-server';

let server: LoopbackServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client of a fresh loopback server answering with `handler` (retries wait 1 ms). */
async function clientOf(
  handler: (request: LoopbackServer['requests'][number], index: number) => Reply,
  options: Partial<PieceworkClientOptions> = {},
): Promise<{ client: PieceworkClient; requests: LoopbackServer['requests'] }> {
  server = await startLoopbackServer(handler);
  const client = createPieceworkClient({ baseUrl: server.baseUrl, retry: { maxDelayMs: 1 }, ...options });
  return { client, requests: server.requests };
}

const noContent = (): Reply => ({ status: 204 });

describe('URLs', () => {
  it.each<[string, (client: PieceworkClient) => Promise<unknown>, string]>([
    ['adds /api to the base URL', (c) => c.platform.health(), '/api/v1/health'],
    ['percent-encodes path parameters', (c) => c.flows.get('a/b ?#'), '/api/v1/flows/a%2Fb%20%3F%23'],
    [
      'sends the query of a GET',
      (c) => c.flows.get('f1', { versionId: 'v1' }),
      '/api/v1/flows/f1?versionId=v1',
    ],
    [
      'repeats the key of a query array and leaves out undefined fields',
      (c) =>
        c.flows.list({ projectId: 'p 1', status: ['ENABLED', 'DISABLED'], limit: 5, folderId: undefined }),
      '/api/v1/flows?projectId=p+1&status=ENABLED&status=DISABLED&limit=5',
    ],
    [
      'fills the :id of a nested path',
      (c) => c.flows.listVersions('f1', { cursor: 'c' }),
      '/api/v1/flows/f1/versions?cursor=c',
    ],
    ['sends no query string for an empty query', (c) => c.auditEvents.list(), '/api/v1/audit-events'],
  ])('%s', async (_, call, expected) => {
    const { client, requests } = await clientOf(noContent);
    await call(client);
    expect(requests.map((request) => request.url)).toEqual([expected]);
  });

  it.each([
    ['no trailing slash', '', '/api/v1/health'],
    ['trailing slashes', '///', '/api/v1/health'],
    ['a path prefix', '/proxy/', '/proxy/api/v1/health'],
  ])('handles a base URL with %s', async (_, suffix, expected) => {
    const { client, requests } = await clientOf(noContent);
    const prefixed = createPieceworkClient({ baseUrl: `${server?.baseUrl ?? ''}${suffix}` });
    expect(prefixed.apiUrl).toBe(`${server?.baseUrl ?? ''}${suffix.replace(/\/+$/, '')}/api`);
    await prefixed.platform.health();
    expect(client.apiUrl).toBe(`${server?.baseUrl ?? ''}/api`);
    expect(requests.map((request) => request.url)).toEqual([expected]);
  });

  it('refuses a base URL that is not absolute, and a missing path parameter', async () => {
    expect(() => createPieceworkClient({ baseUrl: '/relative' })).toThrow(TypeError);
    const { client, requests } = await clientOf(noContent);
    await expect(client.flows.get('')).rejects.toThrow('Missing path parameter "id" of /v1/flows/:id');
    expect(requests).toEqual([]);
  });
});

describe('requests', () => {
  it('sends the token as a bearer header; withToken replaces it', async () => {
    const { client, requests } = await clientOf(noContent);
    await client.flows.delete('f1');
    await client.withToken('session-token').flows.delete('f1');
    await client.withToken('sk-key').withToken(undefined).flows.delete('f1');
    expect(requests.map((request) => request.headers.authorization)).toEqual([
      undefined,
      'Bearer session-token',
      undefined,
    ]);
    const authenticated = await clientOf(noContent, { token: 'sk-key' });
    await authenticated.client.apiKeys.delete('k1');
    expect(authenticated.requests[0]?.headers.authorization).toBe('Bearer sk-key');
  });

  it('sends the headers option on every request; withHeaders adds to them and replaces same names', async () => {
    const { client, requests } = await clientOf(() => ({ status: 200, body: populatedFlow() }), {
      token: 'sk-key',
      headers: { 'X-Tab': 'one' },
    });
    const guarded = client.withHeaders({ 'If-Match': '"2026-01-02T03:04:05.678901Z"' });
    await guarded.flows.update('f1', { type: 'CHANGE_NAME', request: { displayName: 'Hello' } });
    await guarded
      .withHeaders({ 'if-match': '"2026-01-02T03:04:06.000000Z"', 'x-tab': 'two' })
      .flows.get('f1');
    await client.flows.get('f1');
    expect(
      requests.map(({ headers }) => [
        headers['if-match'],
        headers['x-tab'],
        headers.authorization,
        headers.accept,
      ]),
    ).toEqual([
      ['"2026-01-02T03:04:05.678901Z"', 'one', 'Bearer sk-key', 'application/json'],
      ['"2026-01-02T03:04:06.000000Z"', 'two', 'Bearer sk-key', 'application/json'],
      [undefined, 'one', 'Bearer sk-key', 'application/json'],
    ]);
  });

  it('sends the body of a POST as JSON', async () => {
    const { client, requests } = await clientOf(() => ({ status: 201, body: populatedFlow() }));
    await client.flows.create({ projectId: 'p1', displayName: 'Welcome' });
    await client.flows.update('f1', { type: 'CHANGE_NAME', request: { displayName: 'Hello' } });
    expect(
      requests.map(({ method, url, headers, body }) => [method, url, headers['content-type'], body]),
    ).toEqual([
      ['POST', '/api/v1/flows', 'application/json', { projectId: 'p1', displayName: 'Welcome' }],
      [
        'POST',
        '/api/v1/flows/f1',
        'application/json',
        { type: 'CHANGE_NAME', request: { displayName: 'Hello' } },
      ],
    ]);
  });

  it('calls any endpoint declaration through call()', async () => {
    const { client, requests } = await clientOf(() => ({ status: 200, body: 3 }));
    expect(await client.call(ENDPOINTS.flows.count, { query: { projectId: 'p1' } })).toBe(3);
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /api/v1/flows/count?projectId=p1',
    ]);
  });
});

describe('answers', () => {
  it('parses the answer with the response schema, stripping unknown fields', async () => {
    const flow = populatedFlow();
    const { client } = await clientOf(() => ({
      status: 200,
      body: { ...flow, internal: 'x', version: { ...flow.version, secret: 'y' } },
    }));
    expect(await client.flows.get(flow.id)).toEqual(flow);
  });

  it('returns the JSON as sent with validateResponses: false', async () => {
    const { client } = await clientOf(() => ({ status: 200, body: { unexpected: true } }), {
      validateResponses: false,
    });
    expect(await client.flows.get('f1')).toEqual({ unexpected: true });
  });

  it.each([
    ['a body that breaks the schema', { id: 1 }, 'id: Invalid input: expected string, received number'],
    ['a body that is not JSON', 'oops', 'the body is not JSON'],
  ])('throws ResponseValidationError for %s', async (_, body, problem) => {
    const { client } = await clientOf(() => ({
      status: 200,
      body,
      headers: { 'content-type': 'application/json' },
    }));
    const error: unknown = await client.flows.get('f1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error).toMatchObject({ operationId: 'flows.get', status: 200, requestId: 'req_1', method: 'GET' });
    expect((error as Error).message).toContain(problem);
  });

  it.each([
    ['204', (): Reply => ({ status: 204 })],
    ['an empty 200', (): Reply => ({ status: 200 })],
    [
      'a 200 of an endpoint without a response schema',
      (): Reply => ({ status: 200, body: { deleted: true } }),
    ],
  ])('resolves %s to undefined', async (_, reply) => {
    const { client } = await clientOf(reply);
    expect(await client.folders.delete('f1')).toBeUndefined();
  });
});

describe('errors', () => {
  it('throws ApiError with the code, params and request id of a {code, params} body', async () => {
    const { client } = await clientOf(() => ({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', params: { message: 'Flow not found', entityId: 'f1' } },
    }));
    const error: unknown = await client.flows.get('f1').catch((e: unknown) => e);
    expect(isApiError(error, 'ENTITY_NOT_FOUND')).toBe(true);
    expect(isApiError(error, 'CONFLICT')).toBe(false);
    const { status, code, params, requestId, method, url, message } = error as Record<string, unknown>;
    expect({ status, code, params, requestId, method, url, message }).toEqual({
      status: 404,
      code: 'ENTITY_NOT_FOUND',
      params: { message: 'Flow not found', entityId: 'f1' },
      requestId: 'req_1',
      method: 'GET',
      url: `${server?.baseUrl ?? ''}/api/v1/flows/f1`,
      message: `GET ${server?.baseUrl ?? ''}/api/v1/flows/f1 answered 404 ENTITY_NOT_FOUND: Flow not found`,
    });
  });

  it.each([
    ['a non-JSON body', 'Bad Gateway from the proxy'],
    ['JSON of another shape', { error: 'boom' }],
    ['an unknown code', { code: 'NEW_CODE', params: {} }],
  ])('throws ApiError with code UNKNOWN for %s', async (_, body) => {
    const { client } = await clientOf(() => ({ status: 500, body }), { retry: 0 });
    const error: unknown = await client.flows.count({ projectId: 'p1' }).catch((e: unknown) => e);
    expect(isApiError(error, 'UNKNOWN')).toBe(true);
    expect(error).toMatchObject({ status: 500, code: 'UNKNOWN', params: {}, requestId: 'req_1', body });
  });

  it('lets network failures propagate as fetch throws them', async () => {
    const { client } = await clientOf(noContent, { retry: 0 });
    await server?.close();
    server = undefined;
    const error: unknown = await client.platform.health().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(isApiError(error)).toBe(false);
  });
});

describe('retries', () => {
  const unavailableOnce = (_: unknown, index: number): Reply =>
    index === 0
      ? { status: 503, body: { code: 'INTERNAL_ERROR', params: { message: 'starting' } } }
      : { status: 201, body: populatedFlow() };

  it('retries a GET on 503', async () => {
    const { client, requests } = await clientOf(unavailableOnce);
    expect(await client.flows.get('f1')).toEqual(populatedFlow());
    expect(requests.map((request) => request.method)).toEqual(['GET', 'GET']);
  });

  it('gives up on a GET after the retry limit', async () => {
    const { client, requests } = await clientOf(() => ({ status: 503 }), {
      retry: { limit: 1, maxDelayMs: 1 },
    });
    await expect(client.platform.health()).rejects.toMatchObject({ status: 503, code: 'UNKNOWN' });
    expect(requests).toHaveLength(2);
  });

  it('never retries a POST', async () => {
    const { client, requests } = await clientOf(unavailableOnce);
    await expect(client.flows.create({ projectId: 'p1', displayName: 'x' })).rejects.toMatchObject({
      status: 503,
      code: 'INTERNAL_ERROR',
    });
    expect(requests.map((request) => request.method)).toEqual(['POST']);
  });
});
