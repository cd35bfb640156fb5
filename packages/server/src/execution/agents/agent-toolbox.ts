/**
 * The tools of one agent run, as the agent executor sees them: a list of named tools with JSON
 * Schema parameters, each callable. `openAgentToolbox` (modules/agents tools) opens the step's
 * `agentTools` (pieces, flows, MCP servers, knowledge bases) for one run; the executor closes the
 * toolbox when the agent ends.
 */
import type { PieceRunner } from '@piecework/engine';
import type { AgentTool, ToolCallContentBlock } from '@piecework/shared';

/** Whose tools are opened: the run and step the agent belongs to, and how it may call pieces. */
export interface AgentToolScope {
  platformId: string;
  projectId: string;
  flowRunId: string;
  stepName: string;
  /** Main-thread piece runner of the run runtime (npm pieces in processes, builtins in-process). */
  pieces: PieceRunner;
  /** Aborted when the agent is canceled or runs out of time. */
  signal: AbortSignal;
}

/** One tool the agent may call. */
export interface AgentToolHandle {
  /** The name the model calls it by (see `agentToolName` in shared). */
  name: string;
  description: string;
  /** The JSON Schema of its arguments (an `object` schema). */
  parameters: Record<string, unknown>;
  /** How its calls appear in the output (toolCallType, displayName, pieceName, externalFlowId, serverUrl...). */
  block: Pick<ToolCallContentBlock, 'toolCallType'> & Partial<ToolCallContentBlock>;
  /** Calls the tool; its answer is JSON-serialised into the tool message. A throw is a failed call. */
  call(args: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}

/** The opened tools of one agent run. */
export interface AgentToolbox {
  readonly tools: readonly AgentToolHandle[];
  /** Releases what the tools hold (MCP sessions...). */
  close(): Promise<void>;
}

/** Opens the tools `tools` of an agent step for `scope`; throws (a clear message) when one cannot be opened. */
export type OpenAgentToolbox = (scope: AgentToolScope, tools: readonly AgentTool[]) => Promise<AgentToolbox>;

/**
 * The toolbox of a run runtime given none: no tools. A step naming tools fails with a clear
 * message. Use it only where no real toolbox is wired (the server passes its own).
 */
export const openNoToolbox: OpenAgentToolbox = (_scope, tools) => {
  if (tools.length > 0)
    return Promise.reject(
      new Error('Agent tools are not available on this server: remove the tools of the step'),
    );
  return Promise.resolve({ tools: [], close: () => Promise.resolve() });
};
