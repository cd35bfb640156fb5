/**
 * A code step that never ends, or that allocates without limit, ends its own run (TIMEOUT,
 * MEMORY_LIMIT_EXCEEDED) and nothing else: other runs keep answering while it is still running.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type { FlowRunStatus } from '@piecework/shared';
import { codeStep, returnResponse, webhookTrigger } from '../modules/flows/flow-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';

let server: TestServer;
let user: TestUser;
let client: PieceworkClient;
beforeAll(async () => {
  server = await startTestServer({ AP_FLOW_TIMEOUT_SECONDS: '5', AP_DEFAULT_CONCURRENT_JOBS_LIMIT: '4' });
  user = await signUpTestUser(server);
  client = createPieceworkClient({ baseUrl: server.url, token: user.token });
});
afterAll(() => server.close());

async function publishedFlow(code: string, respond: boolean): Promise<string> {
  const flow = await client.flows.create({ displayName: 'Isolation', projectId: user.projectId ?? '' });
  await client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  const step = codeStep('step_1');
  if (step.type === 'CODE') step.settings.sourceCode.code = code;
  await client.flows.update(flow.id, {
    type: 'ADD_ACTION',
    request: { parentStep: 'trigger', action: step },
  });
  if (respond) {
    await client.flows.update(flow.id, {
      type: 'ADD_ACTION',
      request: {
        parentStep: 'step_1',
        action: returnResponse('step_2', { status: 200, body: { ok: true } }),
      },
    });
  }
  await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  return flow.id;
}

async function statusOf(runId: string): Promise<FlowRunStatus> {
  return (await client.flowRuns.get(runId)).status;
}

async function waitFor(runId: string, wanted: (status: FlowRunStatus) => boolean): Promise<FlowRunStatus> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await statusOf(runId);
    if (wanted(status)) return status;
    if (Date.now() > deadline) throw new Error(`run ${runId} stayed ${status}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

describe('runaway code steps', () => {
  it.each([
    ['an infinite loop', 'export const code = async () => { while (true) {} };', 'TIMEOUT'],
    [
      'a huge allocation',
      'export const code = async () => { const a = []; while (true) a.push(new Array(1e6).fill(1)); };',
      'MEMORY_LIMIT_EXCEEDED',
    ],
  ])(
    '%s ends its own run, while other runs keep answering',
    async (_, code, expected) => {
      const hog = await publishedFlow(code, false);
      const quick = await publishedFlow('export const code = async () => ({ ok: true });', true);
      // Warm up (first piece call, first sandbox) before the hog starts.
      expect(
        (await fetch(`${server.apiUrl}/v1/webhooks/${quick}/sync`, { method: 'POST', body: '{}' })).status,
      ).toBe(200);
      const started = await fetch(`${server.apiUrl}/v1/webhooks/${hog}`, { method: 'POST', body: '{}' });
      const hogRun = started.headers.get('x-webhook-id') ?? '';
      await waitFor(hogRun, (status) => status !== 'QUEUED');
      const quickRuns: string[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await fetch(`${server.apiUrl}/v1/webhooks/${quick}/sync`, {
          method: 'POST',
          body: '{}',
        });
        expect(answer.status).toBe(200);
        expect(await answer.json()).toEqual({ ok: true });
        quickRuns.push(answer.headers.get('x-webhook-id') ?? '');
      }
      expect(await waitFor(hogRun, (status) => status !== 'RUNNING' && status !== 'QUEUED')).toBe(expected);
      // The quick runs did not wait for the runaway one: they all ended before it did.
      const hogEnd = (await client.flowRuns.get(hogRun)).finishTime ?? '';
      for (const id of quickRuns) {
        const run = await client.flowRuns.get(id);
        expect(run.status).toBe('SUCCEEDED');
        if (expected === 'TIMEOUT') expect((run.finishTime ?? '') < hogEnd).toBe(true);
      }
    },
    60_000,
  );
});
