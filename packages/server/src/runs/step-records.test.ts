import { describe, expect, it } from 'vitest';
import type { StepOutput } from '@piecework/shared';
import { assembleSteps, formatStepPath, parseStepPath, storedRecord } from './step-records';

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

describe('step paths', () => {
  it.each([
    ['step_2', [], 'step_2'],
    ['step_1[0].step_2', [{ loopName: 'step_1', iteration: 0 }], 'step_2'],
    [
      'step_1[3].step_4[12].step_5',
      [
        { loopName: 'step_1', iteration: 3 },
        { loopName: 'step_4', iteration: 12 },
      ],
      'step_5',
    ],
  ])('%s', (text, path, stepName) => {
    expect(formatStepPath(stepName, path)).toBe(text);
    expect(parseStepPath(text)).toEqual({ path, stepName });
  });

  it('refuses a malformed path', () => {
    expect(() => parseStepPath('step_1.step_2')).toThrow("Malformed step path 'step_1.step_2'");
  });
});

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
});
