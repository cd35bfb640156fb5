/**
 * The agent toolbox opener against a real test server: flows (MCP tool trigger and Callable Flow)
 * created through the API and run through the webhook path, a builtin piece action, a table's
 * records searched as a knowledge base, a remote MCP server (the SDK's own, over streamable HTTP
 * on loopback) and the project's own MCP server in-process; and the errors a step or the model sees.
 */
import { BUILTIN_PIECES, createPieceRunner } from '@piecework/pieces';
import type { AgentTool, PopulatedFlow, TriggerRequest } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startRemoteMcpStandIn, type RemoteMcpStandIn } from '../../../testing/remote-mcp-stand-in';
import { startTestServer, type TestServer } from '../../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../../testing/test-users';
import { addAction, callableFlowTrigger, code, flowsApi } from '../../../testing/features/flow-test-kit';
import { mcpToolTrigger, replyToMcpClient } from '../../../testing/features/mcp-test-kit';
import { mcpServerUrl } from '../../mcp/mcp-server-service';
import { tablesApi } from '../../../testing/features/table-test-kit';
import type { AgentToolScope } from '../../../execution/agents/agent-toolbox';
import { agentToolboxOpener } from './open-agent-toolbox';

let server: TestServer;
let admin: TestUser;
let other: TestUser;
let mcpFlow: PopulatedFlow;
let asyncFlow: PopulatedFlow;
let callable: PopulatedFlow;
let tableId: string;
let otherTableId: string;
let scope: AgentToolScope;
let remote: RemoteMcpStandIn | undefined;
let remoteUrl: string;

const open = () => agentToolboxOpener(server.server.context, []);

/** Publishes and enables a flow of the admin's project with `trigger` and `steps`. */
async function publish(name: string, trigger: TriggerRequest, ...steps: Parameters<typeof addAction>[0][]) {
  const flows = flowsApi(server, admin.token);
  const created = await flows.createFlow(admin.projectId!, name);
  let parent = 'trigger';
  const operations = steps.map((step) => {
    const operation = addAction(step, parent);
    parent = step.name;
    return operation;
  });
  return flows.apply(created.id, { type: 'UPDATE_TRIGGER', request: trigger }, ...operations, {
    type: 'LOCK_AND_PUBLISH',
    request: { status: 'ENABLED' },
  });
}

const callableTrigger = callableFlowTrigger({ city: 'Paris', days: 2 });

/** A remote MCP server on loopback answering only requests with `x-key: k1`. */
async function startRemoteMcp(): Promise<void> {
  remote = await startRemoteMcpStandIn(
    (mcp) => {
      mcp.registerTool(
        'add',
        { description: 'Adds two numbers', inputSchema: { a: z.number(), b: z.number() } },
        ({ a, b }) => ({ content: [{ type: 'text', text: String(a + b) }] }),
      );
      mcp.registerTool('fail', { description: 'Always fails', inputSchema: {} }, () => ({
        isError: true,
        content: [{ type: 'text', text: 'the remote tool broke' }],
      }));
    },
    { requiredHeader: ['x-key', 'k1'] },
  );
  remoteUrl = remote.url;
}

beforeAll(async () => {
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' });
  admin = await signUpTestUser(server);
  other = await signUpTestUser(server);
  mcpFlow = await publish(
    'greeter',
    mcpToolTrigger({
      toolName: 'greet',
      toolDescription: 'Greets a person',
      inputSchema: [{ name: 'name', type: 'Text', required: true, description: 'Who to greet' }],
      returnsResponse: true,
    }),
    code('step_1', 'return { greeting: "Hello " + inputs.name };', { name: "{{trigger['output'].name}}" }),
    replyToMcpClient('step_2', "{{step_1['output']}}"),
  );
  asyncFlow = await publish(
    'logger',
    mcpToolTrigger({ toolName: 'log', toolDescription: 'Logs', returnsResponse: false }),
  );
  callable = await publish(
    'weather',
    callableTrigger,
    code('step_1', 'return { forecast: inputs.city + " sunny for " + inputs.days + " days" };', {
      city: "{{trigger['output'].data.city}}",
      days: "{{trigger['output'].data.days}}",
    }),
  );
  const tables = tablesApi(server, admin);
  const table = await tables.createTable({ name: 'Docs' });
  tableId = table.id;
  const title = await tables.createField(table.id, 'title');
  const body = await tables.createField(table.id, 'body');
  await tables.createRecords(table.id, [
    [
      { fieldId: title.id, value: 'Refunds' },
      { fieldId: body.id, value: 'Refund policy: one month' },
    ],
    [
      { fieldId: title.id, value: 'Shipping' },
      { fieldId: body.id, value: 'We ship in 2 days' },
    ],
    [
      { fieldId: title.id, value: 'Returns and refund DAYS' },
      { fieldId: body.id, value: 'Return within 30 days' },
    ],
  ]);
  otherTableId = (await tablesApi(server, other).createTable({ name: 'Secret' })).id;
  // A run of the admin's project for the piece tools to belong to.
  const toolbox = await open()({ ...baseScope(), flowRunId: 'none' }, [
    { type: 'FLOW', toolName: 'log', externalFlowId: asyncFlow.id },
  ]);
  const started = String(await toolbox.tools[0]!.call({}, new AbortController().signal));
  const runId = /run (\S+)\./.exec(started)![1]!;
  scope = { ...baseScope(), flowRunId: runId };
  await startRemoteMcp();
});

