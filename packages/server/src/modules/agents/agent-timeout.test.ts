/**
 * The agent's time limit through a real server with AP_FLOW_TIMEOUT_SECONDS=2: a model turn the
 * stand-in holds longer is aborted at the limit, the agent run ends FAILED and the run fails with
 * the timeout message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRun, Page } from '@piecework/shared';
import { chain, newRun, publishedFlow, waitForRun } from '../../runs/run-test-kit';
import { callApi } from '../../testing/call-api';
import { startOpenAIStandIn, type OpenAIStandIn } from '../../testing/openai-stand-in';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { agentStep, gate, standInProvider } from './agent-test-kit';

let server: TestServer;
let user: TestUser;
let standIn: OpenAIStandIn;
const held = gate();

beforeAll(async () => {
  standIn = await startOpenAIStandIn(async () => {
    await held.opened;
    return { text: 'too late' };
  });
  server = await startTestServer(
    { AP_SSRF_ALLOW_LIST: '127.0.0.1', AP_FLOW_TIMEOUT_SECONDS: '2' },
    { runs: { pollMs: 50 } },
  );
  user = await signUpTestUser(server);
  const created = await callApi(server.apiUrl, 'POST', '/v1/ai-providers', {
    token: user.token,
    body: standInProvider(standIn),
  });
  expect(created.status).toBe(201);
});
afterAll(async () => {
  held.open();
  await server.close();
  await standIn.close();
});

describe('an agent over its time limit', () => {
  it('aborts the model request, fails its agent run and fails the run with the timeout message', async () => {
    const flow = await publishedFlow(server, user, chain([agentStep()]));
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id, undefined, 30_000);
    expect(done.status).toBe('FAILED');
    expect(JSON.stringify(done.steps!['step_1'])).toContain('The agent step timed out after 2 s');
    expect(standIn.requests).toHaveLength(1);
    await expect.poll(() => standIn.aborted).toEqual([0]);
    const agentRuns = await callApi<Page<AgentRun>>(server.apiUrl, 'GET', '/v1/agent-runs', {
      token: user.token,
      query: { projectId: run.projectId, flowRunId: run.id },
    });
    expect(agentRuns.body.data[0]).toMatchObject({
      status: 'FAILED',
      error: 'The agent step timed out after 2 s',
    });
  }, 60_000);
});
