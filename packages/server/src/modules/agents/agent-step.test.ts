/**
 * Agent steps end to end: a flow whose agent step talks to the OpenAI stand-in (a `custom`
 * provider on loopback) through a real server. The run is PAUSED while the agent runs, then
 * resumes with the agent's result; cancel stops the agent; the agent's waitpoint is not a public
 * resume URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentResult } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startOpenAIStandIn, type OpenAIStandIn, type StandInReply } from '../../testing/openai-stand-in';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { chain, code, newRun, publishedFlow, waitForRun } from '../../testing/features/run-runtime-test-kit';
import { agentStep, createStandInProvider, gate } from '../../testing/features/agent-test-kit';

let server: TestServer;
let user: TestUser;
let standIn: OpenAIStandIn;

beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'unused' }));
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' }, { runs: { pollMs: 50 } });
  user = await signUpTestUser(server);
  await createStandInProvider(server, user.token, standIn);
});
afterAll(async () => {
  await server.close();
  await standIn.close();
});

describe('agent steps', () => {
  it('pause the run while the agent runs, then the next step uses its structured output', async () => {
    const hold = gate();
    const start = standIn.requests.length;
    standIn.setScript(async (_request, index): Promise<StandInReply> => {
      if (index === start) {
        await hold.opened;
        return {
          toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: { answer: '42' } } }],
        };
      }
      return {
        toolCalls: [{ name: 'updateTaskStatus', arguments: { success: true, output: { answer: 42 } } }],
        usage: { prompt_tokens: 10, completion_tokens: 5 },
      };
    });
    const flow = await publishedFlow(
      server,
      user,
      chain([
        agentStep(),
        code('step_2', 'return Number(inputs.answer) + 1;', {
          answer: "{{step_1['output'].structuredOutput.answer}}",
        }),
      ]),
    );
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    await waitForRun(server, run.id, ['PAUSED']);
    while (standIn.requests.length === start) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await server.server.context.runs.getRun(run.id))!.status).toBe('PAUSED');
    hold.open();
    const done = await waitForRun(server, run.id);
    expect(done.status).toBe('SUCCEEDED');
    const output = done.steps!['step_1']!.output as AgentResult;
    expect(output).toMatchObject({
      prompt: 'What is 6 times 7?',
      status: 'COMPLETED',
      structuredOutput: { answer: 42 },
    });
    expect(output.turns).toHaveLength(2);
    expect(output.usage.totalTokens).toBeGreaterThan(0);
    expect(done.steps!['step_2']!.output).toBe(43);
    // The first, invalid answer got an error back.
    const second = standIn.requests[start + 1]!;
    expect(second.messages.at(-1)).toMatchObject({ role: 'tool' });
    expect((JSON.parse(second.messages.at(-1)!.content!) as { error: string }).error).toContain(
      '"answer" must be a number',
    );
  });

  it('stop at the turn limit: maxSteps 80 makes exactly 50 requests, and the step succeeds with FAILED', async () => {
    const start = standIn.requests.length;
    standIn.setScript(() => ({ text: 'Still thinking' }));
    const flow = await publishedFlow(server, user, chain([agentStep({ maxSteps: 80 })]));
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id, undefined, 30_000);
    expect(done.status).toBe('SUCCEEDED');
    expect(standIn.requests.length - start).toBe(50);
    expect(done.steps!['step_1']!.output).toMatchObject({
      status: 'FAILED',
      message: 'The agent used all 50 turns without finishing',
    });
  });

  it('fail the step with the provider error', async () => {
    standIn.setScript(() => ({ error: { status: 429, message: 'Rate limit reached for requests' } }));
    const flow = await publishedFlow(server, user, chain([agentStep()]));
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id);
    expect(done.status).toBe('FAILED');
    expect(JSON.stringify(done.steps!['step_1'])).toContain('Rate limit reached for requests');
  });

  it('stop the agent when the run is canceled, and refuse its waitpoint on the public resume URL', async () => {
    const hold = gate();
    const start = standIn.requests.length;
    standIn.setScript(async () => {
      await hold.opened;
      return { text: 'late' };
    });
    const flow = await publishedFlow(server, user, chain([agentStep()]));
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    await waitForRun(server, run.id, ['PAUSED']);
    while (standIn.requests.length === start) await new Promise((resolve) => setTimeout(resolve, 20));
    const db = server.server.context.store.db;
    const waitpoint = await db
      .selectFrom('waitpoint')
      .selectAll()
      .where('runId', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(waitpoint.type).toBe('AGENT');
    const resume = await callApi(server.apiUrl, 'POST', `/v1/flow-runs/${run.id}/requests/${waitpoint.id}`, {
      body: { forged: true },
    });
    expect(resume.status).toBe(404);

    const [canceled] = await server.server.context.runs.cancel(run.projectId, [run.id]);
    expect(canceled!.status).toBe('CANCELED');
    const agentRun = await db
      .selectFrom('agentRun')
      .selectAll()
      .where('flowRunId', '=', run.id)
      .executeTakeFirstOrThrow();
    expect(agentRun.status).toBe('CANCELED');
    hold.open();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(standIn.requests.length - start).toBe(1);
    expect((await server.server.context.runs.getRun(run.id))!.status).toBe('CANCELED');
  });
});