function baseScope(): AgentToolScope {
  return {
    platformId: admin.platformId,
    projectId: admin.projectId!,
    flowRunId: 'none',
    stepName: 'step_1',
    pieces: createPieceRunner({
      builtins: BUILTIN_PIECES,
      services: {
        urls: { apiUrl: `${server.url}/api/`, publicUrl: `${server.url}/api/` },
        ssrfAllowList: [],
      },
    }),
    signal: new AbortController().signal,
  };
}

afterAll(async () => {
  await remote?.close();
  await server?.close();
});

const signal = () => new AbortController().signal;

describe('flow tools', () => {
  it('offers an MCP-triggered flow with its input schema and answers its reply', async () => {
    const toolbox = await open()(scope, [
      { type: 'FLOW', toolName: 'greet someone', externalFlowId: mcpFlow.id },
    ]);
    const [tool] = toolbox.tools;
    expect(tool!.name).toBe('greet_someone');
    expect(tool!.description).toBe('Greets a person');
    expect(tool!.parameters).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', description: 'Who to greet' } },
      required: ['name'],
    });
    expect(await tool!.call({ name: 'Ada' }, signal())).toEqual({ greeting: 'Hello Ada' });
    await toolbox.close();
  });

  it('offers a callable flow with parameters from its sample data and answers its output', async () => {
    const toolbox = await open()(scope, [{ type: 'FLOW', toolName: 'weather', externalFlowId: callable.id }]);
    const [tool] = toolbox.tools;
    expect(tool!.parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number' } },
      required: ['city', 'days'],
    });
    expect(await tool!.call({ city: 'Oslo', days: 3 }, signal())).toEqual({
      forecast: 'Oslo sunny for 3 days',
    });
  });

  it("fails the opening for an unknown flow or another project's flow, naming it", async () => {
    await expect(open()(scope, [{ type: 'FLOW', toolName: 'x', externalFlowId: 'nope' }])).rejects.toThrow(
      /nope/,
    );
    const otherScope = { ...scope, projectId: other.projectId!, platformId: other.platformId };
    await expect(
      open()(otherScope, [{ type: 'FLOW', toolName: 'x', externalFlowId: mcpFlow.id }]),
    ).rejects.toThrow(new RegExp(mcpFlow.id));
  });
});

describe('piece tools', () => {
  it('runs a builtin action with the props the agent decides and the ones the step fixes', async () => {
    const tool: AgentTool = {
      type: 'PIECE',
      toolName: 'join texts',
      pieceMetadata: {
        pieceName: '@activepieces/piece-text-helper',
        pieceVersion: '0.4.2',
        actionName: 'concat',
        predefinedInput: { fields: { seperator: { mode: 'choose-yourself', value: '-' } } },
      },
    };
    const toolbox = await open()(scope, [tool]);
    const [handle] = toolbox.tools;
    expect(handle!.name).toBe('join_texts');
    expect(Object.keys(handle!.parameters['properties'] as object)).toEqual(['texts']);
    expect(handle!.block).toMatchObject({ toolCallType: 'PIECE', actionName: 'concat' });
    expect(await handle!.call({ texts: ['a', 'b'] }, signal())).toBe('a-b');
  });

  it('fails the opening for an unknown action, and a call for a missing connection', async () => {
    const metadata = { pieceName: '@activepieces/piece-text-helper', pieceVersion: '0.4.2' };
    await expect(
      open()(scope, [{ type: 'PIECE', toolName: 't', pieceMetadata: { ...metadata, actionName: 'nope' } }]),
    ).rejects.toThrow(/nope/);
    const toolbox = await open()(scope, [
      {
        type: 'PIECE',
        toolName: 't',
        pieceMetadata: {
          ...metadata,
          actionName: 'concat',
          predefinedInput: { auth: 'missing', fields: {} },
        },
      },
    ]);
    await expect(toolbox.tools[0]!.call({ texts: ['a'] }, signal())).rejects.toThrow(/connection missing/);
  });
});

