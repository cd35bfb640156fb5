import { describe, expect, it } from 'vitest';
import type { StepOutput, StepOutputs } from '../step-output';
import { assembleSteps, FiledRecords } from './filed-records';
import { storedRecord } from './loop-output';

const code = (output: unknown, status: StepOutput['status'] = 'SUCCEEDED'): StepOutput => ({
  type: 'CODE',
  status,
  input: {},
  output,
  duration: 1,
});
const loopRecord = (iterations: number, index = iterations): StepOutput => ({
  type: 'LOOP_ON_ITEMS',
  status: 'SUCCEEDED',
  input: { items: [] },
  output: { item: 'last', index, iterations: Array.from({ length: iterations }, () => ({})) },
  duration: 1,
});
const rows = (...entries: [string, StepOutput][]) => entries.map(([path, record]) => ({ path, record }));
const inLoop = (iteration: number) => [{ loopName: 'loop', iteration }];

describe('assembleSteps', () => {
  it('nests loop iterations under their loop, keeping the order of arrival', () => {
    const steps = assembleSteps(
      rows(
        ['step_1', code('a')],
        ['step_2[0].step_3', code(0)],
        ['step_2[1].step_3', code(1)],
        ['step_2', loopRecord(2)],
        ['step_4', code('b')],
      ),
    );
    expect(Object.keys(steps)).toEqual(['step_1', 'step_2', 'step_4']);
    expect(steps['step_2']).toEqual({
      ...loopRecord(2),
      output: { item: 'last', index: 2, iterations: [{ step_3: code(0) }, { step_3: code(1) }] },
    });
  });

  it('keeps empty iterations (every body step skipped) and nested loops', () => {
    const steps = assembleSteps(
      rows(
        ['step_1[0].step_2[0].step_3', code('x')],
        ['step_1[0].step_2', loopRecord(1)],
        ['step_1', loopRecord(2)],
      ),
    );
    expect(steps['step_1']!.output).toEqual({
      item: 'last',
      index: 2,
      iterations: [
        {
          step_2: {
            ...loopRecord(1),
            output: { item: 'last', index: 1, iterations: [{ step_3: code('x') }] },
          },
        },
        {},
      ],
    });
  });

  it('gives a loop without its own record yet (the run stopped inside it) a RUNNING record', () => {
    const steps = assembleSteps(rows(['step_1[0].step_2', code(1)], ['step_1[1].step_2', code(2, 'FAILED')]));
    expect(steps['step_1']).toEqual({
      type: 'LOOP_ON_ITEMS',
      status: 'RUNNING',
      input: {},
      output: { index: 2, iterations: [{ step_2: code(1) }, { step_2: code(2, 'FAILED') }] },
      duration: 0,
    });
  });

  it('adds iterations recorded after the loop record (a resumed loop)', () => {
    const steps = assembleSteps(
      rows(['step_1[0].step_2', code(1)], ['step_1', loopRecord(2)], ['step_1[1].step_2', code(2)]),
    );
    expect((steps['step_1']!.output as { iterations: unknown[] }).iterations).toEqual([
      { step_2: code(1) },
      { step_2: code(2) },
    ]);
  });

  it('storedRecord keeps only the number of iterations of a loop, and other records as they are', () => {
    const full: StepOutput = {
      ...loopRecord(0),
      output: { index: 2, iterations: [{ step_2: code(1) }, {}] },
    };
    expect(storedRecord(full).output).toEqual({ index: 2, iterations: [{}, {}] });
    expect(storedRecord(code(1))).toEqual(code(1));
  });

  it('does not change the rows it reads', () => {
    const stored = rows(
      ['step_1', loopRecord(1)],
      ['step_1[0].step_2', code(1)],
      ['step_1[1].step_2', code(2)],
    );
    const before = structuredClone(stored);
    assembleSteps(stored);
    expect(stored).toEqual(before);
  });
});

describe('a loop index', () => {
  // The rows of a run paused in iteration 0 and resumed: the loop's PAUSED row keeps its place
  // (and its record) until the loop finishes, while the records of iteration 1 come after it.
  const pausedLoop: StepOutput = {
    ...loopRecord(1),
    status: 'PAUSED',
    output: { item: 1, index: 1, iterations: [{}] },
  };

  it('moves on with a resumed loop whatever its saved status, as the engine counts it', () => {
    const steps = assembleSteps(
      rows(['step_1[0].step_2', code(1)], ['step_1', pausedLoop], ['step_1[1].step_2', code(2)]),
    );
    expect(steps['step_1']!.output).toMatchObject({
      index: 2,
      iterations: [{ step_2: code(1) }, { step_2: code(2) }],
    });
  });

  it('does not move on a finished loop', () => {
    const steps = assembleSteps(
      rows(['step_1[0].step_2', code(1)], ['step_1[2].step_2', code(3)], ['step_1', loopRecord(3, 3)]),
    );
    expect(steps['step_1']!.output).toMatchObject({ index: 3 });
    const resumed = assembleSteps(rows(['step_1', loopRecord(3, 3)], ['step_1[0].step_2', code(1)]));
    expect(resumed['step_1']!.output).toMatchObject({ index: 3 });
  });
});

describe('FiledRecords', () => {
  it('files records, loop iterations under a RUNNING loop until the loop record replaces it', () => {
    const trigger = code({ p: 1 });
    const filed = new FiledRecords({ trigger });
    filed.file({ stepName: 'a', path: [] }, code('A'));
    filed.file({ stepName: 'each', path: inLoop(0) }, code(0));
    filed.file({ stepName: 'each', path: inLoop(1) }, code(1));
    expect(filed.records).toEqual({
      trigger,
      a: code('A'),
      loop: {
        type: 'LOOP_ON_ITEMS',
        status: 'RUNNING',
        input: {},
        output: { index: 2, iterations: [{ each: code(0) }, { each: code(1) }] },
        duration: 0,
      },
    });
    const loop = loopRecord(0, 2);
    filed.file({ stepName: 'loop', path: [] }, loop);
    expect(filed.records.loop).toBe(loop);
  });

  it("continues a resumed run's saved records without changing them", () => {
    const saved: StepOutputs = {
      trigger: code({}),
      loop: {
        type: 'LOOP_ON_ITEMS',
        status: 'PAUSED',
        input: {},
        output: { index: 1, iterations: [{ each: code(0, 'PAUSED') }] },
        duration: 1,
      },
    };
    const before = structuredClone(saved);
    const filed = new FiledRecords(saved);
    filed.file({ stepName: 'each', path: inLoop(0) }, code(0));
    filed.file({ stepName: 'each', path: inLoop(1) }, code(1));
    expect(saved).toEqual(before);
    expect(filed.records.loop!.output).toEqual({
      index: 2,
      iterations: [{ each: code(0) }, { each: code(1) }],
    });
  });

  it('replaces a loop record that holds no iterations (its items did not resolve) with a RUNNING one', () => {
    const failedLoop: StepOutput = { type: 'LOOP_ON_ITEMS', status: 'FAILED', input: {}, duration: 1 };
    const filed = new FiledRecords({ loop: failedLoop });
    filed.file({ stepName: 'each', path: inLoop(0) }, code(0));
    expect(filed.records.loop).toMatchObject({
      status: 'RUNNING',
      output: { index: 1, iterations: [{ each: code(0) }] },
    });
  });
});
