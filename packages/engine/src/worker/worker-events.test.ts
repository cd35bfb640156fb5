import { EventEmitter } from 'eventemitter3';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import type { EngineEvents } from '../run/engine-events';
import { resolveEngineOptions } from '../run/engine-options';
import { runEngine } from '../run-engine';
import { code, flow, loop, piece, router, textIs } from '@piecework/shared/testing';
import { createTestPieces } from '../testing/test-pieces';
import { executeRequest, withoutDurations } from './test-requests';
import { WorkerRunner } from './worker-runner';

const runner = new WorkerRunner({ size: 1 });
afterAll(() => runner.close());

/** Every event emitted on `events`, as comparable text (record durations left out). */
function recordEvents(events: EventEmitter<EngineEvents>, names: (keyof EngineEvents)[]): string[] {
  const seen: string[] = [];
  const where = (path: readonly { iteration: number }[]) => path.map((p) => `#${p.iteration}`).join('');
  if (names.includes('step.started'))
    events.on('step.started', ({ stepName, path }) => seen.push(`started ${stepName}${where(path)}`));
  if (names.includes('step.finished'))
    events.on('step.finished', ({ stepName, path, record }) =>
      seen.push(
        `finished ${stepName}${where(path)} ${JSON.stringify(withoutDurations({ record } as never))}`,
      ),
    );
  if (names.includes('run.responded'))
    events.on('run.responded', (response) => seen.push(`responded ${JSON.stringify(response)}`));
  return seen;
}

/** A host whose `pieces.run` notes the events seen so far at each call. */
function watchingHost(seen: string[]) {
  const pieces = createTestPieces();
  const seenAtCall: Record<string, string[]> = {};
  const host = createMemoryHost({
    pieces: {
      run: (request) => {
        seenAtCall[request.stepName] = [...seen];
        return pieces.run(request);
      },
    },
  });
  return { host, seenAtCall };
}

const version = flow(
  code('first', 'return 1'),
  loop('loop', '{{[1, 2, 3]}}', [code('each', 'return inputs.i * 2', { i: "{{loop['output'].item}}" })]),
  router('route', 'EXECUTE_FIRST_MATCH', [
    { conditions: [[textIs("{{trigger['output'].kind}}", 'a')]], steps: [code('on_a', "return 'a'")] },
    { fallback: [code('otherwise', "return 'b'")] },
  ]),
  piece('call', 'echo', { n: "{{first['output']}}" }),
  code('last', 'return 2'),
);
const all: (keyof EngineEvents)[] = ['step.started', 'step.finished', 'run.responded'];

async function inProcess(names: (keyof EngineEvents)[]) {
  const events = new EventEmitter<EngineEvents>();
  const seen = recordEvents(events, names);
  const { host, seenAtCall } = watchingHost(seen);
  await runEngine(executeRequest(version, { kind: 'b' }), host, resolveEngineOptions(), events);
  return { seen, seenAtCall };
}

describe('WorkerRunner events', () => {
  it('are emitted as in-process, in order, with a loop, a router and a piece step', async () => {
    const expected = await inProcess(all);
    const events = new EventEmitter<EngineEvents>();
    const seen = recordEvents(events, all);
    const result = await runner.run(executeRequest(version, { kind: 'b' }), watchingHost(seen).host, events);
    expect(result.status).toBe('SUCCEEDED');
    expect(seen).toEqual(expected.seen);
    expect(seen.filter((event) => event.startsWith('finished'))).toHaveLength(9);
  });

  it('reach the parent before a host call: every step before the piece step has finished there', async () => {
    const expected = await inProcess(all);
    const events = new EventEmitter<EngineEvents>();
    const seen = recordEvents(events, all);
    const { host, seenAtCall } = watchingHost(seen);
    await runner.run(executeRequest(version, { kind: 'b' }), host, events);
    expect(seenAtCall.call).toEqual(expected.seenAtCall.call);
    expect(
      seenAtCall.call!.filter((event) => event.startsWith('finished')).map((e) => e.split(' ')[1]),
    ).toEqual(['first', 'each#0', 'each#1', 'each#2', 'loop', 'route', 'otherwise']);
  });

  it('are the same without a step.started listener (those are then not sent)', async () => {
    const names: (keyof EngineEvents)[] = ['step.finished', 'run.responded'];
    const expected = await inProcess(names);
    const events = new EventEmitter<EngineEvents>();
    const seen = recordEvents(events, names);
    const { host, seenAtCall } = watchingHost(seen);
    await runner.run(executeRequest(version, { kind: 'b' }), host, events);
    expect(seen).toEqual(expected.seen);
    expect(seenAtCall).toEqual(expected.seenAtCall);
  });

  it('run.responded reaches the caller while the run goes on', async () => {
    const spinMs = 400;
    const respondFirst = flow(
      piece('answer', 'respond_and_continue', { response: { status: 201, body: 'early', headers: {} } }),
      code('busy', `const end = Date.now() + ${spinMs}; while (Date.now() < end) {} return 1`),
    );
    const events = new EventEmitter<EngineEvents>();
    let respondedAt = Number.NaN;
    events.on('run.responded', () => (respondedAt = performance.now()));
    const result = await runner.run(
      executeRequest(respondFirst),
      createMemoryHost({ pieces: createTestPieces() }),
      events,
    );
    const endedAt = performance.now();
    expect(result).toMatchObject({ status: 'SUCCEEDED', response: { status: 201, body: 'early' } });
    expect(endedAt - respondedAt).toBeGreaterThan(spinMs / 2);
  });

  it('a listener that throws stops the run INTERNAL_ERROR, with the records relayed before it', async () => {
    const events = new EventEmitter<EngineEvents>();
    events.on('step.finished', ({ stepName }) => {
      if (stepName === 'each') throw new Error('listener broke');
    });
    const result = await runner.run(executeRequest(version, { kind: 'b' }), watchingHost([]).host, events);
    expect(result).toMatchObject({
      status: 'INTERNAL_ERROR',
      message: 'Internal error: listener broke',
      steps: { first: { status: 'SUCCEEDED', output: 1 } },
    });
    expect(result.steps).not.toHaveProperty('route');
  });
});
