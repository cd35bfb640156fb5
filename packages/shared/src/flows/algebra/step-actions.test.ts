import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../../common/errors';
import type { FlowOperation } from '../operations';
import { FlowVersion } from '../flow-version';
import { findStep } from './walk';
import {
  add,
  apply,
  codeStep,
  deepFreeze,
  emptyDraft,
  LATER,
  loopStep,
  outline,
  pieceStep,
  routerStep,
  type Outline,
} from '../../testing';
import { applyFlowVersionOperation } from './apply-operation';

/** trigger -> step_1 -> loop step_2 {step_3} -> router step_4 [[step_5], []] -> step_6 */
function sampleFlow() {
  return apply(
    emptyDraft(),
    add('trigger', codeStep('step_1')),
    add('step_1', loopStep('step_2')),
    add('step_2', codeStep('step_3'), 'INSIDE_LOOP'),
    add('step_2', routerStep('step_4'), 'AFTER'),
    add('step_4', codeStep('step_5'), 'INSIDE_BRANCH', 0),
    add('step_4', codeStep('step_6'), 'AFTER'),
  );
}

function expectOperationError(run: () => unknown, message: RegExp) {
  try {
    run();
  } catch (error) {
    expect(isPieceworkError(error, 'FLOW_OPERATION_INVALID')).toBe(true);
    expect((error as Error).message).toMatch(message);
    return;
  }
  throw new Error('expected FLOW_OPERATION_INVALID');
}

describe('the sample flow', () => {
  it('is built by ADD_ACTION exactly where each step was put', () => {
    expect(outline(sampleFlow())).toEqual([
      'step_1',
      { step_2: ['step_3'] },
      { step_4: [['step_5'], []] },
      'step_6',
    ]);
  });
});

describe('ADD_ACTION', () => {
  it.each<[string, FlowOperation, Outline]>([
    [
      'after the trigger goes first',
      add('trigger', codeStep('step_9')),
      ['step_9', 'step_1', { step_2: ['step_3'] }, { step_4: [['step_5'], []] }, 'step_6'],
    ],
    [
      'after a step goes directly after it',
      add('step_1', codeStep('step_9')),
      ['step_1', 'step_9', { step_2: ['step_3'] }, { step_4: [['step_5'], []] }, 'step_6'],
    ],
    [
      'after a loop goes after the loop, not inside',
      add('step_2', codeStep('step_9'), 'AFTER'),
      ['step_1', { step_2: ['step_3'] }, 'step_9', { step_4: [['step_5'], []] }, 'step_6'],
    ],
    [
      'inside a loop becomes the head of its body',
      add('step_2', codeStep('step_9'), 'INSIDE_LOOP'),
      ['step_1', { step_2: ['step_9', 'step_3'] }, { step_4: [['step_5'], []] }, 'step_6'],
    ],
    [
      'inside a branch becomes its head',
      add('step_4', codeStep('step_9'), 'INSIDE_BRANCH', 0),
      ['step_1', { step_2: ['step_3'] }, { step_4: [['step_9', 'step_5'], []] }, 'step_6'],
    ],
    [
      'inside an empty branch',
      add('step_4', codeStep('step_9'), 'INSIDE_BRANCH', 1),
      ['step_1', { step_2: ['step_3'] }, { step_4: [['step_5'], ['step_9']] }, 'step_6'],
    ],
    [
      'after a step inside a loop stays in the body',
      add('step_3', codeStep('step_9')),
      ['step_1', { step_2: ['step_3', 'step_9'] }, { step_4: [['step_5'], []] }, 'step_6'],
    ],
    [
      'a new router gets a null child per branch',
      add('step_6', routerStep('step_9', 2)),
      ['step_1', { step_2: ['step_3'] }, { step_4: [['step_5'], []] }, 'step_6', { step_9: [[], [], []] }],
    ],
    [
      'a new loop gets an empty body',
      add('step_5', loopStep('step_9')),
      ['step_1', { step_2: ['step_3'] }, { step_4: [['step_5', { step_9: [] }], []] }, 'step_6'],
    ],
  ])('%s', (_, operation, expected) => {
    expect(outline(apply(sampleFlow(), operation))).toEqual(expected);
  });

  it.each<[string, FlowOperation, RegExp]>([
    ['unknown parent', add('step_77', codeStep('step_9')), /parent step 'step_77' does not exist/],
    ['a name already used', add('step_1', codeStep('step_3')), /'step_3' already exists/],
    [
      'a loop parent without a location',
      add('step_2', codeStep('step_9')),
      /needs stepLocationRelativeToParent/,
    ],
    [
      'a router parent without a location',
      add('step_4', codeStep('step_9')),
      /needs stepLocationRelativeToParent/,
    ],
    [
      'INSIDE_LOOP of a code step',
      add('step_1', codeStep('step_9'), 'INSIDE_LOOP'),
      /INSIDE_LOOP needs a LOOP_ON_ITEMS parent/,
    ],
    [
      'INSIDE_BRANCH of a loop',
      add('step_2', codeStep('step_9'), 'INSIDE_BRANCH', 0),
      /INSIDE_BRANCH needs a ROUTER parent/,
    ],
    ['INSIDE_BRANCH out of range', add('step_4', codeStep('step_9'), 'INSIDE_BRANCH', 2), /has no branch 2/],
    [
      'INSIDE_BRANCH without an index',
      add('step_4', codeStep('step_9'), 'INSIDE_BRANCH'),
      /has no branch undefined/,
    ],
    [
      'INSIDE_LOOP of the trigger',
      add('trigger', codeStep('step_9'), 'INSIDE_LOOP'),
      /only go AFTER the trigger/,
    ],
  ])('refuses %s', (_, operation, message) => {
    expectOperationError(() => apply(sampleFlow(), operation), message);
  });

  it('stores the piece version exact and stamps lastUpdatedDate', () => {
    const version = applyFlowVersionOperation(
      emptyDraft(),
      add('trigger', pieceStep('step_1', '^0.3.1')) as never,
      { now: LATER },
    );
    const step = findStep(version, 'step_1');
    expect(step).toMatchObject({ settings: { pieceVersion: '0.3.1' }, lastUpdatedDate: LATER });
  });

  it('never mutates its input', () => {
    const input = deepFreeze(sampleFlow());
    const before = structuredClone(input);
    apply(
      input,
      add('step_2', codeStep('step_9'), 'INSIDE_LOOP'),
      add('step_4', codeStep('step_10'), 'INSIDE_BRANCH', 1),
    );
    expect(input).toEqual(before);
  });
});

