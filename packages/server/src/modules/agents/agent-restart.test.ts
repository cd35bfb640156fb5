/**
 * Agents across a server killed with SIGKILL: a real server process (same data directory and
 * database after the restart) runs agent steps whose model is the OpenAI stand-in and whose tools
 * are a remote MCP server on loopback that counts its calls. After the restart the agent goes on
 * from its saved state: a completed tool call is not made again, a tool call the kill interrupted
 * is reported to the model as interrupted and not made again, and the run succeeds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type { FlowRun } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { webhookTrigger } from '../../testing/features/flow-test-kit';
import { startOpenAIStandIn, type OpenAIStandIn, type StandInReply } from '../../testing/openai-stand-in';
import { startRemoteMcpStandIn, type RemoteMcpStandIn } from '../../testing/remote-mcp-stand-in';
import { freePort, startServerProcess, type ServerProcess } from '../../testing/server-process';
import { createTestServerDatabase, type TestServerDatabase } from '../../testing/test-store';
import { INTERRUPTED_TOOL_CALL } from '../../execution/agents/agent-executor';
import { agentStep, gate, standInProvider } from '../../testing/features/agent-test-kit';

const dataDir = mkdtempSync(join(tmpdir(), 'piecework-agent-restart-'));
let port: number;
let env: Record<string, string>;
let database: TestServerDatabase;
let current: ServerProcess | undefined;
let client: PieceworkClient;
let projectId: string;
let standIn: OpenAIStandIn;
let remote: RemoteMcpStandIn;
let remoteUrl: string;
/** Calls of the remote tools, by tool. */
const calls = { add: 0, hang: 0 };
/** Held open by `hang` until the test ends. */
const hanging = gate();

/** A remote MCP server with `add` (answers a + b) and `hang` (never answers while the test runs). */
async function startRemoteMcp(): Promise<void> {
  remote = await startRemoteMcpStandIn((mcp) => {
    mcp.registerTool(
      'add',
      { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
      ({ a, b }) => {
        calls.add += 1;
        return { content: [{ type: 'text', text: String(a + b) }] };
      },
    );
    mcp.registerTool('hang', { description: 'Takes its time', inputSchema: {} }, async () => {
      calls.hang += 1;
      await hanging.opened;
      return { content: [{ type: 'text', text: 'late' }] };
    });
  });
  remoteUrl = remote.url;
}

beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'unused' }));
  await startRemoteMcp();
  port = await freePort();
  database = await createTestServerDatabase();
  env = { ...database.env, AP_SSRF_ALLOW_LIST: '127.0.0.1' };
  current = await startServerProcess(dataDir, port, env);
  const anonymous = createPieceworkClient({ baseUrl: current.url });
  const session = await anonymous.authentication.signUp({
    email: 'agent-restart@example.com',
    password: 'a long restart password',
    firstName: 'Agent',
    lastName: 'Restart',
  });
  client = anonymous.withToken(session.token);
  projectId = session.projectId ?? '';
  await client.aiProviders.create(standInProvider(standIn));
}, 120_000);
afterAll(async () => {
  await current?.kill('SIGTERM');
  hanging.open();
  await standIn.close();
  await remote.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A published flow: webhook trigger, then an agent step with the remote MCP server's tools. */
async function agentFlow(name: string): Promise<string> {
  const flow = await client.flows.create({ displayName: name, projectId });
  await client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
  const tools = [
    {
      type: 'MCP',
      toolName: 'calc',
      serverUrl: remoteUrl,
      protocol: 'streamable-http',
      auth: { type: 'none' },
    },
  ];
  await client.flows.update(flow.id, {
    type: 'ADD_ACTION',
    request: { parentStep: 'trigger', action: agentStep({ agentTools: tools }) },
  });
  await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
  return flow.id;
}

/** Starts a run of flow `flowId` through its webhook; answers the run id. */
async function trigger(flowId: string): Promise<string> {
  const answer = await fetch(`${current!.apiUrl}/v1/webhooks/${flowId}`, { method: 'POST', body: '{}' });
  expect(answer.status).toBe(200);
  return answer.headers.get('x-webhook-id') ?? '';
}

/** Waits until `done()` holds (checked every 20 ms, at most 60 s). */
async function until(what: string, done: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 3000; attempt++) {
    if (done()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what} did not happen in 60 s`);
}

/** Kills the server with SIGKILL and starts it again on the same data. */
async function killAndRestart(): Promise<void> {
  await current!.kill('SIGKILL');
  current = await startServerProcess(dataDir, port, env);
}

/** Waits for run `runId` to end. */
async function ended(runId: string): Promise<FlowRun> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const run = await client.flowRuns.get(runId);
    if (!['QUEUED', 'RUNNING', 'PAUSED'].includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not end in 60 s`);
}

const finish: StandInReply = {
  toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: { answer: 42 } } }],
};

describe('an agent across a server restart', () => {
  it('finishes after a kill during turn 2, without calling the tool of turn 1 again', async () => {
    const flowId = await agentFlow('Restart during a turn');
    const start = standIn.requests.length;
    const turnTwo = gate();
    standIn.setScript(async (_request, index): Promise<StandInReply> => {
      if (index === start) return { toolCalls: [{ name: 'add_calc', arguments: { a: 40, b: 2 } }] };
      if (index === start + 1) {
        await turnTwo.opened;
        return { text: 'too late' };
      }
      return finish;
    });
    const runId = await trigger(flowId);
    await until('turn 2', () => standIn.requests.length === start + 2);
    await killAndRestart();
    const run = await ended(runId);
    turnTwo.open();
    expect(run.status).toBe('SUCCEEDED');
    expect(calls.add).toBe(1);
    // Turn 2 was asked again with the same conversation: the tool's result, once.
    const again = standIn.requests[start + 2]!;
    const toolMessages = again.messages.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => message.content)).toEqual(
      standIn.requests[start + 1]!.messages.filter((message) => message.role === 'tool').map(
        (m) => m.content,
      ),
    );
    expect(toolMessages).toHaveLength(1);
    expect(toolMessages[0]!.content).toContain('42');
    const [agentRun] = (await client.agentRuns.list({ projectId, flowRunId: runId })).data;
    expect(agentRun).toMatchObject({ status: 'COMPLETED', result: { structuredOutput: { answer: 42 } } });
    expect(agentRun!.result.steps.filter((step) => step.type === 'TOOL_CALL')).toHaveLength(1);
  }, 180_000);

  it('reports a tool call the kill interrupted to the model, and does not make it again', async () => {
    const flowId = await agentFlow('Restart during a tool call');
    const start = standIn.requests.length;
    standIn.setScript((_request, index): StandInReply => {
      if (index === start) return { toolCalls: [{ name: 'hang_calc', arguments: {} }] };
      return finish;
    });
    const runId = await trigger(flowId);
    await until('the hanging tool call', () => calls.hang === 1);
    await killAndRestart();
    const run = await ended(runId);
    expect(run.status).toBe('SUCCEEDED');
    expect(calls.hang).toBe(1);
    expect(standIn.requests.length - start).toBe(2);
    const next = standIn.requests[start + 1]!;
    const last = next.messages.at(-1)!;
    expect(last.role).toBe('tool');
    expect(JSON.parse(last.content!)).toEqual({ error: INTERRUPTED_TOOL_CALL });
  }, 180_000);
});
