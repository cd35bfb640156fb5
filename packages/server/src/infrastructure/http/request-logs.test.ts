import { afterEach, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser } from '../../testing/test-users';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const completed = (logs: Record<string, unknown>[]) =>
  logs.filter((line) => line['msg'] === 'request completed');

describe('request logs', () => {
  it('group the ids a request names by entity', async () => {
    server = await startTestServer();
    const user = await signUpTestUser(server);
    await callApi(server.apiUrl, 'GET', `/v1/projects/${user.projectId ?? ''}`, { token: user.token });
    const line = completed(server.logs).find(
      (entry) => (entry['req'] as { url: string }).url === '/api/v1/projects/:id',
    );
    expect(line).toMatchObject({ project: { id: user.projectId }, res: { statusCode: 200 } });
    expect(typeof line?.['responseTime']).toBe('number');
  });

  it('are sampled by AP_LOG_SAMPLE_RATE_INFO, but slow requests (AP_LOG_KEEP_SLOW_MS) are always kept', async () => {
    server = await startTestServer({ AP_LOG_SAMPLE_RATE_INFO: '0', AP_LOG_KEEP_SLOW_MS: '0' });
    await callApi(server.apiUrl, 'GET', '/v1/health');
    expect(completed(server.logs)).toHaveLength(1);
    await server.close();
    server = await startTestServer({ AP_LOG_SAMPLE_RATE_INFO: '0', AP_LOG_KEEP_SLOW_MS: '60000' });
    await callApi(server.apiUrl, 'GET', '/v1/health');
    expect(completed(server.logs)).toHaveLength(0);
  });

  it('log failures of the server itself as errors, with the request id, and answer without details', async () => {
    server = await startTestServer();
    server.server.context.store.db.selectFrom = () => {
      throw new Error('disk on fire');
    };
    const user = await fetch(`${server.apiUrl}/v1/authentication/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'whatever' }),
    });
    expect(user.status).toBe(500);
    const body = (await user.json()) as { code: string; params: { message: string; requestId: string } };
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(JSON.stringify(body)).not.toContain('disk on fire');
    expect(body.params.requestId).toBe(user.headers.get('x-request-id'));
    expect(
      server.logs.some((line) => line['level'] === 50 && JSON.stringify(line).includes('disk on fire')),
    ).toBe(true);
  });
});
