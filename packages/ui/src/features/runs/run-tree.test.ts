import type { FlowVersion, Step, StepOutput, StepOutputs } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { buildRunTree, defaultSelection, flattenRunTree, type RunTreeStep } from './run-tree';

function code(name: string, nextAction?: Step): Step {
  return {
    name,
    displayName: `Code ${name}`,
    type: 'CODE',
    valid: true,
    settings: { sourceCode: { code: '', packageJson: '{}' }, input: {} },
    nextAction,
  };
}

function loop(name: string, body: Step | undefined, nextAction?: Step): Step {
  return {
    name,
    displayName: `Loop ${name}`,
    type: 'LOOP_ON_ITEMS',
    valid: true,
    settings: { items: '{{trigger}}' },
    firstLoopAction: body,
    nextAction,
  };
}

function router(name: string, children: (Step | null)[], nextAction?: Step): Step {
  return {
    name,
    displayName: `Router ${name}`,
    type: 'ROUTER',
    valid: true,
    settings: {
      executionType: 'EXECUTE_ALL_MATCH',
      branches: [
        { branchType: 'CONDITION', branchName: 'Yes', conditions: [[]] },
        { branchType: 'FALLBACK', branchName: 'Otherwise' },
      ],
    },
    children,
    nextAction,
  };
}

function version(first: Step): Pick<FlowVersion, 'trigger'> {
  return {
    trigger: {
      name: 'trigger',
      displayName: 'Webhook',
      type: 'EMPTY',
      valid: true,
      settings: {},
      nextAction: first,
    },
  };
}

function record(
  status: StepOutput['status'],
  type: StepOutput['type'] = 'CODE',
  output?: unknown,
): StepOutput {
  return { type, status, input: {}, output, duration: 5 };
}

function loopRecord(status: StepOutput['status'], iterations: StepOutputs[]): StepOutput {
  return record(status, 'LOOP_ON_ITEMS', { index: iterations.length, iterations });
}

/** The tree as indented lines: `key status [i/n]`, nested groups indented with their label. */
function outline(tree: readonly RunTreeStep[], depth = 0): string[] {
  const pad = '  '.repeat(depth);
  return tree.flatMap((step) => [
    `${pad}${step.key} ${step.record.status}${step.loop ? ` [${String(step.loop.shown + 1)}/${String(step.loop.count)}]` : ''}`,
    ...step.groups.flatMap((group) => [
      ...(group.label === undefined ? [] : [`${pad}  (${group.label})`]),
      ...outline(group.steps, depth + 2),
    ]),
  ]);
}

describe('buildRunTree', () => {
  it('puts router branch steps under the branch that ran them and leaves out steps that did not run', () => {
    const flow = version(router('router', [code('yes_1'), code('no_1')], code('after', code('skipped'))));
    const records: StepOutputs = {
      trigger: record('SUCCEEDED', 'PIECE_TRIGGER'),
      router: record('SUCCEEDED', 'ROUTER'),
      yes_1: record('SUCCEEDED'),
      after: record('SUCCEEDED'),
    };
    expect(outline(buildRunTree(flow, records))).toEqual([
      'trigger SUCCEEDED',
      'router SUCCEEDED',
      '  (Yes)',
      '    yes_1 SUCCEEDED',
      'after SUCCEEDED',
    ]);
  });

  it('shows one loop iteration at a time: the first by default, the chosen one when asked', () => {
    const flow = version(loop('loop', code('body')));
    const records: StepOutputs = {
      trigger: record('SUCCEEDED', 'PIECE_TRIGGER'),
      loop: loopRecord('SUCCEEDED', [
        { body: record('SUCCEEDED', 'CODE', 1) },
        { body: record('SUCCEEDED', 'CODE', 2) },
        { body: record('SUCCEEDED', 'CODE', 3) },
      ]),
    };
    expect(outline(buildRunTree(flow, records))).toEqual([
      'trigger SUCCEEDED',
      'loop SUCCEEDED [1/3]',
      '    loop[0].body SUCCEEDED',
    ]);
    const chosen = buildRunTree(flow, records, (key) => (key === 'loop' ? 2 : undefined));
    expect(outline(chosen)).toContain('    loop[2].body SUCCEEDED');
    expect(flattenRunTree(chosen).find((step) => step.name === 'body')?.record.output).toBe(3);
  });

  it('opens a failed loop at its last iteration and selects the failed body step by default', () => {
    const flow = version(loop('outer', loop('inner', code('body'))));
    const records: StepOutputs = {
      trigger: record('SUCCEEDED', 'PIECE_TRIGGER'),
      outer: loopRecord('FAILED', [
        { inner: loopRecord('SUCCEEDED', [{ body: record('SUCCEEDED') }]) },
        { inner: loopRecord('FAILED', [{ body: record('SUCCEEDED') }, { body: record('FAILED') }]) },
      ]),
    };
    const tree = buildRunTree(flow, records);
    expect(outline(tree)).toEqual([
      'trigger SUCCEEDED',
      'outer FAILED [2/2]',
      '    outer[1].inner FAILED [2/2]',
      '        outer[1].inner[1].body FAILED',
    ]);
    expect(defaultSelection(tree)?.key).toBe('outer[1].inner[1].body');
  });

  it('lists the records in run order when there is no version to shape them', () => {
    const records: StepOutputs = {
      trigger: record('SUCCEEDED', 'PIECE_TRIGGER'),
      step_2: record('SUCCEEDED'),
      loop: loopRecord('SUCCEEDED', [{ step_3: record('SUCCEEDED') }]),
    };
    expect(outline(buildRunTree(undefined, records))).toEqual([
      'trigger SUCCEEDED',
      'step_2 SUCCEEDED',
      'loop SUCCEEDED [1/1]',
      '    loop[0].step_3 SUCCEEDED',
    ]);
    expect(defaultSelection(buildRunTree(undefined, records))?.key).toBe('trigger');
  });
});
