import { describe, expect, it } from 'vitest';
import { code, flow, loop, piece } from '@piecework/shared/testing';
import { testEngine } from '../testing/test-engine';
import { compareRuns } from './compare-runs';
import { recordingsFromRun } from './recordings-from-run';
import { replayRun } from './replay-run';

const ordered = flow(
  code('total', 'return inputs.a + inputs.b;', {
    a: "{{trigger['output'].a}}",
    b: "{{trigger['output'].b}}",
  }),
  piece('save', 'echo', { total: "{{total['output']}}" }),
  code('report', 'return `saved ${inputs.saved.total}`;', { saved: "{{save['output']}}" }),
);

async function recordedRun(flowVersion = ordered, triggerPayload: unknown = { a: 1, b: 2 }) {
  const { engine } = testEngine();
  return engine.execute({ flowVersion, triggerPayload });
}

describe('replayRun', () => {
  it('answers piece steps from their recordings and runs code steps for real', async () => {
    const original = await recordedRun();
    const replay = await replayRun({
      flowVersion: ordered,
      triggerOutput: { a: 1, b: 2 },
      recordings: recordingsFromRun(original.steps),
    });
    expect(replay.result.status).toBe('SUCCEEDED');
    expect(replay.wouldCallService).toBeUndefined();
    expect(replay.steps).toEqual([
      { stepName: 'total', status: 'SUCCEEDED', source: 'RAN', output: 3 },
      { stepName: 'save', status: 'SUCCEEDED', source: 'RECORDED', output: { total: 3 } },
      { stepName: 'report', status: 'SUCCEEDED', source: 'RAN', output: 'saved 3' },
    ]);
    expect(compareRuns(original.steps, replay.result.steps)).toMatchObject({
      pathChanged: false,
      changed: [],
    });
  });

  it('stops at a piece step called with another input than recorded, without calling it', async () => {
    const original = await recordedRun();
    const replay = await replayRun({
      flowVersion: ordered,
      triggerOutput: { a: 5, b: 2 },
      recordings: recordingsFromRun(original.steps),
    });
    expect(replay.result.status).toBe('FAILED');
    expect(replay.wouldCallService).toMatchObject({
      stepName: 'save',
      reason: 'INPUT_CHANGED',
      recordedInput: { total: 3 },
      input: { total: 7 },
    });
    expect(replay.steps.map(({ stepName, source }) => [stepName, source])).toEqual([
      ['total', 'RAN'],
      ['save', 'WOULD_CALL_SERVICE'],
    ]);
  });

  it('stops at a piece step with no recording, even one set to continue on failure', async () => {
    const version = flow(
      piece('fetch', 'echo', { id: 1 }, { continueOnFailure: true, retryOnFailure: true }),
      code('after', 'return 1;'),
    );
    const replay = await replayRun({ flowVersion: version, triggerOutput: {}, recordings: {} });
    expect(replay.wouldCallService).toMatchObject({ stepName: 'fetch', reason: 'NO_RECORDING' });
    expect(replay.steps.map((step) => step.stepName)).toEqual(['fetch']);
  });

  it('answers a recorded failure as the step failing with the recorded message', async () => {
    const replay = await replayRun({
      flowVersion: flow(piece('fetch', 'echo', { id: 1 })),
      triggerOutput: {},
      recordings: { fetch: { input: { id: 1 }, output: null, status: 'FAILED', errorMessage: 'HTTP 503' } },
    });
    expect(replay.result).toMatchObject({
      status: 'FAILED',
      failedStep: { name: 'fetch', message: 'HTTP 503' },
    });
    expect(replay.wouldCallService).toBeUndefined();
  });

  it('matches each loop iteration with its own recording', async () => {
    const version = flow(
      loop('loop', "{{trigger['output'].items}}", [
        piece('body', 'echo', { item: "{{loop['output'].item}}" }),
      ]),
    );
    const original = await recordedRun(version, { items: ['x', 'y'] });
    const recordings = recordingsFromRun(original.steps);
    expect(Object.keys(recordings)).toEqual(['loop[0].body', 'loop[1].body']);
    const same = await replayRun({ flowVersion: version, triggerOutput: { items: ['x', 'y'] }, recordings });
    expect(same.result.status).toBe('SUCCEEDED');
    expect(compareRuns(original.steps, same.result.steps).changed).toEqual([]);
    const swapped = await replayRun({
      flowVersion: version,
      triggerOutput: { items: ['y', 'x'] },
      recordings,
    });
    expect(swapped.wouldCallService).toMatchObject({ stepName: 'loop[0].body', reason: 'INPUT_CHANGED' });
  });

  it('matches a recorded input where the log hid a connection or truncated a large value', async () => {
    const version = flow(
      piece('call', 'echo', {
        auth: "{{connections['api']}}",
        header: "Bearer {{connections['api'].token}}",
        big: "{{trigger['output'].big}}",
      }),
    );
    const big = 'x'.repeat(4096);
    const { engine } = testEngine({}, { api: { token: 'secret' } });
    const original = await engine.execute({ flowVersion: version, triggerPayload: { big } });
    const recordings = recordingsFromRun(original.steps);
    expect(recordings.call!.input).toEqual({
      auth: '**REDACTED**',
      header: 'Bearer **REDACTED**',
      big: '(truncated, original size 4 KB)',
    });
    const replay = await replayRun({ flowVersion: version, triggerOutput: { big }, recordings });
    expect(replay.wouldCallService).toBeUndefined();
    expect(replay.result.status).toBe('SUCCEEDED');
  });

  it('accepts any input for a recording written without one', async () => {
    const replay = await replayRun({
      flowVersion: flow(piece('fetch', 'echo', { id: "{{trigger['output'].id}}" })),
      triggerOutput: { id: 42 },
      recordings: { fetch: { input: undefined, output: { name: 'Ada' }, status: 'SUCCEEDED' } },
    });
    expect(replay.steps).toEqual([
      { stepName: 'fetch', status: 'SUCCEEDED', source: 'RECORDED', output: { name: 'Ada' } },
    ]);
  });

  it('runs the pieces it is told to run for real', async () => {
    const { pieces } = testEngine();
    const replay = await replayRun({
      flowVersion: flow(
        piece('answer', 'stop_with_response', { response: { status: 201, body: 'ok', headers: {} } }),
      ),
      triggerOutput: {},
      recordings: {},
      local: { runner: pieces, runs: (request) => request.actionName === 'stop_with_response' },
    });
    expect(replay.result).toMatchObject({ status: 'SUCCEEDED', response: { status: 201, body: 'ok' } });
    expect(replay.steps[0]).toMatchObject({ stepName: 'answer', source: 'RAN' });
  });

  it('ends a code step that runs past the time limit as TIMEOUT', async () => {
    const replay = await replayRun({
      flowVersion: flow(code('spin', 'while (true) {}')),
      triggerOutput: {},
      recordings: {},
      options: { flowTimeoutSeconds: 1 },
    });
    expect(replay.result.status).toBe('TIMEOUT');
  });
});
