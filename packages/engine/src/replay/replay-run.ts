import type { FlowVersion, StepRecordings, StepOutputStatus } from '@piecework/shared';
import { FlowEngine, type RunInfoInput } from '../flow-engine';
import type { CodeBundler } from '../host/code-bundler';
import type { LogSink } from '../host/engine-host';
import { resolveEngineOptions, type EngineOptions } from '../run/engine-options';
import type { RunResult } from '../run/run-result';
import { createClosedHost } from './closed-host';
import {
  createRecordedPieceRunner,
  type LocalPieces,
  type ReplayStepSource,
  type WouldCallService,
} from './recorded-piece-runner';
import { recordResult, stepPlaces } from './step-places';

/** What {@link replayRun} runs: a version, the trigger's output, the piece steps' recordings. */
export interface ReplayRunInput {
  flowVersion: FlowVersion;
  triggerOutput: unknown;
  recordings: StepRecordings;
  /** Limits of the run (flowTimeoutSeconds, codeMemoryLimitMb bound a test's time and memory). */
  options?: Partial<EngineOptions>;
  /** Pieces run for real (ones that reach no service); all others are answered from recordings. */
  local?: LocalPieces;
  code?: CodeBundler;
  now?: () => number;
  log?: LogSink;
  run?: RunInfoInput;
}

/** One step of a replayed run, in execution order, with where its result came from. */
export interface ReplayStep {
  stepName: string;
  status: StepOutputStatus;
  source: ReplayStepSource;
  /** The step's result (see `recordResult`); absent for a WOULD_CALL_SERVICE step. */
  output?: unknown;
}

/** What {@link replayRun} answers: the engine's result, its steps, and the step it stopped at rather than call a service. */
export interface ReplayRunOutcome {
  result: RunResult;
  steps: ReplayStep[];
  wouldCallService: WouldCallService | undefined;
}

/**
 * Runs a flow version on a trigger output with nothing reaching outside: piece steps answered
 * from `recordings` (a step that would call a service stops the run, see
 * `createRecordedPieceRunner`), code steps, routers and loops run for real in the engine with a
 * closed host (see `createClosedHost`). No output is offloaded to files. Use it for flow tests
 * and for replaying past runs against a new version.
 *
 * The engine runs in this thread: a code step busy computing holds the event loop until it ends
 * or `options.flowTimeoutSeconds` interrupts it.
 */
export async function replayRun(input: ReplayRunInput): Promise<ReplayRunOutcome> {
  const options = resolveEngineOptions(input.options);
  const pieces = createRecordedPieceRunner(input.recordings, {
    local: input.local,
    inputTruncateThresholdKb: options.inputTruncateThresholdKb,
  });
  const host = createClosedHost({ pieces, code: input.code, now: input.now, log: input.log });
  const engine = new FlowEngine({
    host,
    options: { ...options, sliceThresholdKb: options.maxLogSizeMb * 1024 + 1 },
  });
  const result = await engine.execute({
    flowVersion: input.flowVersion,
    triggerPayload: input.triggerOutput,
    run: input.run,
    signal: pieces.signal,
  });
  const steps = stepPlaces(result.steps).map(({ place, record }): ReplayStep => {
    const source = record.type === 'PIECE' ? (pieces.sourceOf(place) ?? 'RAN') : 'RAN';
    return source === 'WOULD_CALL_SERVICE'
      ? { stepName: place, status: record.status, source }
      : { stepName: place, status: record.status, source, output: recordResult(record) };
  });
  return { result, steps, wouldCallService: pieces.wouldCallService };
}