describe('knowledge base tools', () => {
  it('searches a table by every word, case-insensitive, best matches first', async () => {
    const toolbox = await open()(scope, [
      { type: 'KNOWLEDGE_BASE', toolName: 'docs', sourceType: 'TABLE', sourceId: tableId },
    ]);
    const [tool] = toolbox.tools;
    expect(tool!.name).toBe('search_docs');
    const hits = (await tool!.call({ query: 'REFUND days' }, signal())) as {
      fields: Record<string, string>;
    }[];
    expect(hits[0]!.fields['title']).toBe('Returns and refund DAYS');
    expect(
      hits
        .slice(1)
        .map((hit) => hit.fields['title'])
        .sort(),
    ).toEqual(['Refunds', 'Shipping']);
    const one = (await tool!.call({ query: 'ship', limit: 1 }, signal())) as unknown[];
    expect(one).toHaveLength(1);
    // A hit answers every cell of its record; LIKE wildcards in a query are plain characters.
    expect(await tool!.call({ query: 'POLICY' }, signal())).toEqual([
      {
        recordId: expect.any(String),
        fields: { title: 'Refunds', body: 'Refund policy: one month' },
      },
    ]);
    expect(await tool!.call({ query: '% _' }, signal())).toEqual([]);
    await expect(tool!.call({ query: 'ship', limit: 0 }, signal())).rejects.toThrow(
      'limit must be a positive whole number',
    );
  });

  it("fails for another project's table, an unknown table and a file source", async () => {
    const kb = (sourceId: string, sourceType: 'TABLE' | 'FILE' = 'TABLE'): AgentTool => ({
      type: 'KNOWLEDGE_BASE',
      toolName: 'kb',
      sourceType,
      sourceId,
    });
    await expect(open()(scope, [kb(otherTableId)])).rejects.toThrow(new RegExp(otherTableId));
    await expect(open()(scope, [kb('nope')])).rejects.toThrow(/nope/);
    await expect(open()(scope, [kb(tableId, 'FILE')])).rejects.toThrow(
      'file knowledge bases are not supported; use a table',
    );
  });
});

describe('MCP tools', () => {
  const mcpTool = (auth: AgentTool & { type: 'MCP' } extends { auth: infer A } ? A : never): AgentTool => ({
    type: 'MCP',
    toolName: 'calc',
    serverUrl: remoteUrl,
    protocol: 'streamable-http',
    auth,
  });

  it("lists a remote server's tools with its auth header and turns tool errors into errors", async () => {
    const toolbox = await open()(scope, [mcpTool({ type: 'api_key', apiKey: 'k1', apiKeyHeader: 'x-key' })]);
    expect(toolbox.tools.map((tool) => tool.name)).toEqual(['add_calc', 'fail_calc']);
    const add = toolbox.tools[0]!;
    expect(add.parameters).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(await add.call({ a: 2, b: 3 }, signal())).toEqual([{ type: 'text', text: '5' }]);
    await expect(toolbox.tools[1]!.call({}, signal())).rejects.toThrow('the remote tool broke');
    await toolbox.close();
  });

  it('fails the opening without the auth header, and for an address the SSRF filter blocks', async () => {
    await expect(open()(scope, [mcpTool({ type: 'none' })])).rejects.toThrow(
      /Cannot connect to the MCP server/,
    );
    const ctx = server.server.context;
    const strict = agentToolboxOpener(
      { ...ctx, settings: { ...ctx.settings, config: { ...ctx.settings.config, ssrfAllowList: [] } } },
      [],
    );
    await expect(
      strict(scope, [mcpTool({ type: 'api_key', apiKey: 'k1', apiKeyHeader: 'x-key' })]),
    ).rejects.toThrow(/Cannot connect to the MCP server.*(blocked|SSRF|private|loopback)/i);
  });

  it("connects to the project's own MCP server in-process and runs its flow tools", async () => {
    const own: AgentTool = {
      type: 'MCP',
      toolName: 'own',
      serverUrl: mcpServerUrl(server.server.context),
      protocol: 'streamable-http',
      auth: { type: 'none' },
    };
    const toolbox = await open()(scope, [own]);
    const greet = toolbox.tools.find((tool) => /^greet_\w{4}_own$/.test(tool.name));
    expect(greet).toBeDefined();
    expect(await greet!.call({ name: 'Bo' }, signal())).toEqual([
      { type: 'text', text: '{"greeting":"Hello Bo"}' },
    ]);
    await toolbox.close();
  });
});

describe('names', () => {
  it('makes repeated tool names unique', async () => {
    const flow: AgentTool = { type: 'FLOW', toolName: 'greet', externalFlowId: mcpFlow.id };
    const toolbox = await open()(scope, [flow, flow]);
    expect(toolbox.tools.map((tool) => tool.name)).toEqual(['greet', 'greet_2']);
  });
});
