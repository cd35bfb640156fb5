/**
 * The per-IP limit of public submissions (AP_HUMAN_INPUT_RATE_LIMIT_MAX/_WINDOW) through real
 * HTTP: the forms and chat pages' submission routes and the webhooks of forms-piece flows share
 * one count per IP; over it they answer 429 RATE_LIMITED with Retry-After, while the webhooks of
 * other flows are never limited by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { addAction, code } from '../../testing/features/flow-test-kit';
import { buildPageFlow, buildWebhookFlow, formTrigger } from '../../testing/features/human-input-test-kit';
import { callWebhook, jsonBody } from '../../testing/features/webhook-run-test-kit';

const LIMIT = 3;

let server: TestServer;
let user: TestUser;

beforeAll(async () => {
  server = await startTestServer({
    AP_HUMAN_INPUT_RATE_LIMIT_MAX: String(LIMIT),
    AP_HUMAN_INPUT_RATE_LIMIT_WINDOW: '1 hour',
  });
  user = await signUpTestUser(server);
}, 60_000);
afterAll(() => server.close(), 60_000);

const submit = (flowId: string) =>
  fetch(`${server.apiUrl}/v1/human-input/form/${flowId}/submissions`, {
    method: 'POST',
    ...jsonBody({ name: 'Ada' }),
  });

describe('the public submissions rate limit', () => {
  it('counts submissions and forms-flow webhooks per IP, and answers 429 over it', async () => {
    const formFlow = await buildPageFlow(
      server,
      user.token,
      user.projectId!,
      formTrigger([{ displayName: 'Name', type: 'text', required: true }], false),
      [addAction(code('step_1', 'return 1;'))],
    );
    const ordinaryFlow = await buildWebhookFlow(server, user.token, user.projectId!, [
      addAction(code('step_1', 'return 1;')),
    ]);

    const first = await submit(formFlow);
    expect(first.status).toBe(200);
    await first.text();
    for (let index = 1; index < LIMIT; index += 1) {
      expect((await callWebhook(server, formFlow, '', jsonBody({ name: 'Bo' }))).status).toBe(200);
    }

    const overOnWebhook = await callWebhook(server, formFlow, '', jsonBody({ name: 'Cy' }));
    expect(overOnWebhook.status).toBe(429);
    expect(Number(overOnWebhook.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await overOnWebhook.json()).toMatchObject({
      code: 'RATE_LIMITED',
      params: { retryAfterSeconds: expect.any(Number) },
    });

    const overOnSubmission = await submit(formFlow);
    expect(overOnSubmission.status).toBe(429);
    expect(overOnSubmission.headers.get('retry-after')).not.toBeNull();
    expect(await overOnSubmission.json()).toMatchObject({ code: 'RATE_LIMITED' });

    for (let index = 0; index < LIMIT + 2; index += 1) {
      expect((await callWebhook(server, ordinaryFlow, '', jsonBody({ n: index }))).status).toBe(200);
    }
  });
});
