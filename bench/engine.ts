/**
 * bench/engine: the engine's own overhead, each figure beside a floor measured in the same run.
 * - per-step overhead of 10- and 100-step flows of trivial code steps, against calling the same
 *   functions directly in Node (goal: <= 60 µs per step);
 * - a loop over 10,000 items with a code step inside (goal: < 1 s);
 * - a router-heavy flow: 20 routers of 4 branches;
 * - a 100 KB payload through 10 steps (plain-path references);
 * - memory per in-flight run: 1,000 paused runs held at once (goal: < 256 KiB each).
 *
 * Run: npm run bench:engine   (node --expose-gc, so the memory figure is measured after a GC)
 */
import { createMemoryHost, FlowEngine, type RunResult } from '../packages/engine/src/index';
import { code, flow, loop, piece, router, textIs } from '../packages/shared/src/testing';
import { createTestPieces } from '../packages/engine/src/testing/test-pieces';
import { printTable } from './support';

const engine = new FlowEngine({ host: createMemoryHost({ pieces: createTestPieces() }) });
const rows: string[][] = [];

async function timeRuns(run: () => Promise<RunResult>, rounds: number): Promise<number> {
  for (let i = 0; i < Math.max(3, rounds / 5); i++) await run();
  const start = performance.now();
  for (let i = 0; i < rounds; i++) {
    const result = await run();
    if (result.status !== 'SUCCEEDED' && result.status !== 'PAUSED')
      throw new Error(`bench run ended ${result.status}`);
  }
  return (performance.now() - start) / rounds;
}

function timeDirect(fn: () => unknown, rounds: number): number {
  fn();
  const start = performance.now();
  for (let i = 0; i < rounds; i++) fn();
  return (performance.now() - start) / rounds;
}

// 1. per-step overhead of trivial code steps
for (const size of [10, 100]) {
  const steps = Array.from({ length: size }, (_, i) =>
    code(`step_${i + 1}`, 'return inputs.n + 1;', { n: i > 0 ? `{{step_${i}['output']}}` : 0 }),
  );
  const version = flow(...steps);
  const perRun = await timeRuns(
    () => engine.execute({ flowVersion: version, triggerPayload: {} }),
    size === 10 ? 2000 : 200,
  );
  const direct = timeDirect(() => {
    let n = 0;
    for (let i = 0; i < size; i++) n = ((inputs: { n: number }) => inputs.n + 1)({ n });
    return n;
  }, 10_000);
  rows.push([
    `${size} code steps`,
    `${(perRun * 1000).toFixed(0)} µs/run`,
    `${((perRun * 1000) / size).toFixed(1)} µs/step`,
    `${(direct * 1000).toFixed(2)} µs/run direct`,
    '≤ 60 µs/step',
  ]);
}

// 2. a loop over 10,000 items with a code step inside
{
  const items = Array.from({ length: 10_000 }, (_, i) => i);
  const version = flow(
    loop('loop', "{{trigger['output'].items}}", [
      code('double', 'return inputs.x * 2;', { x: "{{loop['output'].item}}" }),
    ]),
  );
  const perRun = await timeRuns(() => engine.execute({ flowVersion: version, triggerPayload: { items } }), 3);
  const direct = timeDirect(() => items.map((x) => ((inputs: { x: number }) => inputs.x * 2)({ x })), 100);
  rows.push([
    'loop of 10,000 items',
    `${perRun.toFixed(0)} ms/run`,
    `${((perRun * 1000) / 10_000).toFixed(1)} µs/iteration`,
    `${(direct * 1000).toFixed(0)} µs/run direct`,
    '< 1 s',
  ]);
}

