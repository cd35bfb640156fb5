import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StepOutput, StepOutputs } from '../step-output';
import { assembleSteps, FiledRecords } from './filed-records';
import { storedRecord, type LoopOutput } from './loop-output';
import { formatStepPath, parseStepPath, type StepPath } from './step-path';
import { forEachRecord } from './walk-records';

/** A flow's chain of steps: a plain step, or a loop with its body chain. */
interface Shape {
  name: string;
  body?: Shape[];
}

/** A shape before its steps are named. */
interface Unnamed {
  body?: Unnamed[];
}

/** A finished step as the engine reports it (`step.finished`). */
interface Finished {
  stepName: string;
  path: StepPath;
  record: StepOutput;
}

const stepName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,8}$/);

/** Random chains up to three loops deep; names are made unique afterwards, as a flow's are. */
const chains: fc.Arbitrary<Shape[]> = fc
  .letrec<{ chain: Unnamed[] }>((tie) => ({
    chain: fc.array(
      fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constant<Unnamed>({}),
        tie('chain').map((body): Unnamed => ({ body })),
      ),
      { minLength: 1, maxLength: 3, depthIdentifier: 'chain' },
    ),
  }))
  .chain.map((chain) => {
    let count = 0;
    const named = (steps: Unnamed[]): Shape[] =>
      steps.map((step) => ({
        name: `step_${String(++count)}`,
        ...(step.body ? { body: named(step.body) } : {}),
      }));
    return named(chain);
  });

/**
 * Runs `chain` as the engine's loop step does: a step may be skipped (no record); a loop runs
 * 0 to 3 iterations, each with its own records, and reports its record after theirs. Returns
 * the engine's nested records and its `step.finished` events in order.
 */
function run(chain: Shape[], choices: number[]): { result: StepOutputs; events: Finished[] } {
  let turn = 0;
  const next = () => choices[turn++ % choices.length]!;
  const events: Finished[] = [];
  const walk = (steps: Shape[], path: StepPath, records: StepOutputs) => {
    for (const step of steps) {
      if (next() === 0) continue;
      let record: StepOutput;
      if (step.body) {
        const output: LoopOutput = { index: 0, iterations: [] };
        for (let index = 0, count = next(); index < count; index++) {
          const iteration: StepOutputs = {};
          output.iterations.push(iteration);
          output.item = index * 10;
          output.index = index + 1;
          walk(step.body, [...path, { loopName: step.name, iteration: index }], iteration);
        }
        record = { type: 'LOOP_ON_ITEMS', status: 'SUCCEEDED', input: {}, output, duration: 1 };
      } else {
        record = {
          type: 'CODE',
          status: 'SUCCEEDED',
          input: {},
          output: formatStepPath(step.name, path),
          duration: 1,
        };
      }
      records[step.name] = record;
      events.push({ stepName: step.name, path, record });
    }
  };
  const result: StepOutputs = {};
  walk(chain, [], result);
  return { result, events };
}

/** Files full records, as a worker's progress does. */
function filedFromEvents(events: readonly Finished[]): StepOutputs {
  const filed = new FiledRecords();
  for (const { stepName, path, record } of events) filed.file({ stepName, path }, record);
  return filed.records;
}

/** Stores each record at its place, in order of arrival, and assembles the rows, as the server does. */
function assembledFromRows(events: readonly Finished[]): StepOutputs {
  return assembleSteps(
    events.map(({ stepName, path, record }) => ({
      path: formatStepPath(stepName, path),
      record: structuredClone(storedRecord(record)),
    })),
  );
}

const runs = fc.tuple(chains, fc.array(fc.nat(3), { minLength: 1, maxLength: 40 }));

describe('loop records, for random nested loop runs', () => {
  it("filing each finished step's record, or assembling the stored rows, gives the engine's records", () => {
    fc.assert(
      fc.property(runs, ([chain, choices]) => {
        const { result, events } = run(chain, choices);
        expect(filedFromEvents(events)).toEqual(result);
        expect(assembledFromRows(events)).toEqual(result);
      }),
    );
  });

  it('a run stopped anywhere reads the same from events and from rows, each loop index counting its iterations', () => {
    fc.assert(
      fc.property(runs, fc.nat(), ([chain, choices], cut) => {
        const { events } = run(chain, choices);
        const stopped = events.slice(0, cut % (events.length + 1));
        const filed = filedFromEvents(stopped);
        expect(assembledFromRows(stopped)).toEqual(filed);
        forEachRecord(filed, (_, record) => {
          const output = record.output as LoopOutput;
          if (record.type === 'LOOP_ON_ITEMS') expect(output.index).toBe(output.iterations.length);
        });
      }),
    );
  });

  it('a step path reads back as it was written', () => {
    const paths = fc.array(fc.record({ loopName: stepName, iteration: fc.nat() }), { maxLength: 4 });
    fc.assert(
      fc.property(stepName, paths, (name, path) => {
        expect(parseStepPath(formatStepPath(name, path))).toEqual({ stepName: name, path });
      }),
    );
  });
});
