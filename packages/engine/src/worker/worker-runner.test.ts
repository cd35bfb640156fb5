import { EventEmitter } from 'eventemitter3';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import type { PieceRunRequest } from '../host/piece-runner';
import type { EngineEvents } from '../run/engine-events';
import { resolveEngineOptions } from '../run/engine-options';
import type { TestStepRequest } from '../run/engine-request';
import { runEngine } from '../run-engine';
import { code, flow, loop, piece } from '@piecework/shared/testing';
import { createTestPieces } from '../testing/test-pieces';
import { executeRequest, resumeRequest, withoutDurations } from './test-requests';
import { WorkerRunner } from './worker-runner';

const options = { retryDelaysMs: [0, 0, 0] };
const runner = new WorkerRunner({ size: 2, options });
afterAll(() => runner.close());

function testHost(connections: Record<string, unknown> = {}) {
  const pieces = createTestPieces();
  return { pieces, host: createMemoryHost({ pieces, connections }) };
}

function recordEvents(events: EventEmitter<EngineEvents>): string[] {
  const seen: string[] = [];
  events.on('step.started', ({ stepName, path }) =>
    seen.push(`started ${stepName}${path.map((p) => `#${p.iteration}`).join('')}`),
  );
  events.on('step.finished', ({ stepName, path, record }) =>
    seen.push(`finished ${stepName}${path.map((p) => `#${p.iteration}`).join('')} ${record.status}`),
  );
  events.on('run.responded', (response) => seen.push(`responded ${response.status}`));
  return seen;
}

describe('WorkerRunner', () => {
  it.each([
    [
      'a code step',
      flow(code('step_1', 'return { doubled: inputs.n * 2 }', { n: "{{trigger['output'].n}}" })),
    ],
    [
      'piece steps and a loop',
      flow(
        loop('loop', "{{trigger['output'].items}}", [
          piece('each', 'echo', { item: "{{loop['output'].item}}" }),
        ]),
        piece('last', 'echo', { n: 1 }),
      ),
    ],
    ['a failing piece (its error crosses back)', flow(piece('step_1', 'throw', { message: 'piece broke' }))],
    ['a failing code step', flow(code('step_1', "throw new Error('code broke')"))],
    ['a retried step', flow(piece('step_1', 'fail_n_times', { times: 2 }, { retryOnFailure: true }))],
    [
      'an early response',
      flow(
        piece('step_1', 'respond_and_continue', { response: { status: 201, body: 'ok', headers: {} } }),
        code('step_2', 'return 2'),
      ),
    ],
  ])('%s gives the same result as runEngine in this thread', async (_, version) => {
    const request = executeRequest(version, { n: 21, items: ['a', 'b'] });
    const inProcess = await runEngine(
      request,
      testHost().host,
      resolveEngineOptions(options),
      new EventEmitter(),
    );
    const inWorker = await runner.run(request, testHost().host);
    expect(withoutDurations(inWorker)).toEqual(withoutDurations(inProcess));
  });

  it('emits events in order, each while the run is still going', async () => {
    const events = new EventEmitter<EngineEvents>();
    const seen = recordEvents(events);
    const { host, pieces } = testHost();
    const seenByStep2: string[] = [];
    host.pieces = {
      run: (request) => {
        if (request.stepName === 'step_2') seenByStep2.push(...seen);
        return pieces.run(request);
      },
    };
    const version = flow(
      code('step_1', 'return 1'),
      piece('step_2', 'echo'),
      loop('loop', '{{[1, 2]}}', [code('each', 'return 2')]),
    );
    const result = await runner.run(executeRequest(version), host, events);
    expect(result.status).toBe('SUCCEEDED');
    expect(seenByStep2).toEqual(['started step_1', 'finished step_1 SUCCEEDED', 'started step_2']);
    expect(seen).toEqual([
      'started step_1',
      'finished step_1 SUCCEEDED',
      'started step_2',
      'finished step_2 SUCCEEDED',
      'started loop',
      'started each#0',
      'finished each#0 SUCCEEDED',
      'started each#1',
      'finished each#1 SUCCEEDED',
      'finished loop SUCCEEDED',
    ]);
  });

  it("calls the parent's host for pieces (with its own services), connections and files", async () => {
    const { host, pieces } = testHost({ slack: { token: 's3cret' } });
    const saved: string[] = [];
    const save = host.files.save.bind(host.files);
    host.files.save = (content, info) => {
      saved.push(info.name);
      return save(content, info);
    };
    const version = flow(
      piece('step_1', 'echo', { auth: "{{connections['slack'].token}}", big: 'x'.repeat(40_000) }),
    );
    const result = await runner.run(executeRequest(version), host);
    expect(result.status).toBe('SUCCEEDED');
    const call = pieces.calls[0] as PieceRunRequest;
    expect(call).toMatchObject({
      stepName: 'step_1',
      actionName: 'echo',
      input: { auth: 's3cret' },
      test: false,
    });
    expect(call.services.store).toBe(host.store);
    expect(saved).toEqual(['run-1.step_1.output.json']);
  });

  it('pauses and resumes through the runner, loading offloaded outputs from the parent', async () => {
    const { host, pieces } = testHost();
    const version = flow(
      piece('big', 'echo', { text: 'y'.repeat(40_000) }),
      piece('wait', 'pause_until_resumed'),
      code('after', "return inputs.got + ':' + inputs.size", {
        got: "{{wait['output'].body}}",
        size: "{{big['output'].text.length}}",
      }),
    );
    const paused = await runner.run(executeRequest(version), host);
    expect(paused).toMatchObject({ status: 'PAUSED', pause: { type: 'WEBHOOK', requestId: 'run-1-wait' } });
    const resumed = await runner.run(
      resumeRequest(version, paused.steps, { body: 'go', headers: {}, queryParams: {} }),
      host,
    );
    expect(resumed.status).toBe('SUCCEEDED');
    expect(resumed.steps.after!.output).toBe('go:40000');
    expect(pieces.calls.map((call) => call.stepName)).toEqual(['big', 'wait', 'wait']);
  });

  it('rejects misuse as runEngine throws it', async () => {
    const version = flow(code('step_1', 'return 1'));
    const request: TestStepRequest = {
      ...executeRequest(version),
      kind: 'TEST_STEP',
      stepName: 'nope',
      sampleData: {},
    };
    await expect(runner.run(request, testHost().host)).rejects.toThrow("Cannot test step 'nope'");
  });

  it('runs 20 runs at once on a pool of 2', async () => {
    const version = flow(
      code('step_1', 'return inputs.n * 2', { n: "{{trigger['output'].n}}" }),
      piece('step_2', 'echo', { n: "{{step_1['output']}}" }),
    );
    const { host } = testHost();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) => runner.run(executeRequest(version, { n }, `run-${n}`), host)),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill('SUCCEEDED'));
    expect(results.map((result) => result.steps.step_2!.output)).toEqual(
      Array.from({ length: 20 }, (_, n) => ({ n: n * 2 })),
    );
  });
});
