import { z } from 'zod';

/**
 * The kinds of tool an agent step can use: an installed piece's action, a project flow (a sub-flow
 * whose trigger is the MCP piece's tool trigger or a Callable Flow), an MCP server (remote, or the
 * project's own) and a knowledge base (search over a project table's records).
 */
export const AgentToolType = z.enum(['PIECE', 'FLOW', 'MCP', 'KNOWLEDGE_BASE']);
export type AgentToolType = z.infer<typeof AgentToolType>;

/** How a remote MCP server is reached: streamable HTTP, SSE, or plain HTTP (streamable HTTP too). */
export const McpProtocol = z.enum(['sse', 'streamable-http', 'http']);
export type McpProtocol = z.infer<typeof McpProtocol>;

/** How an MCP tool authenticates to its server. */
export const McpAuthConfig = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({ type: z.literal('access_token'), accessToken: z.string() }),
  z.object({ type: z.literal('api_key'), apiKey: z.string(), apiKeyHeader: z.string().min(1) }),
  z.object({ type: z.literal('headers'), headers: z.record(z.string(), z.string()) }),
]);
export type McpAuthConfig = z.infer<typeof McpAuthConfig>;

/** How one input of a piece tool is filled: by the agent, by the step (`value`), or left empty. */
export const FieldControlMode = z.enum(['agent-decide', 'choose-yourself', 'leave-empty']);
export type FieldControlMode = z.infer<typeof FieldControlMode>;

/** The inputs of a piece tool the step fixes: its connection (external id) and per-field modes. */
export const PredefinedInputsStructure = z.object({
  auth: z.string().optional(),
  fields: z.record(z.string(), z.object({ mode: FieldControlMode, value: z.unknown() })).default({}),
});
export type PredefinedInputsStructure = z.infer<typeof PredefinedInputsStructure>;

const toolName = z.string().trim().min(1).max(128);

/** A piece action as a tool: its props (minus those the step fixes) are the tool's parameters. */
export const AgentPieceTool = z.object({
  type: z.literal('PIECE'),
  toolName,
  pieceMetadata: z.object({
    pieceName: z.string().min(1),
    pieceVersion: z.string(),
    actionName: z.string().min(1),
    predefinedInput: PredefinedInputsStructure.optional(),
  }),
});
export type AgentPieceTool = z.infer<typeof AgentPieceTool>;

/** A project flow as a tool, named by its external id (or id); its trigger gives its parameters. */
export const AgentFlowTool = z.object({
  type: z.literal('FLOW'),
  toolName,
  externalFlowId: z.string().min(1),
  flowDisplayName: z.string().optional(),
});
export type AgentFlowTool = z.infer<typeof AgentFlowTool>;

/** Every tool of an MCP server (each named `{tool}_{toolName}`). */
export const AgentMcpTool = z.object({
  type: z.literal('MCP'),
  toolName,
  serverUrl: z.string().url(),
  protocol: McpProtocol.default('streamable-http'),
  auth: McpAuthConfig.default({ type: 'none' }),
});
export type AgentMcpTool = z.infer<typeof AgentMcpTool>;

/** Where a knowledge base's content lives. Piecework searches project tables. */
export const KnowledgeBaseSourceType = z.enum(['TABLE', 'FILE']);
export type KnowledgeBaseSourceType = z.infer<typeof KnowledgeBaseSourceType>;

/** A knowledge base as a search tool (`sourceId`: the table's id or external id). */
export const AgentKnowledgeBaseTool = z.object({
  type: z.literal('KNOWLEDGE_BASE'),
  toolName,
  sourceType: KnowledgeBaseSourceType,
  sourceId: z.string().min(1),
  sourceName: z.string().optional(),
});
export type AgentKnowledgeBaseTool = z.infer<typeof AgentKnowledgeBaseTool>;

/** One tool of an agent step (Activepieces' `agentTools` items). */
export const AgentTool = z.discriminatedUnion('type', [
  AgentPieceTool,
  AgentFlowTool,
  AgentMcpTool,
  AgentKnowledgeBaseTool,
]);
export type AgentTool = z.infer<typeof AgentTool>;

/** The tool every agent gets to end its task (Activepieces' name): `{success, output}`. */
export const TASK_COMPLETION_TOOL_NAME = 'updateTaskStatus';

/**
 * A tool name as providers accept it (`[a-zA-Z0-9_-]`, at most 64 characters): other characters
 * become `_`, runs of `_` collapse.
 */
export function agentToolName(name: string): string {
  const cleaned = name
    .replace(/[^a-zA-Z0-9_-]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 64);
  return cleaned === '' ? 'tool' : cleaned;
}
