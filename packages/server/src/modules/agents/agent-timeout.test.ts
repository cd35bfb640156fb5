/**
 * The agent's time limit through a real server with AP_FLOW_TIMEOUT_SECONDS=4: a model turn the
 * stand-in holds longer, or a tool call a remote MCP server holds longer, is aborted at the
 * limit, the agent run ends FAILED and the run fails with the timeout message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AgentRun, Page } from '@piecework/shared';
import { chain, newRun, publishedFlow, waitForRun } from '../../testing/features/run-runtime-test-kit';
import { callApi } from '../../testing/call-api';
import { startOpenAIStandIn, type OpenAIStandIn } from '../../testing/openai-stand-in';
import { startRemoteMcpStandIn, type RemoteMcpStandIn } from '../../testing/remote-mcp-stand-in';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { agentStep, createStandInProvider, gate } from '../../testing/features/agent-test-kit';

let server: TestServer;
let user: TestUser;
let standIn: OpenAIStandIn;
let remote: RemoteMcpStandIn;
const held = gate();
/** What the remote MCP server's held tool saw: its calls, and whether its request was cancelled. */
const slowTool = { calls: 0, cancelled: false };

beforeAll(async () => {
  standIn = await startOpenAIStandIn(async () => {
    await held.opened;
    return { text: 'too late' };
  });
  remote = await startRemoteMcpStandIn((mcp) => {
    mcp.registerTool(
      'wait',
      { description: 'Waits for a while', inputSchema: { seconds: z.number() } },
      async (_args, extra) => {
        slowTool.calls += 1;
        extra.signal.addEventListener('abort', () => (slowTool.cancelled = true));
        await held.opened;
        return { content: [{ type: 'text', text: 'waited' }] };
      },
    );
  });
  server = await startTestServer(
    { AP_SSRF_ALLOW_LIST: '127.0.0.1', AP_FLOW_TIMEOUT_SECONDS: '4' },
    { runs: { pollMs: 50 } },
  );
  user = await signUpTestUser(server);
  await createStandInProvider(server, user.token, standIn);
});
afterAll(async () => {
  held.open();
  await server.close();
  await remote.close();
  await standIn.close();
});

/** The agent runs of run `runId` of `projectId`. */
async function agentRunsOf(projectId: string, runId: string): Promise<AgentRun[]> {
  const answer = await callApi<Page<AgentRun>>(server.apiUrl, 'GET', '/v1/agent-runs', {
    token: user.token,
    query: { projectId, flowRunId: runId },
  });
  return answer.body.data;
}

describe('an agent over its time limit', () => {
  it('aborts the model request, fails its agent run and fails the run with the timeout message', async () => {
    const flow = await publishedFlow(server, user, chain([agentStep()]));
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id, undefined, 30_000);
    expect(done.status).toBe('FAILED');
    expect(JSON.stringify(done.steps!['step_1'])).toContain('The agent step timed out after 4 s');
    expect(standIn.requests).toHaveLength(1);
    await expect.poll(() => standIn.aborted).toEqual([0]);
    expect((await agentRunsOf(run.projectId, run.id))[0]).toMatchObject({
      status: 'FAILED',
      error: 'The agent step timed out after 4 s',
    });
  }, 60_000);

  it('aborts a tool call still running at the limit, and asks the model nothing more', async () => {
    const start = standIn.requests.length;
    standIn.setScript(() => ({ toolCalls: [{ name: 'wait_slow', arguments: { seconds: 60 } }] }));
    const tools = [
      {
        type: 'MCP',
        toolName: 'slow',
        serverUrl: remote.url,
        protocol: 'streamable-http',
        auth: { type: 'none' },
      },
    ];
    const flow = await publishedFlow(server, user, chain([agentStep({ agentTools: tools })]));
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id, undefined, 30_000);
    expect(done.status).toBe('FAILED');
    expect(JSON.stringify(done.steps!['step_1'])).toContain('The agent step timed out after 4 s');
    // One model turn asked for the tool; the tool was called once, its request cancelled.
    expect(standIn.requests.length - start).toBe(1);
    expect(slowTool.calls).toBe(1);
    await expect.poll(() => slowTool.cancelled).toBe(true);
    expect((await agentRunsOf(run.projectId, run.id))[0]).toMatchObject({
      status: 'FAILED',
      error: 'The agent step timed out after 4 s',
    });
  }, 60_000);
});
