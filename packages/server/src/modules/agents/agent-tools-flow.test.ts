/**
 * An agent with every kind of tool, end to end: a published flow whose agent step (the OpenAI
 * stand-in as its model) calls a sub-flow tool (a Callable Flow), a piece action tool and a remote
 * MCP server's tools (the SDK's own server on loopback), gets a failing tool's error back as a
 * tool result, answers with structured output, and the flow's next step uses that output.
 */
import type { AgentResult, AgentTool } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startOpenAIStandIn, type OpenAIStandIn, type StandInRequest } from '../../testing/openai-stand-in';
import { startRemoteMcpStandIn, type RemoteMcpStandIn } from '../../testing/remote-mcp-stand-in';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { chain, code, newRun, publishedFlow, waitForRun } from '../../testing/features/run-runtime-test-kit';
import { addAction, callableFlowTrigger, flowsApi } from '../../testing/features/flow-test-kit';
import { agentStep, createStandInProvider } from '../../testing/features/agent-test-kit';

let server: TestServer;
let user: TestUser;
let standIn: OpenAIStandIn;
let remote: RemoteMcpStandIn;
let weatherFlowId: string;
let mcpCalls = 0;

const callableTrigger = callableFlowTrigger({ city: 'Paris', days: 2 });

/** Publishes the sub-flow the agent calls: a Callable Flow answering a forecast for a city. */
async function publishWeatherFlow(): Promise<string> {
  const flows = flowsApi(server, user.token);
  const created = await flows.createFlow(user.projectId!, 'weather');
  const step = code('step_1', 'return { forecast: inputs.city + " sunny for " + inputs.days + " days" };', {
    city: "{{trigger['output'].data.city}}",
    days: "{{trigger['output'].data.days}}",
  });
  await flows.apply(
    created.id,
    { type: 'UPDATE_TRIGGER', request: callableTrigger },
    addAction(step, 'trigger'),
    { type: 'LOCK_AND_PUBLISH', request: { status: 'ENABLED' } },
  );
  return created.id;
}

beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ text: 'unused' }));
  remote = await startRemoteMcpStandIn((mcp) => {
    mcp.registerTool(
      'add',
      { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
      ({ a, b }) => {
        mcpCalls += 1;
        return { content: [{ type: 'text', text: String(a + b) }] };
      },
    );
    mcp.registerTool('fail', { description: 'Always fails', inputSchema: {} }, () => ({
      isError: true,
      content: [{ type: 'text', text: 'the remote tool broke' }],
    }));
  });
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' }, { runs: { pollMs: 50 } });
  user = await signUpTestUser(server);
  await createStandInProvider(server, user.token, standIn);
  weatherFlowId = await publishWeatherFlow();
});
afterAll(async () => {
  await server?.close();
  await remote?.close();
  await standIn?.close();
});

/** The content of the tool results the model got in `request`, by the name of the tool called. */
function toolResults(request: StandInRequest): Record<string, string> {
  const names = new Map<string, string>();
  for (const message of request.messages)
    for (const call of message.tool_calls ?? []) names.set(call.id, call.function.name);
  const results: Record<string, string> = {};
  for (const message of request.messages)
    if (message.role === 'tool') results[names.get(message.tool_call_id!)!] = message.content ?? '';
  return results;
}

