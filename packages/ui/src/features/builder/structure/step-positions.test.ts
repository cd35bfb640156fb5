import { describe, expect, it } from 'vitest';
import { insertionKey } from './insertion';
import { chainEnds, moveChoices, neighbourMoves } from './step-positions';
import { code, flowOf, loop, router } from './test-flows';

// trigger -> step_1 -> step_2 (router: [step_3, step_4] | []) -> step_5 (loop: [step_6]) -> step_7
const flow = flowOf(
  code('step_1'),
  router('step_2', [[code('step_3'), code('step_4')], []]),
  loop('step_5', [code('step_6')]),
  code('step_7'),
);
const keys = (choices: { insertion: Parameters<typeof insertionKey>[0] }[]) =>
  choices.map((choice) => insertionKey(choice.insertion));

describe('moveChoices', () => {
  it('offers every place outside the step but where it already is, in reading order', () => {
    expect(keys(moveChoices(flow, 'step_2'))).toEqual([
      'trigger:AFTER',
      'step_5:AFTER',
      'step_7:AFTER',
      'step_5:INSIDE_LOOP',
      'step_6:AFTER',
    ]);
  });

  it('labels each place in words', () => {
    expect(moveChoices(flow, 'step_7').map((choice) => choice.label)).toContain(
      'first in branch “Otherwise” of step_2',
    );
  });

  it('offers nothing for a step that is not there', () => {
    expect(moveChoices(flow, 'step_99')).toEqual([]);
  });
});

describe('neighbourMoves', () => {
  it.each([
    ['the first step of the main chain only goes down', 'step_1', undefined, 'step_2:AFTER'],
    ['the second step goes up to the head of its chain', 'step_2', 'trigger:AFTER', 'step_5:AFTER'],
    ['a branch step goes up to the head of its branch', 'step_4', 'step_2:INSIDE_BRANCH:0', undefined],
    ['the only step of a loop goes nowhere', 'step_6', undefined, undefined],
  ])('%s', (_, name, up, down) => {
    const moves = neighbourMoves(flow, name);
    expect([moves.up && insertionKey(moves.up), moves.down && insertionKey(moves.down)]).toEqual([up, down]);
  });
});

describe('chainEnds', () => {
  it('marks the first and last step of every chain', () => {
    expect(Object.fromEntries(chainEnds(flow))).toEqual({
      step_1: { first: true, last: false },
      step_2: { first: false, last: false },
      step_3: { first: true, last: false },
      step_4: { first: false, last: true },
      step_5: { first: false, last: false },
      step_6: { first: true, last: true },
      step_7: { first: false, last: true },
    });
  });
});