// 3. router-heavy flow: 20 routers with 4 branches each
{
  const routers = Array.from({ length: 20 }, (_, i) =>
    router(`router_${i + 1}`, 'EXECUTE_FIRST_MATCH', [
      { conditions: [[textIs("{{trigger['output'].kind}}", 'a')]], steps: [piece(`a_${i + 1}`, 'echo')] },
      { conditions: [[textIs("{{trigger['output'].kind}}", 'b')]], steps: [piece(`b_${i + 1}`, 'echo')] },
      {
        conditions: [
          [{ operator: 'NUMBER_IS_GREATER_THAN', firstValue: "{{trigger['output'].n}}", secondValue: '5' }],
        ],
        steps: [piece(`c_${i + 1}`, 'echo')],
      },
      { fallback: [piece(`d_${i + 1}`, 'echo', { i })] },
    ]),
  );
  const version = flow(...routers);
  const perRun = await timeRuns(
    () => engine.execute({ flowVersion: version, triggerPayload: { kind: 'z', n: 1 } }),
    100,
  );
  rows.push([
    '20 routers × 4 branches',
    `${(perRun * 1000).toFixed(0)} µs/run`,
    `${((perRun * 1000) / 40).toFixed(1)} µs/step`,
    '—',
    '—',
  ]);
}

// 4. a 100 KB payload through 10 steps
{
  const payload = {
    rows: Array.from({ length: 1750 }, (_, i) => ({
      id: i,
      name: `row ${i}`,
      tags: ['a', 'b', 'c'],
      v: i * 1.5,
    })),
  };
  const size = JSON.stringify(payload).length;
  const steps = Array.from({ length: 10 }, (_, i) =>
    piece(`step_${i + 1}`, 'echo', {
      data: i === 0 ? "{{trigger['output']}}" : `{{step_${i}['output'].data}}`,
    }),
  );
  const version = flow(...steps);
  const perRun = await timeRuns(() => engine.execute({ flowVersion: version, triggerPayload: payload }), 100);
  const direct = timeDirect(() => {
    let data: unknown = payload;
    for (let i = 0; i < 10; i++) data = structuredClone(data);
    return data;
  }, 30);
  rows.push([
    `${(size / 1024).toFixed(0)} KB payload × 10 steps`,
    `${perRun.toFixed(2)} ms/run`,
    `${((perRun * 1000) / 10).toFixed(0)} µs/step`,
    `${direct.toFixed(2)} ms 10× structuredClone`,
    '—',
  ]);
}

// 5. memory per in-flight run: 1,000 paused runs held at once
{
  const gc = (globalThis as { gc?: () => void }).gc;
  const version = flow(
    code('prepare', 'return { id: inputs.id, ok: true };', { id: "{{trigger['output'].id}}" }),
    piece('wait', 'pause_until_resumed'),
    piece('after', 'echo'),
  );
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const held: RunResult[] = [];
  for (let i = 0; i < 1000; i++)
    held.push(
      await engine.execute({ flowVersion: version, triggerPayload: { id: i, body: { text: 'hello' } } }),
    );
  gc?.();
  const perRun = (process.memoryUsage().heapUsed - before) / held.length;
  if (held.some((result) => result.status !== 'PAUSED')) throw new Error('expected paused runs');
  rows.push([
    '1,000 paused runs held',
    `${(perRun / 1024).toFixed(1)} KiB/run`,
    gc ? 'after GC' : 'no --expose-gc',
    '—',
    '< 256 KiB',
  ]);
}

// 6. the worker runner (hard heap cap and deadline) against in-process, 10 code steps
{
  const { WorkerRunner } = await import('../packages/engine/src/worker/index');
  const runner = new WorkerRunner({ size: 1 });
  const steps = Array.from({ length: 10 }, (_, i) =>
    code(`step_${i + 1}`, 'return inputs.n + 1;', { n: i > 0 ? `{{step_${i}['output']}}` : 0 }),
  );
  const request = {
    kind: 'EXECUTE' as const,
    flowVersion: flow(...steps),
    triggerPayload: {},
    run: { id: 'bench', flowId: 'f', flowVersionId: 'v', projectId: 'p', environment: 'TESTING' as const },
  };
  const inWorker = await timeRuns(() => runner.run(request, engine.host), 500);
  const inProcess = await timeRuns(() => engine.run(request), 500);
  await runner.close();
  rows.push([
    '10 code steps in a worker thread',
    `${(inWorker * 1000).toFixed(0)} µs/run`,
    `+${((inWorker - inProcess) * 1000).toFixed(0)} µs/run`,
    `${(inProcess * 1000).toFixed(0)} µs/run in-process`,
    '—',
  ]);
}

printTable(['case', 'engine', 'per unit', 'floor (same run)', 'goal'], rows);