describe('an agent with sub-flow, piece and MCP tools', () => {
  it('calls each tool, answers with structured output, and the next step uses it', async () => {
    const tools: AgentTool[] = [
      { type: 'FLOW', toolName: 'weather', externalFlowId: weatherFlowId },
      {
        type: 'PIECE',
        toolName: 'join texts',
        pieceMetadata: {
          pieceName: '@activepieces/piece-text-helper',
          pieceVersion: '0.4.2',
          actionName: 'concat',
          predefinedInput: { fields: { seperator: { mode: 'choose-yourself', value: ' + ' } } },
        },
      },
      {
        type: 'MCP',
        toolName: 'calc',
        serverUrl: remote.url,
        protocol: 'streamable-http',
        auth: { type: 'none' },
      },
    ];
    const start = standIn.requests.length;
    standIn.setScript((request, index) => {
      switch (index - start) {
        case 0:
          return { toolCalls: [{ name: 'weather', arguments: { city: 'Oslo', days: 3 } }] };
        case 1:
          return { toolCalls: [{ name: 'join_texts', arguments: { texts: ['Oslo', 'Bergen'] } }] };
        case 2:
          return {
            toolCalls: [
              { name: 'add_calc', arguments: { a: 40, b: 2 } },
              { name: 'fail_calc', arguments: {} },
            ],
          };
        default: {
          const results = toolResults(request);
          const forecast = (JSON.parse(results['weather']!) as { forecast: string }).forecast;
          const joined = JSON.parse(results['join_texts']!) as string;
          const sum = Number((JSON.parse(results['add_calc']!) as { text: string }[])[0]!.text);
          return {
            toolCalls: [
              { name: 'updateTaskStatus', arguments: { success: true, output: { forecast, joined, sum } } },
            ],
            usage: { prompt_tokens: 30, completion_tokens: 12 },
          };
        }
      }
    });
    const flow = await publishedFlow(
      server,
      user,
      chain([
        agentStep({
          prompt: 'Plan a trip',
          agentTools: tools,
          structuredOutput: [
            { displayName: 'forecast', type: 'text' },
            { displayName: 'joined', type: 'text' },
            { displayName: 'sum', type: 'number' },
          ],
        }),
        code('step_2', 'return inputs.forecast + " | " + inputs.joined + " | " + (inputs.sum + 1);', {
          forecast: "{{step_1['output'].structuredOutput.forecast}}",
          joined: "{{step_1['output'].structuredOutput.joined}}",
          sum: "{{step_1['output'].structuredOutput.sum}}",
        }),
      ]),
    );
    const { run } = await server.server.context.runs.createRun(newRun(flow, user));
    const done = await waitForRun(server, run.id, undefined, 30_000);
    expect(done.status).toBe('SUCCEEDED');
    expect(done.steps!['step_2']!.output).toBe('Oslo sunny for 3 days | Oslo + Bergen | 43');

    // The model saw every tool, with the sub-flow's parameters from its trigger's sample data.
    const first = standIn.requests[start]!;
    expect(first.tools!.map((tool) => tool.function.name).sort()).toEqual(
      ['add_calc', 'fail_calc', 'join_texts', 'updateTaskStatus', 'weather'].sort(),
    );
    expect(first.tools!.find((tool) => tool.function.name === 'weather')!.function.parameters).toMatchObject({
      properties: { city: { type: 'string' }, days: { type: 'number' } },
    });
    // The failing MCP tool's error went back to the model as its tool result.
    expect(toolResults(standIn.requests[start + 3]!)['fail_calc']).toContain('the remote tool broke');
    expect(mcpCalls).toBe(1);

    const output = done.steps!['step_1']!.output as AgentResult;
    expect(output).toMatchObject({
      status: 'COMPLETED',
      structuredOutput: { forecast: 'Oslo sunny for 3 days', joined: 'Oslo + Bergen', sum: 42 },
    });
    expect(output.turns).toHaveLength(4);
    const toolSteps = output.steps.filter((step) => step.type === 'TOOL_CALL');
    expect(toolSteps.map((step) => [step.toolName, step.toolCallType, step.status])).toEqual([
      ['weather', 'FLOW', 'completed'],
      ['join_texts', 'PIECE', 'completed'],
      ['add_calc', 'MCP', 'completed'],
      ['fail_calc', 'MCP', 'completed'],
    ]);
    expect(toolSteps[3]!.output).toMatchObject({ status: 'FAILED', error: expect.stringContaining('broke') });
  });
});
