import { describe, expect, it } from 'vitest';
import type { RouterStep } from '../step';
import { findStep, getAllSteps } from './walk';
import { add, apply, codeStep, emptyDraft, loopStep, outline, routerStep } from '../../testing';

describe('DUPLICATE_ACTION', () => {
  it('inserts a copy of a plain step right after it, with the lowest unused name', () => {
    const version = apply(
      emptyDraft(),
      add('trigger', codeStep('step_1')),
      add('step_1', codeStep('step_3')),
      { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } },
    );
    expect(outline(version)).toEqual(['step_1', 'step_2', 'step_3']);
    expect(findStep(version, 'step_2')?.displayName).toBe('Code step_1 Copy');
  });

  it('duplicating a router renames nested steps and rewrites references inside the copy only', () => {
    const original = apply(
      emptyDraft(),
      add('trigger', routerStep('step_1')),
      add('step_1', loopStep('step_2', "{{step_1['output'].branches}}"), 'INSIDE_BRANCH', 0),
      add(
        'step_2',
        codeStep('step_3', {
          item: "{{step_2['output'].item}}",
          text: 'step_2 stays {{ step_3["output"] }}',
        }),
        'INSIDE_LOOP',
      ),
      add('step_1', codeStep('step_4', { after: "{{step_3['output'].x}}" }), 'AFTER'),
    );
    const version = apply(original, { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } });
    expect(outline(version)).toEqual([
      { step_1: [[{ step_2: ['step_3'] }], []] },
      { step_5: [[{ step_6: ['step_7'] }], []] },
      'step_4',
    ]);
    expect(findStep(version, 'step_6')).toMatchObject({
      displayName: 'Loop step_2 Copy',
      settings: { items: "{{step_5['output'].branches}}" },
    });
    expect(findStep(version, 'step_7')).toMatchObject({
      settings: { input: { item: "{{step_6['output'].item}}", text: 'step_2 stays {{ step_7["output"] }}' } },
    });
    expect(findStep(version, 'step_4')).toMatchObject({
      settings: { input: { after: "{{step_3['output'].x}}" } },
    });
    expect(getAllSteps(version.trigger).slice(2, 4)).toEqual(getAllSteps(original.trigger).slice(2, 4));
    expect(findStep(version, 'step_1')?.settings).toEqual(findStep(original, 'step_1')?.settings);
    expect((findStep(version, 'step_5') as RouterStep).children).toHaveLength(2);
  });

  it('resets sample data on the copy', () => {
    const version = apply(
      emptyDraft(),
      add('trigger', codeStep('step_1')),
      {
        type: 'UPDATE_SAMPLE_DATA_INFO',
        request: { stepName: 'step_1', sampleDataSettings: { sampleDataFileId: 'f1' } },
      },
      { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } },
    );
    expect(findStep(version, 'step_1')?.settings).toHaveProperty('sampleData');
    expect(findStep(version, 'step_2')?.settings).not.toHaveProperty('sampleData');
  });

  it('refuses an unknown step', () => {
    expect(() => apply(emptyDraft(), { type: 'DUPLICATE_ACTION', request: { stepName: 'step_1' } })).toThrow(
      /'step_1' does not exist/,
    );
  });
});
