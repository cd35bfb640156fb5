/**
 * The drop targets of a dragged step: never inside the step itself, a loop offers its body, each
 * router branch offers its head, the target under a point is the nearest "+" within reach, and
 * for random flows every offered target is a MOVE_ACTION the flow-version algebra accepts.
 */
import {
  applyFlowVersionOperation,
  getAllSteps,
  type FlowVersionOperation,
  type Step,
} from '@piecework/shared';
import { NOW, randomDraft, seed } from '@piecework/shared/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertionKey, moveActionTo } from '../../structure/insertion';
import { subtreeNames } from '../../structure/step-positions';
import { code, flowOf, loop, router } from '../../structure/test-flows';
import { layoutFlow } from '../layout';
import { dropInsertions, dropTargets, targetAt, type DropTarget } from './drop-targets';

// trigger → step_1 → step_2 (loop: step_3, step_4) → step_5 (router: [step_6], []) → step_7
const trigger = flowOf(
  code('step_1'),
  loop('step_2', [code('step_3'), code('step_4')]),
  router('step_5', [[code('step_6')], []]),
  code('step_7'),
);
const keys = (name: string) => dropInsertions(trigger, name).map(insertionKey);

describe('drop targets', () => {
  it('leaves out the dragged step, everything inside it and where it already is', () => {
    expect(keys('step_2')).toEqual([
      'trigger:AFTER',
      'step_5:AFTER',
      'step_7:AFTER',
      'step_5:INSIDE_BRANCH:0',
      'step_6:AFTER',
      'step_5:INSIDE_BRANCH:1',
    ]);
    expect(keys('step_5')).not.toContain('step_6:AFTER');
    expect(keys('step_5').filter((key) => key.startsWith('step_5'))).toEqual([]);
  });

  it('offers a loop body as INSIDE_LOOP and each router branch as INSIDE_BRANCH with its index', () => {
    expect(dropInsertions(trigger, 'step_7')).toEqual(
      expect.arrayContaining([
        { parentStep: 'step_2', location: 'INSIDE_LOOP' },
        { parentStep: 'step_5', location: 'INSIDE_BRANCH', branchIndex: 0 },
        { parentStep: 'step_5', location: 'INSIDE_BRANCH', branchIndex: 1 },
        { parentStep: 'trigger', location: 'AFTER' },
      ]),
    );
    expect(keys('step_7')).not.toContain('step_5:AFTER');
  });

  it('offers nothing for the trigger or an unknown step', () => {
    expect(dropInsertions(trigger, 'trigger')).toEqual([]);
    expect(dropInsertions(trigger, 'step_99')).toEqual([]);
  });

  it('places each target at the "+" of its edge', () => {
    const layout = layoutFlow(trigger);
    const targets = dropTargets(trigger, layout, 'step_1');
    expect(targets.map((target) => target.key)).toEqual(keys('step_1'));
    for (const target of targets) {
      expect(layout.edges.find((edge) => edge.id === target.key)?.plusAt).toEqual(target.at);
    }
    expect(targets.map((target) => target.label)).toContain('in branch “Otherwise” of step_5');
  });
});

describe('the target under a point', () => {
  const at = (key: string, x: number, y: number): DropTarget => ({
    key,
    insertion: { parentStep: key, location: 'AFTER' },
    at: { x, y },
    label: `after ${key}`,
  });
  const targets = [at('a', 0, 0), at('b', 0, 100), at('c', 200, 100)];

  it('is the nearest "+" within the radius', () => {
    expect(targetAt(targets, { x: 10, y: 80 }, 50)?.key).toBe('b');
    expect(targetAt(targets, { x: 150, y: 100 }, 60)?.key).toBe('c');
    expect(targetAt(targets, { x: 10, y: 40 }, 50)?.key).toBe('a');
  });

  it('is none when every "+" is out of reach', () => {
    expect(targetAt(targets, { x: 100, y: 300 }, 50)).toBeUndefined();
    expect(targetAt([], { x: 0, y: 0 }, 50)).toBeUndefined();
  });
});

describe('drop targets of random flows', () => {
  it('are all accepted by the flow-version algebra as MOVE_ACTION', () => {
    fc.assert(
      fc.property(fc.array(seed, { minLength: 1, maxLength: 30 }), (seeds) => {
        const version = randomDraft(seeds);
        for (const step of getAllSteps(version.trigger).slice(1) as Step[]) {
          const inside = subtreeNames(step);
          for (const insertion of dropInsertions(version.trigger, step.name)) {
            expect(inside.has(insertion.parentStep)).toBe(false);
            const operation = moveActionTo(step.name, insertion) as FlowVersionOperation;
            expect(() => applyFlowVersionOperation(version, operation, { now: NOW })).not.toThrow();
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
