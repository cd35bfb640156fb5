/**
 * An agent step in scale-out, across kill -9 of the workers: the app and two worker processes on
 * PostgreSQL and Redis, the OpenAI stand-in as the model and a remote MCP server whose tool hangs.
 * Both workers are killed while the agent's tool call runs and fresh ones started; once the
 * agent job's lease runs out, a fresh worker takes the agent up from its saved state, reports the
 * interrupted tool call to the model instead of making it again, and the run succeeds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { FlowRun } from '@piecework/shared';
import { INTERRUPTED_TOOL_CALL } from '../../execution/agents/agent-executor';
import { agentStep, createStandInProvider, gate } from '../../testing/features/agent-test-kit';
import { buildFlow, chainOf, callWebhook, jsonBody } from '../../testing/features/webhook-run-test-kit';
import { callApi } from '../../testing/call-api';
import { startOpenAIStandIn, type OpenAIStandIn, type StandInReply } from '../../testing/openai-stand-in';
import { startRemoteMcpStandIn, type RemoteMcpStandIn } from '../../testing/remote-mcp-stand-in';
import { startScaleOutCluster, type ScaleOutCluster } from '../../testing/scale-out-cluster';
import { signUpTestUser } from '../../testing/test-users';

let cluster: ScaleOutCluster | undefined;
let standIn: OpenAIStandIn | undefined;
let remote: RemoteMcpStandIn | undefined;
/** Held open by the remote `hang` tool until the test ends. */
const hanging = gate();
afterAll(async () => {
  hanging.open();
  await cluster?.close();
  await remote?.close();
  await standIn?.close();
});

describe('an agent in scale-out', () => {
  it('is taken up by a fresh worker after its worker is killed mid-tool, without calling the tool again', async () => {
    let hangCalls = 0;
    remote = await startRemoteMcpStandIn((mcp) => {
      mcp.registerTool('hang', { description: 'Takes its time', inputSchema: {} }, async () => {
        hangCalls += 1;
        await hanging.opened;
        return { content: [{ type: 'text', text: 'late' }] };
      });
    });
    standIn = await startOpenAIStandIn((_request, index): StandInReply =>
      index === 0
        ? { toolCalls: [{ name: 'hang_slow', arguments: {} }] }
        : { toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: { answer: 7 } } }] },
    );
    // Short leases: a killed worker's agent job is taken up 2 s after its last heartbeat.
    cluster = await startScaleOutCluster({
      workers: 2,
      env: { AP_WORKER_LEASE_SECONDS: '2', AP_SSRF_ALLOW_LIST: '127.0.0.1' },
    });
    const user = await signUpTestUser(cluster);
    await createStandInProvider(cluster, user.token, standIn);
    const tools = [
      {
        type: 'MCP',
        toolName: 'slow',
        serverUrl: remote.url,
        protocol: 'streamable-http',
        auth: { type: 'none' },
      },
    ];
    const flow = await buildFlow(
      cluster,
      user.token,
      user.projectId!,
      chainOf(agentStep({ agentTools: tools })),
    );
    const answer = await callWebhook(cluster, flow.flowId, '', jsonBody({}));
    expect(answer.status).toBe(200);
    const runId = answer.headers.get('x-webhook-id')!;

    await expect.poll(() => hangCalls, { timeout: 30_000 }).toBe(1);
    await cluster.restartWorker(0);
    await cluster.restartWorker(1);

    let run: FlowRun | undefined;
    await expect
      .poll(
        async () => {
          const read = await callApi<FlowRun>(cluster!.apiUrl, 'GET', `/v1/flow-runs/${runId}`, {
            token: user.token,
          });
          run = read.body;
          return run.status;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe('SUCCEEDED');
    expect(hangCalls).toBe(1);
    expect(standIn.requests).toHaveLength(2);
    const last = standIn.requests[1]!.messages.at(-1)!;
    expect(last.role).toBe('tool');
    expect(JSON.parse(last.content!)).toEqual({ error: INTERRUPTED_TOOL_CALL });
    expect(JSON.stringify(run!.steps!['step_1'])).toContain('"answer":7');
  }, 180_000);
});
