import {
  assembleSteps,
  forEachRecord,
  formatStepPath,
  loopOutput,
  storedRecord,
  type Step,
  type StepOutput,
  type StepOutputs,
  type StepPath,
} from '@piecework/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineRequest } from '../run/engine-request';
import { flow, loop, piece, router, textIs } from '@piecework/shared/testing';
import { testEngine } from '../testing/test-engine';
import { RunProgress } from './run-progress';
import { executeRequest, resumeRequest } from './test-requests';

/** A body step before naming: a plain step, a step that pauses on a 'wait' item, or a loop. */
type Shape = { kind: 'echo' } | { kind: 'wait' } | { kind: 'loop'; body: Shape[] };

interface Finished {
  stepName: string;
  path: StepPath;
  record: StepOutput;
}

const shapes: fc.Arbitrary<Shape[]> = fc.letrec<{ chain: Shape[] }>((tie) => ({
  chain: fc.array(
    fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant<Shape>({ kind: 'echo' }),
      fc.constant<Shape>({ kind: 'wait' }),
      tie('chain').map((body): Shape => ({ kind: 'loop', body })),
    ),
    { minLength: 1, maxLength: 3, depthIdentifier: 'chain' },
  ),
})).chain;

/** The steps of `chain`, named uniquely; a wait step outside any loop is a plain step. */
function build(chain: Shape[]): { steps: Step[]; loops: string[] } {
  let count = 0;
  const loops: string[] = [];
  const steps = (shapesHere: Shape[], loopName: string | undefined): Step[] =>
    shapesHere.map((shape) => {
      const name = `step_${String(++count)}`;
      if (shape.kind === 'loop') {
        loops.push(name);
        return loop(name, `{{trigger['output'].${name}}}`, steps(shape.body, name));
      }
      if (shape.kind === 'echo' || loopName === undefined) return piece(name, 'echo', { n: count });
      return router(name, 'EXECUTE_FIRST_MATCH', [
        {
          conditions: [[textIs(`{{${loopName}['output'].item}}`, 'wait')]],
          steps: [piece(`${name}_wait`, 'pause_until_resumed')],
        },
        { fallback: [piece(`${name}_pass`, 'echo')] },
      ]);
    });
  return { steps: steps(chain, undefined), loops };
}

const withoutTrigger = ({ trigger: _trigger, ...steps }: StepOutputs): StepOutputs => steps;

/**
 * The server's rows: one per place, a place recorded again keeping its position (an upsert),
 * each holding the record's stored form.
 */
class Rows {
  private readonly byPath = new Map<string, StepOutput>();

  upsert({ stepName, path, record }: Finished): void {
    this.byPath.set(formatStepPath(stepName, path), structuredClone(storedRecord(record)));
  }

  copy(): Rows {
    const copy = new Rows();
    for (const [path, record] of this.byPath) copy.byPath.set(path, record);
    return copy;
  }

  assembled(): StepOutputs {
    return assembleSteps([...this.byPath].map(([path, record]) => ({ path, record })));
  }
}

function progressOf(request: EngineRequest, events: readonly Finished[]): StepOutputs {
  const progress = new RunProgress(request);
  for (const { stepName, path, record } of events) progress.finished(stepName, path, record);
  return withoutTrigger(progress.steps);
}

describe('loop records of real runs (random nested loops, paused and resumed)', () => {
  // At every step of every attempt, the records the worker's progress files and the records the
  // server assembles from its rows agree, each loop's index counting its iterations as the
  // engine's own does; once the attempt ends, both are the engine's result.
  it("the worker's progress and the stored rows give the engine's records, at every step", async () => {
    const items = fc.array(fc.constantFrom('go', 'wait'), { maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(shapes, fc.array(items, { minLength: 8, maxLength: 8 }), async (chain, lists) => {
        const { steps, loops } = build(chain);
        const version = flow(...steps);
        const payload = Object.fromEntries(loops.map((name, i) => [name, lists[i % lists.length]]));
        const { engine } = testEngine();
        const rows = new Rows();
        let request: EngineRequest = executeRequest(version, payload);
        for (let attempt = 0; attempt < 30; attempt++) {
          const events: Finished[] = [];
          engine.on('step.finished', (event) => events.push(event));
          const result = await engine.run(request);
          engine.removeAllListeners('step.finished');
          const before = rows.copy();
          for (let cut = 0; cut < events.length; cut++) {
            const stopped = events.slice(0, cut);
            const partial = before.copy();
            for (const event of stopped) partial.upsert(event);
            const progress = progressOf(request, stopped);
            expect(withoutTrigger(partial.assembled())).toEqual(progress);
            forEachRecord(progress, (_, record) => {
              const output = loopOutput(record);
              if (output) expect(output.index).toBe(output.iterations.length);
            });
          }
          for (const event of events) rows.upsert(event);
          expect(progressOf(request, events)).toEqual(withoutTrigger(result.steps));
          expect(withoutTrigger(rows.assembled())).toEqual(withoutTrigger(result.steps));
          if (result.status !== 'PAUSED') return;
          const saved = { trigger: result.steps.trigger!, ...rows.assembled() };
          request = resumeRequest(version, saved, { body: 'ok', headers: {}, queryParams: {} });
        }
        throw new Error('the run kept pausing');
      }),
      { numRuns: 60 },
    );
  });
});
