import { describe, expect, it } from 'vitest';
import { formatStepPath, parseStepPath } from './step-path';

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
