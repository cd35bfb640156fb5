import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOVED_FEATURE_FLAGS } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('platform routes', () => {
  it('answers health with OK, a request id and the security headers', async () => {
    const answer = await callApi(server.apiUrl, 'GET', '/v1/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: 'OK' });
    expect(answer.headers.get('x-request-id')).toMatch(/^req_[0-9a-zA-Z]{21}$/);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves flags without the four removed ones', async () => {
    const answer = await callApi<Record<string, unknown>>(server.apiUrl, 'GET', '/v1/flags');
    expect(answer.status).toBe(200);
    for (const name of REMOVED_FEATURE_FLAGS) expect(answer.body).not.toHaveProperty(name);
    expect(answer.body['WEBHOOK_URL_PREFIX']).toMatch(/\/api\/v1\/webhooks$/);
  });

  it('serves an OpenAPI 3.1 description with version 0.0.0', async () => {
    const answer = await callApi<{
      openapi: string;
      info: { version: string };
      paths: Record<string, unknown>;
    }>(server.apiUrl, 'GET', '/v1/docs');
    expect(answer.body.openapi).toBe('3.1.0');
    expect(answer.body.info.version).toBe('0.0.0');
    expect(Object.keys(answer.body.paths)).toContain('/v1/health');
  });

  it('answers an unknown route with 404 in the one error shape', async () => {
    const answer = await callApi(server.apiUrl, 'GET', '/v1/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'route' } });
    expect(answer.headers.get('x-request-id')).toBeTruthy();
  });

  it('logs completed requests with their status', async () => {
    await callApi(server.apiUrl, 'GET', '/v1/health');
    expect(server.logs.some((line) => line['msg'] === 'request completed')).toBe(true);
  });
});

describe('the server clock', () => {
  it('never answers the same instant twice, in microseconds, even when the wall clock stands still', async () => {
    const { monotonicClock } = await import('../../server-context');
    const clock = monotonicClock(() => 1_000_000);
    expect([clock(), clock(), clock()]).toEqual([
      '1970-01-01T00:00:01.000000Z',
      '1970-01-01T00:00:01.000001Z',
      '1970-01-01T00:00:01.000002Z',
    ]);
  });
});
