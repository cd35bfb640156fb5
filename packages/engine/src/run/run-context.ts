import type { FlowVersion, StepOutput, StepPath } from '@piecework/shared';
import type { EventEmitter } from 'eventemitter3';
import type { EngineHost } from '../host/engine-host';
import type { FlowResponse, ResumePayload, RunInfo } from '../host/piece-runner';
import type { Sandbox } from '../sandbox/sandbox';
import type { EngineEvents } from './engine-events';
import type { EngineOptions } from './engine-options';
import { failedHalt, timeoutHalt, timeoutMessage, type Halt } from './halt';
import { isOffloadedOutput } from './offloaded-output';
import { abortError, abortMessage, endedError, RunAbort } from './run-abort';

/**
 * Everything one execution shares while it walks the flow: the host, limits, the sandbox, the
 * resume payload, the log-size budget and the response for a synchronous caller. Made once per
 * execution by `runEngine`.
 */
export class RunContext {
  /** Bytes of step inputs and outputs logged so far (offloaded outputs at their original size). */
  logBytes = 0;
  /** The answer for a synchronous caller (stop with response, or respond and continue). */
  response: FlowResponse | undefined;
  /** The resume payload, handed to the first paused step met and then cleared. */
  private pendingResume: ResumePayload | undefined;
  readonly deadline: number;
  /** Offloaded outputs of saved records, loaded back before a resume (file id -> output). */
  readonly loadedOutputs = new Map<string, unknown>();
  /** The run's abort signal, handed to every piece call; aborted by {@link end}. */
  readonly abort: RunAbort;
  /** The reason of an abort at the deadline, made when the deadline passes. */
  private deadlineReason: Error | undefined;

  constructor(
    readonly host: EngineHost,
    readonly options: EngineOptions,
    readonly run: RunInfo,
    readonly flowVersion: FlowVersion,
    readonly events: EventEmitter<EngineEvents>,
    readonly sandbox: Sandbox | undefined,
    readonly startedAt: number,
    resume: ResumePayload | undefined,
    readonly testMode = false,
    callerSignal?: AbortSignal,
  ) {
    this.pendingResume = resume;
    this.deadline = startedAt + options.flowTimeoutSeconds * 1000;
    this.abort = new RunAbort(callerSignal);
  }

  /** Aborts the run's outbound work: the run has ended (for whatever reason). */
  end(): void {
    this.abort.abort(() => endedError('The run has ended'));
  }

  /** Aborts the run's outbound work because the run passed its deadline (it ends TIMEOUT). */
  endAtDeadline(): void {
    if (this.abort.aborted) return;
    this.deadlineReason = abortError(timeoutMessage(this.options.flowTimeoutSeconds), 'TimeoutError');
    this.abort.abort(this.deadlineReason);
  }

  /**
   * The halt of a run whose signal was aborted while it still walks its steps: TIMEOUT when its
   * deadline did it, FAILED with the caller's reason when its caller aborted it; else undefined.
   */
  abortedHalt(): Halt | undefined {
    if (!this.abort.aborted) return undefined;
    if (this.abortedAtDeadline()) return timeoutHalt(this.options.flowTimeoutSeconds);
    return failedHalt('FAILED', `The run was aborted: ${abortMessage(this.abort.reason)}`);
  }

  /** True when the run's signal was aborted because it passed its deadline. */
  abortedAtDeadline(): boolean {
    return this.deadlineReason !== undefined && this.abort.reason === this.deadlineReason;
  }

  /** True once AP_FLOW_TIMEOUT_SECONDS has passed since the execution started. */
  pastDeadline(): boolean {
    return this.host.now() > this.deadline;
  }

  /** Takes the resume payload for the paused step being run again (once). */
  takeResumePayload(): ResumePayload | undefined {
    const payload = this.pendingResume;
    this.pendingResume = undefined;
    return payload;
  }

  /** The sandbox, which exists whenever the flow has code or non-path expressions. */
  requireSandbox(): Sandbox {
    if (!this.sandbox) throw new Error('the sandbox was not created for a flow that needs it');
    return this.sandbox;
  }

  /** The real output of a saved record: loaded back from the file store when it was offloaded. */
  savedOutput(record: StepOutput): unknown {
    return isOffloadedOutput(record.output)
      ? this.loadedOutputs.get(record.output.__pieceworkOffloadedOutput.fileId)
      : record.output;
  }

  /** Announces a step start. */
  stepStarted(stepName: string, path: StepPath): void {
    this.events.emit('step.started', { stepName, path });
  }

  /** Announces a finished step record. */
  stepFinished(stepName: string, path: StepPath, record: StepOutput): void {
    this.events.emit('step.finished', { stepName, path, record });
  }
}
