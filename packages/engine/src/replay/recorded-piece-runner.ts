import { formatStepPath, type StepRecording, type StepRecordings } from '@piecework/shared';
import type { PieceRunner, PieceRunOutcome, PieceRunRequest } from '../host/piece-runner';
import { DEFAULT_ENGINE_OPTIONS } from '../run/engine-options';
import { matchesRecordedInput } from './recorded-input-match';

/**
 * Where a step's result came from in a replay: run for real (RAN), answered from its recording
 * (RECORDED), or not run because it would have called a service (WOULD_CALL_SERVICE).
 */
export type ReplayStepSource = 'RAN' | 'RECORDED' | 'WOULD_CALL_SERVICE';

/**
 * The piece step a replay stopped at rather than call a service: its place (`loop_1[0].step_2`
 * inside loops), why (no recording of this call, or a recording of another input), and a
 * sentence saying so.
 */
export interface WouldCallService {
  stepName: string;
  reason: 'NO_RECORDING' | 'INPUT_CHANGED';
  message: string;
  /** The recorded input, when the step was called with another one. */
  recordedInput?: unknown;
  /** The input the step was called with. */
  input: unknown;
}

/**
 * Pieces a replay runs for real rather than answering them from recordings: ones that reach no
 * service, whose effect is on the run itself (answering the webhook caller, stopping the flow).
 */
export interface LocalPieces {
  runner: PieceRunner;
  /** True when this call is run by `runner`. */
  runs(request: PieceRunRequest): boolean;
}

/** Options of {@link createRecordedPieceRunner}. */
export interface RecordedPieceRunnerOptions {
  local?: LocalPieces;
  /** The log's input truncation threshold the recordings were made with (default: the engine's). */
  inputTruncateThresholdKb?: number;
}

/** A {@link PieceRunner} answering from recordings; see {@link createRecordedPieceRunner}. */
export interface RecordedPieceRunner extends PieceRunner {
  /** Aborted when a step would call a service: pass it to the execution so the run stops there. */
  readonly signal: AbortSignal;
  /** The step the run stopped at rather than call a service, if any. */
  readonly wouldCallService: WouldCallService | undefined;
  /** Where the result of the piece step at `place` came from; undefined for a step never called. */
  sourceOf(place: string): ReplayStepSource | undefined;
}

/**
 * A piece runner for tests and replays: each piece step is answered from its recording, found by
 * its place (the step name, with the loop iterations around it inside loops), when it is called
 * with the recorded input (see `matchesRecordedInput`). A step with no recording, or called with
 * another input, is not run: the runner notes it in `wouldCallService`, aborts `signal` and
 * fails the step, so a run given `signal` stops there. Use one runner per execution.
 *
 * @example
 * ```ts
 * const pieces = createRecordedPieceRunner(testCase.recordings);
 * const engine = new FlowEngine({ host: createClosedHost({ pieces }) });
 * const result = await engine.execute({ flowVersion, triggerPayload, signal: pieces.signal });
 * if (pieces.wouldCallService) console.log(pieces.wouldCallService.message);
 * ```
 */
export function createRecordedPieceRunner(
  recordings: StepRecordings,
  options: RecordedPieceRunnerOptions = {},
): RecordedPieceRunner {
  const thresholdBytes =
    (options.inputTruncateThresholdKb ?? DEFAULT_ENGINE_OPTIONS.inputTruncateThresholdKb) * 1024;
  const controller = new AbortController();
  const sources = new Map<string, ReplayStepSource>();
  let wouldCallService: WouldCallService | undefined;

  const stop = (refusal: WouldCallService): PieceRunOutcome => {
    wouldCallService ??= refusal;
    sources.set(refusal.stepName, 'WOULD_CALL_SERVICE');
    controller.abort(new Error(refusal.message));
    return { status: 'FAILED', message: refusal.message };
  };

  return {
    signal: controller.signal,
    get wouldCallService() {
      return wouldCallService;
    },
    sourceOf: (place) => sources.get(place),
    async run(request) {
      const place = formatStepPath(request.stepName, request.path ?? []);
      if (options.local?.runs(request)) {
        sources.set(place, 'RAN');
        return options.local.runner.run(request);
      }
      const recording: StepRecording | undefined = Object.hasOwn(recordings, place)
        ? recordings[place]
        : undefined;
      if (recording === undefined) {
        return stop({
          stepName: place,
          reason: 'NO_RECORDING',
          message: `Step ${place} would call ${request.pieceName} (${request.actionName}): it has no recording`,
          input: request.input,
        });
      }
      if (!matchesRecordedInput(recording.input, request.input, thresholdBytes)) {
        return stop({
          stepName: place,
          reason: 'INPUT_CHANGED',
          message: `Step ${place} would call ${request.pieceName} (${request.actionName}) with another input than recorded`,
          recordedInput: recording.input,
          input: request.input,
        });
      }
      sources.set(place, 'RECORDED');
      return recording.status === 'SUCCEEDED'
        ? { status: 'SUCCEEDED', output: recording.output }
        : {
            status: 'FAILED',
            message: recording.errorMessage ?? `Step ${place} failed when it was recorded`,
          };
    },
  };
}
