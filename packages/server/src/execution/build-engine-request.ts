/**
 * What the engine is asked for a claimed job, from the run row, its flow version and the step
 * records saved so far.
 *
 * A job taken up again after a crash (or a retry) walks the flow over the saved records, as
 * RETRY_FROM_FAILED_STEP does: finished steps are not executed again, a step left PAUSED or
 * FAILED runs again. A resume whose paused step already finished before a crash is walked the
 * same way (its resume payload was used).
 */
import type { EngineRequest, ResumePayload, RunInfo } from '@piecework/engine';
import type { FlowVersion, StepOutput, StepOutputs } from '@piecework/shared';
import { fromJson } from '../infrastructure/storage/json-column';
import type { ClaimedJob } from './job-queue';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';

/** The payload of a RESUME job. */
export interface ResumeJobPayload {
  resumePayload: ResumePayload;
  waitpointId: string;
  /** Place of the step that paused (see `formatStepPath`), when known. */
  pausedPath?: string | undefined;
}

/** Everything a request is built from. */
export interface RequestSource {
  job: ClaimedJob;
  run: FlowRunRow;
  version: FlowVersion;
  /** The saved records, nested (see `assembleSteps`), trigger included. */
  steps: StepOutputs;
  /** Status of each saved record by place. */
  statusByPath: ReadonlyMap<string, StepOutput['status']>;
  /** Sample data by step name (TEST_STEP only). */
  sampleData: Record<string, unknown>;
}

/** The engine request of a claimed job. */
export function buildEngineRequest(source: RequestSource): EngineRequest {
  const { job, run, version, steps } = source;
  const info = runInfoOf(run);
  const walked = Object.keys(steps).some((name) => name !== 'trigger');
  const execute: EngineRequest = {
    kind: 'EXECUTE',
    flowVersion: version,
    run: info,
    triggerPayload: fromJson<unknown>(run.triggerPayload),
  };
  const retry: EngineRequest = { kind: 'RETRY_FROM_FAILED_STEP', flowVersion: version, run: info, steps };
  switch (job.kind) {
    case 'EXECUTE':
    case 'RETRY_FROM_FAILED_STEP':
      return walked ? retry : execute;
    case 'RESUME': {
      const payload = job.payload as ResumeJobPayload;
      const { pausedPath } = payload;
      if (pausedPath !== undefined && source.statusByPath.get(pausedPath) !== 'PAUSED') return retry;
      return { kind: 'RESUME', flowVersion: version, run: info, steps, resumePayload: payload.resumePayload };
    }
    case 'TEST_STEP':
      return {
        kind: 'TEST_STEP',
        flowVersion: version,
        run: info,
        stepName: run.stepNameToTest ?? '',
        sampleData: source.sampleData,
      };
    case 'AGENT':
      throw new Error('An AGENT job runs an agent, not the engine');
  }
}

/** Which run a request belongs to. */
export function runInfoOf(run: FlowRunRow): RunInfo {
  return {
    id: run.id,
    flowId: run.flowId,
    flowVersionId: run.flowVersionId,
    projectId: run.projectId,
    environment: run.environment as RunInfo['environment'],
  };
}

/** A resume payload from what the caller gave: `{body, headers, queryParams}`, or a bare body. */
export function toResumePayload(value: unknown): ResumePayload {
  if (typeof value === 'object' && value !== null && 'body' in value) {
    const given = value as Partial<ResumePayload>;
    return { body: given.body, headers: given.headers ?? {}, queryParams: given.queryParams ?? {} };
  }
  return { body: value ?? {}, headers: {}, queryParams: {} };
}
