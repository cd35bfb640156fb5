import type { PieceRunner } from '@piecework/engine';
import type { AgentTool, ToolCallContentBlock } from '@piecework/shared';
export interface AgentToolScope {
  platformId: string;
  projectId: string;
  flowRunId: string;
  stepName: string;
  /** Main-thread piece runner of the run runtime (npm pieces in processes, builtins in-process). */
  pieces: PieceRunner;
  signal: AbortSignal;
}
export interface AgentToolHandle {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  block: Pick<ToolCallContentBlock, 'toolCallType'> & Partial<ToolCallContentBlock>;
  call(args: Record<string, unknown>, signal: AbortSignal): Promise<unknown>;
}
export interface AgentToolbox {
  readonly tools: readonly AgentToolHandle[];
  close(): Promise<void>;
}
export type OpenAgentToolbox = (scope: AgentToolScope, tools: readonly AgentTool[]) => Promise<AgentToolbox>;
