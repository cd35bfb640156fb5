/**
 * The tools of `/mcp`, through the MCP SDK's own client over loopback: flows with the MCP
 * piece's trigger as tools (sync and async), the builder tools end to end, permissions of an
 * OAuth caller, and isolation between the projects of one platform.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopulatedFlow } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { addAction, code, expectStatus, flowsApi } from '../../testing/features/flow-test-kit';
import {
  connectMcp,
  mcpServerOf,
  mcpToolTrigger,
  oauthAccessToken,
  replyToMcpClient,
  resultText,
} from '../../testing/features/mcp-test-kit';

const BUILDER_TOOLS = [
  'ap_add_step',
  'ap_change_flow_status',
  'ap_create_flow',
  'ap_flow_structure',
  'ap_list_flows',
  'ap_list_pieces',
  'ap_lock_and_publish',
];

let server: TestServer;
let admin: TestUser;
let teamProjectId: string;
let client: Client;
let syncFlow: PopulatedFlow;
let asyncFlow: PopulatedFlow;
let disabledFlow: PopulatedFlow;
let otherProjectFlow: PopulatedFlow;

/** Publishes a flow of `projectId` with an `mcp_tool` trigger and these steps. */
async function publishMcpFlow(
  projectId: string,
  trigger: Parameters<typeof mcpToolTrigger>[0],
  ...steps: Parameters<typeof addAction>[0][]
): Promise<PopulatedFlow> {
  const flows = flowsApi(server, admin.token);
  const created = await flows.createFlow(projectId, trigger.toolName);
  let parent = 'trigger';
  const operations = steps.map((step) => {
    const operation = addAction(step, parent);
    parent = step.name;
    return operation;
  });
  return flows.apply(
    created.id,
    { type: 'UPDATE_TRIGGER', request: mcpToolTrigger(trigger) },
    ...operations,
    { type: 'LOCK_AND_PUBLISH', request: { status: 'ENABLED' } },
  );
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  const team = await callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
    token: admin.token,
    body: { displayName: 'Team' },
  });
  teamProjectId = expectStatus(team, 201).id;
  const projectId = admin.projectId!;
  syncFlow = await publishMcpFlow(
    projectId,
    {
      toolName: 'greet someone!',
      toolDescription: 'Greets a person and doubles a number',
      inputSchema: [
        { name: 'name', type: 'Text', required: true, description: 'Who to greet' },
        { name: 'n', type: 'Number', required: true },
        { name: 'when', type: 'Date', required: false },
        { name: 'tags', type: 'Array', required: false },
        { name: 'loud', type: 'Boolean', required: false },
        { name: 'extra', type: 'Object', required: false },
      ],
      returnsResponse: true,
    },
    code('step_1', 'return { greeting: "Hello " + inputs.name + "!", doubled: inputs.n * 2 };', {
      name: "{{trigger['output'].name}}",
      n: "{{trigger['output'].n}}",
    }),
    replyToMcpClient('step_2', "{{step_1['output']}}"),
  );
  asyncFlow = await publishMcpFlow(
    projectId,
    { toolName: 'log_it', toolDescription: 'Logs a line', returnsResponse: false },
    code('step_1', 'return inputs;', { line: "{{trigger['output'].line}}" }),
  );
  disabledFlow = await publishMcpFlow(projectId, { toolName: 'off', toolDescription: 'Disabled' });
  await flowsApi(server, admin.token).apply(disabledFlow.id, {
    type: 'CHANGE_STATUS',
    request: { status: 'DISABLED' },
  });
  otherProjectFlow = await publishMcpFlow(teamProjectId, {
    toolName: 'secret',
    toolDescription: 'Team only',
  });
  const { token } = await mcpServerOf(server, admin.token, projectId);
  client = await connectMcp(server, token);
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('flow tools', () => {
  it('lists the builder tools and each enabled MCP flow, with its input schema', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    const greet = `greet_someone__${syncFlow.id.substring(0, 4)}`;
    expect(names).toEqual([...BUILDER_TOOLS, greet, `log_it_${asyncFlow.id.substring(0, 4)}`].sort());
    const tool = tools.find((candidate) => candidate.name === greet)!;
    expect(tool.description).toBe('Greets a person and doubles a number');
    expect(tool.inputSchema).toMatchObject({
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Who to greet' },
        n: { type: 'number' },
        when: { type: 'string', format: 'date-time' },
        tags: { type: 'array' },
        loud: { type: 'boolean' },
        extra: { type: 'object' },
      },
      required: ['name', 'n'],
    });
  });

  it('runs a synchronous flow and answers its reply, computed from the arguments', async () => {
    const name = `greet_someone__${syncFlow.id.substring(0, 4)}`;
    const result = await client.callTool({ name, arguments: { name: 'Ada', n: 21 } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(resultText(result))).toEqual({ greeting: 'Hello Ada!', doubled: 42 });
    // The reply comes as the flow stops; the run's row is finished right after.
    await expect
      .poll(() => runsOf(syncFlow.id))
      .toEqual([{ status: 'SUCCEEDED', environment: 'PRODUCTION' }]);
  });

  it('refuses arguments that do not match the schema, starting no run', async () => {
    const name = `greet_someone__${syncFlow.id.substring(0, 4)}`;
    const before = await runCount(syncFlow.id);
    const result = await client.callTool({ name, arguments: { name: 'Ada' } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('n');
    expect(await runCount(syncFlow.id)).toBe(before);
  });

  it('starts an asynchronous flow and answers the id of its run', async () => {
    const result = await client.callTool({
      name: `log_it_${asyncFlow.id.substring(0, 4)}`,
      arguments: { line: 'hello' },
    });
    expect(result.isError).toBeFalsy();
    const runId = /run (\w+)/.exec(resultText(result))?.[1];
    const run = await server.server.context.store.db
      .selectFrom('flowRun')
      .select(['flowId', 'triggeredBy'])
      .where('id', '=', runId ?? '')
      .executeTakeFirst();
    expect(run).toEqual({ flowId: asyncFlow.id, triggeredBy: 'WEBHOOK' });
  });

  it('answers a call without run credits left as an error, sync or not', async () => {
    const setCredits = (credits: number | null) =>
      server.server.context.store.write((trx) =>
        trx.updateTable('platform').set({ credits }).where('id', '=', admin.platformId).execute(),
      );
    await setCredits(0);
    try {
      const sync = await client.callTool({
        name: `greet_someone__${syncFlow.id.substring(0, 4)}`,
        arguments: { name: 'Ada', n: 1 },
      });
      expect(sync.isError).toBe(true);
      expect(resultText(sync)).toMatch(/^QUOTA_EXCEEDED: /);
      const async = await client.callTool({
        name: `log_it_${asyncFlow.id.substring(0, 4)}`,
        arguments: { line: 'no credit' },
      });
      expect(async.isError).toBe(true);
      expect(resultText(async)).toMatch(/^QUOTA_EXCEEDED: /);
    } finally {
      await setCredits(null);
    }
  });
});

function runsOf(flowId: string) {
  return server.server.context.store.db
    .selectFrom('flowRun')
    .select(['status', 'environment'])
    .where('flowId', '=', flowId)
    .execute();
}

async function runCount(flowId: string): Promise<number> {
  return (await runsOf(flowId)).length;
}

describe('builder tools', () => {
  it('create a flow, add a step, publish it, turn it off, and show its structure', async () => {
    const created = await client.callTool({ name: 'ap_create_flow', arguments: { flowName: 'Built by AI' } });
    const { flowId } = JSON.parse(resultText(created)) as { flowId: string };
    const trigger = await flowsApi(server, admin.token).apply(flowId, {
      type: 'UPDATE_TRIGGER',
      request: mcpToolTrigger({ toolName: 'built', toolDescription: 'Built', returnsResponse: false }),
    });
    expect(trigger.id).toBe(flowId);

    const added = await client.callTool({
      name: 'ap_add_step',
      arguments: {
        flowId,
        parentStepName: 'trigger',
        action: { type: 'CODE', displayName: 'Shout', sourceCode: 'export const code = async () => "HI";' },
      },
    });
    expect(added.isError).toBeFalsy();
    expect(JSON.parse(resultText(added))).toMatchObject({ stepName: 'step_1', valid: true });

    const piece = await client.callTool({
      name: 'ap_add_step',
      arguments: {
        flowId,
        parentStepName: 'step_1',
        action: {
          type: 'PIECE',
          displayName: 'Reply',
          pieceName: 'mcp',
          actionName: 'reply_to_mcp_client',
          input: { mode: 'simple', response: { response: { said: "{{step_1['output']}}" } } },
        },
      },
    });
    expect(JSON.parse(resultText(piece))).toMatchObject({ stepName: 'step_2' });

    const published = await client.callTool({ name: 'ap_lock_and_publish', arguments: { flowId } });
    expect(JSON.parse(resultText(published))).toMatchObject({ flowId, status: 'ENABLED' });
    const off = await client.callTool({
      name: 'ap_change_flow_status',
      arguments: { flowId, status: 'DISABLED' },
    });
    expect(JSON.parse(resultText(off))).toMatchObject({ status: 'DISABLED' });

    const structure = JSON.parse(
      resultText(await client.callTool({ name: 'ap_flow_structure', arguments: { flowId } })),
    ) as {
      steps: {
        name: string;
        type: string;
        pieceName?: string;
        actionName?: string;
        nextAction: string | null;
      }[];
      outline: string;
    };
    expect(structure.steps).toMatchObject([
      { name: 'trigger', type: 'PIECE_TRIGGER', pieceName: '@activepieces/piece-mcp', nextAction: 'step_1' },
      { name: 'step_1', type: 'CODE', nextAction: 'step_2' },
      {
        name: 'step_2',
        type: 'PIECE',
        pieceName: '@activepieces/piece-mcp',
        actionName: 'reply_to_mcp_client',
        nextAction: null,
      },
    ]);
    expect(structure.outline).toMatchInlineSnapshot(`
      "trigger: MCP Tool [PIECE_TRIGGER @activepieces/piece-mcp/mcp_tool]
        - step_1: Shout [CODE]
        - step_2: Reply [PIECE @activepieces/piece-mcp/reply_to_mcp_client]"
    `);

    const listed = JSON.parse(
      resultText(await client.callTool({ name: 'ap_list_flows', arguments: {} })),
    ) as {
      id: string;
      status: string;
      published: boolean;
    }[];
    expect(listed.find((flow) => flow.id === flowId)).toMatchObject({ status: 'DISABLED', published: true });
  });

  it('lists pieces, the MCP piece among them', async () => {
    const result = await client.callTool({ name: 'ap_list_pieces', arguments: { searchQuery: 'mcp' } });
    const pieces = JSON.parse(resultText(result)) as { name: string }[];
    expect(pieces.map((piece) => piece.name)).toContain('@activepieces/piece-mcp');
  });

  it('answers a step the flow operation refuses as an error naming its code', async () => {
    const created = await client.callTool({ name: 'ap_create_flow', arguments: { flowName: 'Bad parent' } });
    const { flowId } = JSON.parse(resultText(created)) as { flowId: string };
    const result = await client.callTool({
      name: 'ap_add_step',
      arguments: { flowId, parentStepName: 'no_such_step', action: { type: 'CODE', displayName: 'X' } },
    });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toMatch(/^[A-Z_]+: /);
  });

  it("lets a Viewer's OAuth client read but not create flows", async () => {
    const viewer = await addTestUser(server, admin.platformId, 'MEMBER', [
      { projectId: teamProjectId, role: 'Viewer' },
    ]);
    const { token } = await oauthAccessToken(server, viewer, teamProjectId);
    const viewerClient = await connectMcp(server, token);
    try {
      const listed = await viewerClient.callTool({ name: 'ap_list_flows', arguments: {} });
      expect(listed.isError).toBeFalsy();
      expect((JSON.parse(resultText(listed)) as { id: string }[]).map((flow) => flow.id)).toEqual([
        otherProjectFlow.id,
      ]);
      const created = await viewerClient.callTool({
        name: 'ap_create_flow',
        arguments: { flowName: 'Nope' },
      });
      expect(created.isError).toBe(true);
      expect(resultText(created)).toMatch(/^PERMISSION_DENIED: /);
    } finally {
      await viewerClient.close();
    }
  });
});

describe('isolation', () => {
  it("never lists another project's flow tools", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).not.toContain(`secret_${otherProjectFlow.id.substring(0, 4)}`);
  });

  it.each([
    ['ap_flow_structure', (flowId: string) => ({ flowId })],
    ['ap_lock_and_publish', (flowId: string) => ({ flowId })],
    ['ap_change_flow_status', (flowId: string) => ({ flowId, status: 'DISABLED' })],
    [
      'ap_add_step',
      (flowId: string) => ({ flowId, parentStepName: 'trigger', action: { type: 'CODE', displayName: 'X' } }),
    ],
  ])("answers %s on another project's flow as not found, changing nothing", async (name, args) => {
    const before = await flowsApi(server, admin.token).get(otherProjectFlow.id);
    const result = await client.callTool({ name, arguments: args(otherProjectFlow.id) });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toBe(`ENTITY_NOT_FOUND: flow ${otherProjectFlow.id} was not found`);
    expect(resultText(result)).not.toContain('secret');
    expect((await flowsApi(server, admin.token).get(otherProjectFlow.id)).body).toEqual(before.body);
  });
});