describe('UPDATE_ACTION', () => {
  const update = (request: FlowOperation['request']): FlowOperation =>
    ({ type: 'UPDATE_ACTION', request }) as FlowOperation;

  it('replaces settings and display name but keeps links, and ignores sample data and lastUpdatedDate', () => {
    const withSample = apply(sampleFlow(), {
      type: 'UPDATE_SAMPLE_DATA_INFO',
      request: { stepName: 'step_2', sampleDataSettings: { sampleDataFileId: 'file1' } },
    });
    const request = {
      ...loopStep('step_2', '{{step_1}}'),
      displayName: 'Renamed',
      lastUpdatedDate: 'x',
      settings: { items: '{{step_1}}', sampleData: { sampleDataFileId: 'other' } },
    };
    const version = apply(withSample, update(request));
    expect(outline(version)).toEqual(outline(sampleFlow()));
    expect(findStep(version, 'step_2')).toMatchObject({
      displayName: 'Renamed',
      settings: { items: '{{step_1}}', sampleData: { sampleDataFileId: 'file1' } },
      lastUpdatedDate: expect.not.stringMatching(/^x$/),
    });
  });

  it('changing a loop into a code step drops its body', () => {
    expect(outline(apply(sampleFlow(), update(codeStep('step_2'))))).toEqual([
      'step_1',
      'step_2',
      { step_4: [['step_5'], []] },
      'step_6',
    ]);
  });

  it('changing a router into a loop drops its children', () => {
    expect(outline(apply(sampleFlow(), update(loopStep('step_4'))))).toEqual([
      'step_1',
      { step_2: ['step_3'] },
      { step_4: [] },
      'step_6',
    ]);
  });

  it('marks the step invalid when its settings are incomplete, whatever the client said', () => {
    const version = apply(
      sampleFlow(),
      update({
        ...codeStep('step_1'),
        settings: { sourceCode: { code: '  ', packageJson: '{}' }, input: {} },
      }),
    );
    expect(findStep(version, 'step_1')?.valid).toBe(false);
    expect(version.valid).toBe(false);
  });

  it.each<[string, FlowOperation['request'], RegExp]>([
    ['an unknown step', codeStep('step_99'), /'step_99' does not exist/],
    ['the trigger', codeStep('trigger'), /'trigger' does not exist/],
    ['a router whose branch count changes', routerStep('step_4', 3), /cannot change that to 4/],
  ])('refuses %s', (_, request, message) => {
    expectOperationError(() => apply(sampleFlow(), update(request)), message);
  });
});

