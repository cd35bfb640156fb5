import type { PieceRunner, PieceRunOutcome, PieceRunRequest } from '../host/piece-runner';

/**
 * Small pieces for engine tests, under the piece name `test`:
 * - `echo`: returns its input;
 * - `fail_n_times`: fails `input.times` times per step (counted per run and step), then returns `{attempts}`;
 * - `pause_until_resumed`: pauses (webhook wait) until run again with a resume payload, then returns it;
 * - `delay`: pauses until `input.until` (DELAY), then returns `{resumed: true}`;
 * - `stop_with_response`: stops the flow answering `input.response`;
 * - `respond_and_continue`: answers `input.response` early and returns `{responded: true}`;
 * - `throw`: the runner itself throws `input.message`.
 * `calls` records every call so tests can check that completed steps never run twice.
 */
export function createTestPieces(): PieceRunner & { calls: PieceRunRequest[] } {
  const calls: PieceRunRequest[] = [];
  const failures = new Map<string, number>();
  const run = async (request: PieceRunRequest): Promise<PieceRunOutcome> => {
    calls.push(request);
    const { input } = request;
    switch (request.actionName) {
      case 'echo':
        return { status: 'SUCCEEDED', output: input };
      case 'fail_n_times': {
        const key = `${request.run.id}:${request.stepName}`;
        const attempts = (failures.get(key) ?? 0) + 1;
        failures.set(key, attempts);
        return attempts <= Number(input.times)
          ? { status: 'FAILED', message: `attempt ${attempts} failed` }
          : { status: 'SUCCEEDED', output: { attempts } };
      }
      case 'pause_until_resumed':
        return request.resume
          ? { status: 'SUCCEEDED', output: request.resume }
          : {
              status: 'PAUSED',
              pause: { type: 'WEBHOOK', requestId: `${request.run.id}-${request.stepName}` },
            };
      case 'delay':
        return request.resume
          ? { status: 'SUCCEEDED', output: { resumed: true } }
          : { status: 'PAUSED', pause: { type: 'DELAY', resumeDateTime: String(input.until) } };
      case 'stop_with_response':
        return { status: 'STOPPED', output: { stopped: true }, response: input.response as never };
      case 'respond_and_continue':
        return { status: 'SUCCEEDED', output: { responded: true }, respond: input.response as never };
      case 'throw':
        throw new Error(String(input.message));
      default:
        return { status: 'FAILED', message: `test piece has no action ${request.actionName}` };
    }
  };
  return { run, calls };
}
