import type { FlowVersion, StepOutputs } from '@piecework/shared';
import { EventEmitter } from 'eventemitter3';
import type { EngineHost } from './host/engine-host';
import type { ResumePayload, RunInfo } from './host/piece-runner';
import type { EngineEvents } from './run/engine-events';
import { resolveEngineOptions, type EngineOptions } from './run/engine-options';
import type { EngineRequest } from './run/engine-request';
import { runEngine } from './run-engine';
import type { RunResult } from './run/run-result';

/** Options of a {@link FlowEngine}: its host, and limits (defaults: see {@link EngineOptions}). */
export interface FlowEngineOptions {
  host: EngineHost;
  options?: Partial<EngineOptions>;
}

/** Which run this is; defaults to a TESTING run of the version's own flow in a `local` project. */
export type RunInfoInput = Partial<RunInfo>;

let localRuns = 0;

function runInfo(flowVersion: FlowVersion, run: RunInfoInput | undefined): RunInfo {
  return {
    id: run?.id ?? `local-run-${++localRuns}`,
    flowId: run?.flowId ?? flowVersion.flowId,
    flowVersionId: run?.flowVersionId ?? flowVersion.id,
    projectId: run?.projectId ?? 'local',
    environment: run?.environment ?? 'TESTING',
  };
}

/**
 * Runs flow versions in-process. Subscribe to its events to persist or stream each step as it
 * finishes. Runs are independent: one engine can run many at once.
 *
 * @example
 * ```ts
 * const engine = new FlowEngine({ host: createMemoryHost() });
 * engine.on('step.finished', ({ stepName, record }) => console.log(stepName, record.status));
 * const result = await engine.execute({ flowVersion, triggerPayload: { body: { name: 'Ada' } } });
 * if (result.status === 'PAUSED') await engine.resume({ flowVersion, steps: result.steps, resumePayload });
 * ```
 */
export class FlowEngine extends EventEmitter<EngineEvents> {
  readonly host: EngineHost;
  readonly options: EngineOptions;

  constructor({ host, options }: FlowEngineOptions) {
    super();
    this.host = host;
    this.options = resolveEngineOptions(options);
  }

  /** Runs a flow version with a trigger payload (the `trigger` step's output). */
  execute(input: {
    flowVersion: FlowVersion;
    triggerPayload: unknown;
    run?: RunInfoInput;
    /** Aborting it aborts the run's outbound calls and ends the run FAILED (see {@link FlowEngine.run}). */
    signal?: AbortSignal;
  }): Promise<RunResult> {
    return this.run(
      {
        kind: 'EXECUTE',
        flowVersion: input.flowVersion,
        triggerPayload: input.triggerPayload,
        run: runInfo(input.flowVersion, input.run),
      },
      input.signal,
    );
  }

  /** Resumes a PAUSED run from its saved `steps`; the paused step runs again with `resumePayload`. */
  resume(input: {
    flowVersion: FlowVersion;
    steps: StepOutputs;
    resumePayload: ResumePayload;
    run?: RunInfoInput;
    /** Aborting it aborts the run's outbound calls and ends the run FAILED (see {@link FlowEngine.run}). */
    signal?: AbortSignal;
  }): Promise<RunResult> {
    return this.run(
      {
        kind: 'RESUME',
        flowVersion: input.flowVersion,
        steps: input.steps,
        resumePayload: input.resumePayload,
        run: runInfo(input.flowVersion, input.run),
      },
      input.signal,
    );
  }

  /** Retries a failed run from its failed step, keeping the outputs of the steps that succeeded. */
  retryFromFailedStep(input: {
    flowVersion: FlowVersion;
    steps: StepOutputs;
    run?: RunInfoInput;
    /** Aborting it aborts the run's outbound calls and ends the run FAILED (see {@link FlowEngine.run}). */
    signal?: AbortSignal;
  }): Promise<RunResult> {
    return this.run(
      {
        kind: 'RETRY_FROM_FAILED_STEP',
        flowVersion: input.flowVersion,
        steps: input.steps,
        run: runInfo(input.flowVersion, input.run),
      },
      input.signal,
    );
  }

  /**
   * Runs one step only, every other step's output taken from `sampleData` (step name -> output,
   * `trigger` for the trigger). A loop is tested without its body and a router without its branches.
   */
  testStep(input: {
    flowVersion: FlowVersion;
    stepName: string;
    sampleData: Record<string, unknown>;
    run?: RunInfoInput;
    /** Aborting it aborts the run's outbound calls and ends the run FAILED (see {@link FlowEngine.run}). */
    signal?: AbortSignal;
  }): Promise<RunResult> {
    return this.run(
      {
        kind: 'TEST_STEP',
        flowVersion: input.flowVersion,
        stepName: input.stepName,
        sampleData: input.sampleData,
        run: runInfo(input.flowVersion, input.run),
      },
      input.signal,
    );
  }

  /**
   * Executes any {@link EngineRequest} (what the worker runner sends). Every piece call of the run
   * gets the run's abort signal (`PieceRunRequest.signal`), aborted when the run ends; aborting
   * `signal` aborts it sooner: a piece call under way then fails with the signal's reason and the
   * run ends FAILED without running further steps.
   */
  run(request: EngineRequest, signal?: AbortSignal): Promise<RunResult> {
    return runEngine(request, this.host, this.options, this, signal);
  }
}