describe('DELETE_ACTION', () => {
  it.each<[string, string[], Outline]>([
    [
      'a plain step links its successor to its predecessor',
      ['step_1'],
      [{ step_2: ['step_3'] }, { step_4: [['step_5'], []] }, 'step_6'],
    ],
    ['a loop head goes with its body', ['step_2'], ['step_1', { step_4: [['step_5'], []] }, 'step_6']],
    ['a router goes with its children', ['step_4'], ['step_1', { step_2: ['step_3'] }, 'step_6']],
    [
      'a step inside a branch',
      ['step_5'],
      ['step_1', { step_2: ['step_3'] }, { step_4: [[], []] }, 'step_6'],
    ],
    [
      'several at once, including one already inside a deleted loop',
      ['step_2', 'step_3', 'step_6'],
      ['step_1', { step_4: [['step_5'], []] }],
    ],
    [
      'unknown names change nothing',
      ['step_42'],
      ['step_1', { step_2: ['step_3'] }, { step_4: [['step_5'], []] }, 'step_6'],
    ],
  ])('%s', (_, names, expected) => {
    expect(outline(apply(sampleFlow(), { type: 'DELETE_ACTION', request: { names } }))).toEqual(expected);
  });

  it('refuses to delete the trigger', () => {
    expectOperationError(
      () => apply(sampleFlow(), { type: 'DELETE_ACTION', request: { names: ['trigger'] } }),
      /trigger cannot be deleted/,
    );
  });
});

describe('MOVE_ACTION', () => {
  const move = (
    name: string,
    newParentStep: string,
    location?: 'AFTER' | 'INSIDE_LOOP' | 'INSIDE_BRANCH',
    branchIndex?: number,
  ): FlowOperation => ({
    type: 'MOVE_ACTION',
    request: { name, newParentStep, stepLocationRelativeToNewParent: location, branchIndex },
  });

  it.each<[string, FlowOperation, Outline]>([
    [
      'a loop with its body into a branch',
      move('step_2', 'step_4', 'INSIDE_BRANCH', 1),
      ['step_1', { step_4: [['step_5'], [{ step_2: ['step_3'] }]] }, 'step_6'],
    ],
    [
      'a step out of a loop to the top',
      move('step_3', 'trigger'),
      ['step_3', 'step_1', { step_2: [] }, { step_4: [['step_5'], []] }, 'step_6'],
    ],
    [
      'a router with its children into a loop',
      move('step_4', 'step_2', 'INSIDE_LOOP'),
      ['step_1', { step_2: [{ step_4: [['step_5'], []] }, 'step_3'] }, 'step_6'],
    ],
    [
      'the last step after the first',
      move('step_6', 'step_1'),
      ['step_1', 'step_6', { step_2: ['step_3'] }, { step_4: [['step_5'], []] }],
    ],
  ])('%s', (_, operation, expected) => {
    const version = apply(sampleFlow(), operation);
    expect(outline(version)).toEqual(expected);
    expect(FlowVersion.safeParse(version).success).toBe(true);
  });

  it.each<[string, FlowOperation, RegExp]>([
    ['an unknown step', move('step_99', 'step_1'), /'step_99' does not exist/],
    ['an unknown parent', move('step_1', 'step_99'), /'step_99' does not exist/],
    ['a loop into its own body', move('step_2', 'step_3'), /itself or inside it/],
    ['a step relative to itself', move('step_1', 'step_1'), /itself or inside it/],
  ])('refuses %s, changing nothing', (_, operation, message) => {
    const input = deepFreeze(sampleFlow());
    expectOperationError(() => apply(input, operation), message);
  });
});

describe('SET_SKIP_ACTION', () => {
  it('sets and clears skip on the named steps', () => {
    const skipped = apply(sampleFlow(), {
      type: 'SET_SKIP_ACTION',
      request: { names: ['step_1', 'step_5'], skip: true },
    });
    expect(
      [findStep(skipped, 'step_1'), findStep(skipped, 'step_5')].map((s) => (s as { skip?: boolean }).skip),
    ).toEqual([true, true]);
    const cleared = apply(skipped, { type: 'SET_SKIP_ACTION', request: { names: ['step_1'], skip: false } });
    expect((findStep(cleared, 'step_1') as { skip?: boolean }).skip).toBe(false);
  });

  it('refuses an unknown name', () => {
    expectOperationError(
      () => apply(sampleFlow(), { type: 'SET_SKIP_ACTION', request: { names: ['nope'], skip: true } }),
      /'nope' does not exist/,
    );
  });
});
