import { afterEach, describe, expect, it } from 'vitest';
import { apiRequestInit, apiUrl, createRequester } from './request';
import { closeLoopbackApis, startApi } from './testing/loopback-api';

describe('apiUrl', () => {
  it.each<[string, string, string, Parameters<typeof apiUrl>[2], string]>([
    ['a path', 'https://f.example', 'flows', undefined, 'https://f.example/api/v1/flows'],
    [
      'a leading slash of the path is dropped',
      'https://f.example',
      '/flows',
      undefined,
      'https://f.example/api/v1/flows',
    ],
    [
      'trailing slashes of the instance are dropped',
      'https://f.example//',
      'flows',
      undefined,
      'https://f.example/api/v1/flows',
    ],
    [
      'an instance under a path',
      'https://h.example/pw',
      'flows',
      undefined,
      'https://h.example/pw/api/v1/flows',
    ],
    [
      'query parameters, encoded',
      'https://f.example',
      'flows',
      { projectId: 'p 1&x', limit: 10 },
      'https://f.example/api/v1/flows?projectId=p+1%26x&limit=10',
    ],
    [
      'an array repeats its key',
      'https://f.example',
      'flow-runs',
      { status: ['FAILED', 'TIMEOUT'] },
      'https://f.example/api/v1/flow-runs?status=FAILED&status=TIMEOUT',
    ],
    [
      'undefined values are left out',
      'https://f.example',
      'flows',
      { cursor: undefined },
      'https://f.example/api/v1/flows',
    ],
  ])('%s', (_, instanceUrl, path, query, expected) => {
    expect(apiUrl(instanceUrl, path, query)).toBe(expected);
  });
});

describe('apiRequestInit', () => {
  it.each<[string, Parameters<typeof apiRequestInit>[0], RequestInit]>([
    [
      'a GET with the bearer token',
      { method: 'GET', token: 't' },
      { method: 'GET', headers: { Accept: 'application/json', Authorization: 'Bearer t' } },
    ],
    [
      'a JSON body',
      { method: 'post', body: { displayName: 'A' }, token: 't' },
      {
        method: 'POST',
        headers: {
          Accept: 'application/json',
          Authorization: 'Bearer t',
          'Content-Type': 'application/json',
        },
        body: '{"displayName":"A"}',
      },
    ],
    [
      'no token: no Authorization',
      { method: 'DELETE' },
      { method: 'DELETE', headers: { Accept: 'application/json' } },
    ],
  ])('%s', (_, options, expected) => {
    expect(apiRequestInit(options)).toStrictEqual(expected);
  });
});

afterEach(closeLoopbackApis);

const session = (token: string) => ({ token, projectId: 'proj', platformId: 'plat', id: 'user' });

describe('createRequester', () => {
  it('exchanges the JWT once, then calls the API with the session token', async () => {
    const api = await startApi(({ url }) =>
      url.endsWith('/external-token')
        ? { status: 200, body: session('user-token') }
        : { status: 200, body: { data: [] } },
    );
    const requester = createRequester({ instanceUrl: `${api.url}/`, jwtToken: 'host.jwt' });
    await expect(
      requester.request({ path: 'flows', method: 'GET', queryParams: { limit: '1' } }),
    ).resolves.toStrictEqual({ data: [] });
    await requester.request({ path: '/flows', method: 'POST', body: { displayName: 'A' } });
    expect(api.seen).toStrictEqual([
      {
        method: 'POST',
        url: '/api/v1/managed-authn/external-token',
        authorization: undefined,
        body: '{"externalAccessToken":"host.jwt"}',
      },
      { method: 'GET', url: '/api/v1/flows?limit=1', authorization: 'Bearer user-token', body: '' },
      {
        method: 'POST',
        url: '/api/v1/flows',
        authorization: 'Bearer user-token',
        body: '{"displayName":"A"}',
      },
    ]);
    await expect(requester.auth()).resolves.toStrictEqual({
      token: 'user-token',
      projectId: 'proj',
      platformId: 'plat',
    });
  });

  it('exchanges again once on a 401 and retries the call', async () => {
    let exchanges = 0;
    const api = await startApi(({ url, authorization }) => {
      if (url.endsWith('/external-token')) return { status: 200, body: session(`token-${++exchanges}`) };
      return authorization === 'Bearer token-1'
        ? { status: 401, body: { code: 'INVALID_BEARER_TOKEN' } }
        : { status: 200, body: { ok: true } };
    });
    const requester = createRequester({ instanceUrl: api.url, jwtToken: 'host.jwt' });
    await expect(requester.request({ path: 'flows', method: 'GET' })).resolves.toStrictEqual({ ok: true });
    expect(api.seen.map((s) => `${s.url} ${s.authorization ?? '-'}`)).toStrictEqual([
      '/api/v1/managed-authn/external-token -',
      '/api/v1/flows Bearer token-1',
      '/api/v1/managed-authn/external-token -',
      '/api/v1/flows Bearer token-2',
    ]);
  });

  it('rejects {status, body} on a non-2xx answer, without retrying it', async () => {
    const api = await startApi(({ url }) =>
      url.endsWith('/external-token')
        ? { status: 200, body: session('t') }
        : { status: 404, body: { code: 'ENTITY_NOT_FOUND', params: { entityType: 'flow' } } },
    );
    const requester = createRequester({ instanceUrl: api.url, jwtToken: 'host.jwt' });
    await expect(requester.request({ path: 'flows/x', method: 'GET' })).rejects.toStrictEqual({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', params: { entityType: 'flow' } },
    });
    expect(api.seen).toHaveLength(2);
  });

  it('rejects the refused exchange and tries it again on the next call', async () => {
    const api = await startApi(() => ({ status: 401, body: { code: 'INVALID_BEARER_TOKEN' } }));
    const requester = createRequester({ instanceUrl: api.url, jwtToken: 'expired.jwt' });
    const failure = { status: 401, body: { code: 'INVALID_BEARER_TOKEN' } };
    await expect(requester.request({ path: 'flows', method: 'GET' })).rejects.toStrictEqual(failure);
    await expect(requester.request({ path: 'flows', method: 'GET' })).rejects.toStrictEqual(failure);
    expect(api.seen.map((s) => s.url)).toStrictEqual([
      '/api/v1/managed-authn/external-token',
      '/api/v1/managed-authn/external-token',
    ]);
  });

  it('resolves undefined for an empty answer', async () => {
    const api = await startApi(({ url }) =>
      url.endsWith('/external-token') ? { status: 200, body: session('t') } : { status: 200 },
    );
    const requester = createRequester({ instanceUrl: api.url, jwtToken: 'host.jwt' });
    await expect(requester.request({ path: 'flows/x', method: 'DELETE' })).resolves.toBeUndefined();
  });
});
