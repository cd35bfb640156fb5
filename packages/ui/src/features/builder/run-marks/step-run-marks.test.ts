import { flow } from '@piecework/shared/testing';
import { describe, expect, it } from 'vitest';
import { createStepRunMarks } from './step-run-marks';

describe('createStepRunMarks', () => {
  it('keeps the statuses for a new read of the same draft, and clears them after an edit', () => {
    const marks = createStepRunMarks();
    let changes = 0;
    marks.subscribe(() => changes++);
    const draft = { ...flow(), id: 'v1', updated: '2026-01-01T00:00:00.000Z' };
    marks.show({ step_1: 'failed' }, draft);
    marks.forgetUnless({ ...draft });
    expect(marks.statusOf('step_1')).toBe('failed');
    marks.forgetUnless({ ...draft, updated: '2026-01-01T00:00:01.000Z' });
    expect(marks.statusOf('step_1')).toBeUndefined();
    expect(changes).toBe(2);
  });
});
