/**
 * A Catch Webhook trigger with Basic or Header authentication runs its flow only for requests
 * carrying those credentials, on every webhook route that runs it; other requests are answered
 * 401 and start no run. A trigger without authentication runs for anyone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { webhookTrigger } from '../../testing/features/flow-test-kit';
import {
  buildFlow,
  callWebhook,
  chainOf,
  jsonBody,
  returnResponse,
  runRowsOf,
} from '../../testing/features/webhook-run-test-kit';

let server: TestServer;
let user: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
});
afterAll(() => server.close());

/** A published flow whose trigger asks for `input`'s authentication and answers `{ok: true}`. */
function guardedFlow(input: Record<string, unknown>) {
  return buildFlow(server, user.token, user.projectId!, [
    { type: 'UPDATE_TRIGGER', request: webhookTrigger(input) },
    ...chainOf(returnResponse('step_1', { status: 200, body: { ok: true } })),
  ]);
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function call(flowId: string, suffix: string, headers: Record<string, string> = {}) {
  const init = jsonBody({ n: 1 });
  return callWebhook(server, flowId, suffix, { ...init, headers: { ...init.headers, ...headers } });
}

describe('webhook credentials of the Catch Webhook trigger', () => {
  it('answers 401 without the header or with a wrong value, and runs with the right one', async () => {
    const { flowId } = await guardedFlow({
      authType: 'header',
      authFields: { headerName: 'X-Secret', headerValue: 's3cret-value' },
    });
    for (const suffix of ['', '/sync', '/draft']) {
      const attempts: Record<string, string>[] = [
        {},
        { 'x-secret': 's3cret-valuE' },
        { 'x-secret': 's3cret' },
      ];
      for (const headers of attempts) {
        const refused = await call(flowId, suffix, headers);
        expect(refused.status).toBe(401);
        expect(await refused.json()).toMatchObject({ code: 'AUTHENTICATION' });
      }
    }
    expect(await runRowsOf(server, flowId)).toEqual([]);

    const accepted = await call(flowId, '/sync', { 'x-secret': 's3cret-value' });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ ok: true });
    expect((await call(flowId, '', { 'X-SECRET': 's3cret-value' })).status).toBe(200);
    expect(await runRowsOf(server, flowId)).toHaveLength(2);
  });

  it('checks Basic authentication user and password', async () => {
    const { flowId } = await guardedFlow({
      authType: 'basic',
      authFields: { username: 'hook', password: 'pa:ss word' },
    });
    for (const authorization of [basic('hook', 'wrong'), basic('other', 'pa:ss word'), 'Bearer x']) {
      expect((await call(flowId, '/sync', { authorization })).status).toBe(401);
    }
    expect((await call(flowId, '/sync')).status).toBe(401);
    const accepted = await call(flowId, '/sync', { authorization: basic('hook', 'pa:ss word') });
    expect(accepted.status).toBe(200);
    expect(await runRowsOf(server, flowId)).toHaveLength(1);
  });

  it('runs a trigger without authentication for any request', async () => {
    const { flowId } = await guardedFlow({ authType: 'none' });
    expect((await call(flowId, '/sync')).status).toBe(200);
  });
});
