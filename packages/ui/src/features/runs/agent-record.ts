/**
 * Whether a step of a run ran an agent, so the run page shows its turns and tool calls: its step
 * in the version is an agent step, or, without the version (the flow was deleted), its output is
 * an agent's result.
 */
import { AgentResult, findStep, type FlowVersion } from '@piecework/shared';
import { isAgentStep } from '../builder/step-settings/agent/agent-input';
import type { RunTreeStep } from './run-tree';

/** Whether `step` ran an agent: its step in the version is one, or (no version) its output is a result. */
export function isAgentRecord(version: FlowVersion | undefined, step: RunTreeStep): boolean {
  const defined = version === undefined ? undefined : findStep(version, step.name);
  if (defined !== undefined) {
    return defined.type === 'PIECE' && isAgentStep(defined.settings as Record<string, unknown>);
  }
  return AgentResult.safeParse(step.record.output).success;
}
