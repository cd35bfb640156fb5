/**
 * The agent-run API through a real server: the agent runs of real flow runs whose agent steps
 * talk to the OpenAI stand-in, listed newest first (by flow run or by project, in cursor pages)
 * and read one by one with their request, conversation, result and error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentRun, FlowRun, Page } from '@piecework/shared';
import { chain, newRun, publishedFlow, waitForRun } from '../../testing/features/run-runtime-test-kit';
import { callApi } from '../../testing/call-api';
import { startOpenAIStandIn, type OpenAIStandIn } from '../../testing/openai-stand-in';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { agentStep, createStandInProvider } from '../../testing/features/agent-test-kit';

let server: TestServer;
let user: TestUser;
let standIn: OpenAIStandIn;
let succeeded: FlowRun;
let failed: FlowRun;

const api = <T>(path: string, query?: Record<string, string>) =>
  callApi<T>(server.apiUrl, 'GET', path, { token: user.token, ...(query ? { query } : {}) });

beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'unused' }));
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' }, { runs: { pollMs: 50 } });
  user = await signUpTestUser(server);
  await createStandInProvider(server, user.token, standIn);
  const flow = await publishedFlow(server, user, chain([agentStep()]));
  standIn.setScript(() => ({
    toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: { answer: 42 } } }],
  }));
  const first = await server.server.context.runs.createRun(newRun(flow, user));
  succeeded = await waitForRun(server, first.run.id);
  standIn.setScript(() => ({ error: { status: 429, message: 'Rate limit reached for requests' } }));
  const second = await server.server.context.runs.createRun(newRun(flow, user));
  failed = await waitForRun(server, second.run.id);
}, 60_000);
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('the agent-run API', () => {
  it('lists the agent run of one flow run, with its request, conversation and result', async () => {
    expect(succeeded.status).toBe('SUCCEEDED');
    const answer = await api<Page<AgentRun>>('/v1/agent-runs', {
      projectId: succeeded.projectId,
      flowRunId: succeeded.id,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(1);
    const agentRun = answer.body.data[0]!;
    expect(agentRun).toMatchObject({
      projectId: succeeded.projectId,
      flowRunId: succeeded.id,
      stepName: 'step_1',
      status: 'COMPLETED',
      error: null,
      request: { prompt: 'What is 6 times 7?', model: { provider: 'custom', model: 'stand-in-model' } },
      result: { status: 'COMPLETED', structuredOutput: { answer: 42 } },
    });
    expect(agentRun.messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant']);
    expect(agentRun.messages[2]!.toolCalls![0]!.name).toBe('updateTaskStatus');
    expect(agentRun.result.turns).toHaveLength(1);
  });

  it('gets an agent run by id, a failed one with its error', async () => {
    const listed = await api<Page<AgentRun>>('/v1/agent-runs', {
      projectId: failed.projectId,
      flowRunId: failed.id,
    });
    const id = listed.body.data[0]!.id;
    const answer = await api<AgentRun>(`/v1/agent-runs/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id, flowRunId: failed.id, status: 'FAILED' });
    expect(answer.body.error).toContain('Rate limit reached for requests');
    expect(failed.status).toBe('FAILED');
  });

  it('lists the project newest first, in cursor pages', async () => {
    const first = await api<Page<AgentRun>>('/v1/agent-runs', { projectId: succeeded.projectId, limit: '1' });
    expect(first.status).toBe(200);
    expect(first.body.data.map((run) => run.flowRunId)).toEqual([failed.id]);
    expect(first.body.next).not.toBeNull();
    const second = await api<Page<AgentRun>>('/v1/agent-runs', {
      projectId: succeeded.projectId,
      limit: '1',
      cursor: first.body.next!,
    });
    expect(second.body.data.map((run) => run.flowRunId)).toEqual([succeeded.id]);
    expect(second.body.next).toBeNull();
  });

  it('answers 404 for an unknown id and 400 for a bad query', async () => {
    const unknown = await api('/v1/agent-runs/unknownAgentRunId0000');
    expect(unknown).toMatchObject({
      status: 404,
      body: { code: 'ENTITY_NOT_FOUND', params: { entityId: 'unknownAgentRunId0000' } },
    });
    const badLimit = await api('/v1/agent-runs', { projectId: succeeded.projectId, limit: '0' });
    expect(badLimit).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    const badCursor = await api('/v1/agent-runs', { projectId: succeeded.projectId, cursor: 'not-a-cursor' });
    expect(badCursor).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION', params: { cursor: 'not-a-cursor' } },
    });
    const noProject = await api('/v1/agent-runs');
    expect(noProject).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });
});
