import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { PageQuery } from '../common/page';
import { AIProviderName } from './ai-provider';
import { AgentOutputField, AgentResult } from './agent-result';
import { AgentTool } from './agent-tool';

/** The pieces whose `run_agent` action is an agent step (Activepieces' current and older names). */
export const AGENT_PIECE_NAMES = ['@activepieces/piece-ai', '@activepieces/piece-agent'] as const;

/** The agent step's action name. */
export const RUN_AGENT_ACTION = 'run_agent';

/** The model an agent step names (`aiProviderModel`): a provider, a model id, optionally one config. */
export const AgentProviderModel = z.object({
  provider: AIProviderName,
  model: z.string().trim().min(1),
  /** The id of one configured provider, when the platform has several of that name. */
  configId: z.string().optional(),
});
export type AgentProviderModel = z.infer<typeof AgentProviderModel>;

/**
 * What a paused agent step asks the server to do (its resolved inputs): run an agent on `prompt`
 * with `model`, `tools`, at most `maxTurns` turns (already capped at 50), answering
 * `structuredOutput`'s fields when there are some.
 */
export const AgentStepRequest = z.object({
  prompt: z.string().min(1),
  model: AgentProviderModel,
  tools: z.array(AgentTool),
  structuredOutput: z.array(AgentOutputField),
  maxTurns: z.number().int().min(1).max(50),
});
export type AgentStepRequest = z.infer<typeof AgentStepRequest>;

/** One message of an agent's conversation, provider-neutral. */
export const AgentMessage = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().nullable(),
  /** An assistant message's tool calls (`arguments`: the JSON text the model sent). */
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })).optional(),
  /** A tool message's call id. */
  toolCallId: z.string().optional(),
});
export type AgentMessage = z.infer<typeof AgentMessage>;

/** Where an agent run is: waiting for a worker, running, or ended. */
export const AgentRunStatus = z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELED']);
export type AgentRunStatus = z.infer<typeof AgentRunStatus>;

/**
 * The server's record of one agent run of a flow run's agent step (`GET /v1/agent-runs/:id`): its
 * request, its whole conversation, its result so far (the step's output once it ends) and, for a
 * failed run, the error the step failed with.
 */
export const AgentRun = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  flowRunId: z.string(),
  stepName: z.string(),
  status: AgentRunStatus,
  request: AgentStepRequest,
  messages: z.array(AgentMessage),
  result: AgentResult,
  error: z.string().nullable(),
});
export type AgentRun = z.infer<typeof AgentRun>;

/** Query of `GET /v1/agent-runs`: the agent runs of one flow run (or of the project), newest first. */
export const ListAgentRunsQuery = PageQuery.extend({
  projectId: z.string(),
  flowRunId: z.string().optional(),
});
export type ListAgentRunsQuery = z.infer<typeof ListAgentRunsQuery>;
