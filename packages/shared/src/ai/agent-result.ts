import { z } from 'zod';

/** How an agent run ended (Activepieces' AgentTaskStatus); IN_PROGRESS while it runs. */
export const AgentTaskStatus = z.enum(['COMPLETED', 'FAILED', 'IN_PROGRESS']);
export type AgentTaskStatus = z.infer<typeof AgentTaskStatus>;

/** The type of a structured-output field. */
export const AgentOutputFieldType = z.enum(['text', 'number', 'boolean']);
export type AgentOutputFieldType = z.infer<typeof AgentOutputFieldType>;

/** One field of an agent step's structured output (`displayName` is its key in the output). */
export const AgentOutputField = z.object({
  displayName: z.string().trim().min(1),
  description: z.string().optional(),
  type: AgentOutputFieldType,
});
export type AgentOutputField = z.infer<typeof AgentOutputField>;

/** Tokens a provider reported for one turn (or a run's sum). */
export const AgentTokenUsage = z.object({
  inputTokens: z.number().int().nonnegative(),
  outputTokens: z.number().int().nonnegative(),
  totalTokens: z.number().int().nonnegative(),
});
export type AgentTokenUsage = z.infer<typeof AgentTokenUsage>;

/** The kind of tool a call went to (`UNKNOWN`: a name the agent made up). */
export const ToolCallType = z.enum(['PIECE', 'FLOW', 'MCP', 'KNOWLEDGE_BASE', 'UNKNOWN']);
export type ToolCallType = z.infer<typeof ToolCallType>;

/** A tool call's state in the output: `in-progress` until its result is recorded. */
export const ToolCallStatus = z.enum(['in-progress', 'completed']);
export type ToolCallStatus = z.infer<typeof ToolCallStatus>;

/** Text the agent wrote. */
export const MarkdownContentBlock = z.object({ type: z.literal('MARKDOWN'), markdown: z.string() });
export type MarkdownContentBlock = z.infer<typeof MarkdownContentBlock>;

/**
 * A tool call the agent made, with its result (`output`; a failed call's output is
 * `{status: 'FAILED', error}`). `displayName`, `pieceName`/`pieceVersion`/`actionName`,
 * `externalFlowId`, `serverUrl`, `sourceType` say which tool it was, as Activepieces does.
 */
export const ToolCallContentBlock = z.object({
  type: z.literal('TOOL_CALL'),
  toolCallType: ToolCallType,
  toolName: z.string(),
  toolCallId: z.string(),
  status: ToolCallStatus,
  input: z.record(z.string(), z.unknown()).nullable(),
  output: z.unknown().optional(),
  startTime: z.string(),
  endTime: z.string().optional(),
  displayName: z.string().optional(),
  pieceName: z.string().optional(),
  pieceVersion: z.string().optional(),
  actionName: z.string().optional(),
  externalFlowId: z.string().optional(),
  serverUrl: z.string().optional(),
  sourceType: z.string().optional(),
});
export type ToolCallContentBlock = z.infer<typeof ToolCallContentBlock>;

/** One block of an agent's output, in order: text, or a tool call. */
export const AgentStepBlock = z.discriminatedUnion('type', [MarkdownContentBlock, ToolCallContentBlock]);
export type AgentStepBlock = z.infer<typeof AgentStepBlock>;

/** One turn of an agent: one request to the model, and the tool calls it asked for. */
export const AgentTurn = z.object({
  /** 1-based. */
  index: z.number().int().positive(),
  startTime: z.string(),
  endTime: z.string(),
  /** The provider's finish reason (`stop`, `tool_calls`, `length`...). */
  finishReason: z.string(),
  usage: AgentTokenUsage,
  /** The ids of the tool calls this turn asked for (their blocks are in `steps`). */
  toolCallIds: z.array(z.string()),
});
export type AgentTurn = z.infer<typeof AgentTurn>;

/**
 * An agent step's output: Activepieces' AgentResult (`prompt`, `steps`, `status`,
 * `structuredOutput`) plus every turn and the tokens used. `structuredOutput` holds the fields of
 * the step's structured output (validated) when it has some, else the agent's final message.
 */
export const AgentResult = z.object({
  prompt: z.string(),
  steps: z.array(AgentStepBlock),
  status: AgentTaskStatus,
  structuredOutput: z.unknown().optional(),
  turns: z.array(AgentTurn),
  usage: AgentTokenUsage,
  /** Why the agent stopped when it did not complete (turn limit, its own verdict). */
  message: z.string().optional(),
});
export type AgentResult = z.infer<typeof AgentResult>;

/** The most turns one agent run may take, a fixed cap: a step's `maxSteps` above it runs as this. */
export const AGENT_MAX_TURNS = 50;

/** `maxSteps` when a step leaves it out (Activepieces' default). */
export const AGENT_DEFAULT_MAX_STEPS = 20;

/** The turns an agent step with `maxSteps` may take: 1 to {@link AGENT_MAX_TURNS}. */
export function agentTurnLimit(maxSteps: unknown): number {
  const asked = typeof maxSteps === 'string' && maxSteps.trim() !== '' ? Number(maxSteps) : maxSteps;
  if (typeof asked !== 'number' || !Number.isFinite(asked)) return AGENT_DEFAULT_MAX_STEPS;
  return Math.min(AGENT_MAX_TURNS, Math.max(1, Math.floor(asked)));
}
