import type { FlowVersion, StepOutputs } from '@piecework/shared';
import type { ResumePayload } from '../host/piece-runner';
import type { ExecuteRequest, ResumeRequest } from '../run/engine-request';
import type { RunResult } from '../run/run-result';

/** Request builders and result helpers for the worker runner's tests. */

const runInfo = (flowVersion: FlowVersion, id: string) => ({
  id,
  flowId: flowVersion.flowId,
  flowVersionId: flowVersion.id,
  projectId: 'local',
  environment: 'TESTING' as const,
});

/** A new run of `flowVersion`. */
export function executeRequest(
  flowVersion: FlowVersion,
  triggerPayload: unknown = {},
  runId = 'run-1',
): ExecuteRequest {
  return { kind: 'EXECUTE', flowVersion, run: runInfo(flowVersion, runId), triggerPayload };
}

/** A resume of a paused run of `flowVersion`. */
export function resumeRequest(
  flowVersion: FlowVersion,
  steps: StepOutputs,
  resumePayload: ResumePayload,
  runId = 'run-1',
): ResumeRequest {
  return { kind: 'RESUME', flowVersion, run: runInfo(flowVersion, runId), steps, resumePayload };
}

/** A result with every duration set to 0, to compare runs made at different speeds. */
export function withoutDurations(result: RunResult): RunResult {
  const zero = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(zero);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, key === 'duration' ? 0 : zero(inner)]),
    );
  };
  return zero(result) as RunResult;
}
