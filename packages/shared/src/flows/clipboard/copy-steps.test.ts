import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../../common/errors';
import { CURRENT_SCHEMA_VERSION } from '../flow-version';
import { code, flow, loop, router, textIs } from '../../testing';
import { CopiedStepsClipboard } from './clipboard-format';
import { copySteps } from './copy-steps';

const version = flow(
  code('step_1', 'return 1;'),
  loop('step_2', "{{step_1['output']}}", [code('step_3', 'return 3;', { x: "{{step_1['output']}}" })]),
  router('step_4', 'EXECUTE_FIRST_MATCH', [
    { conditions: [[textIs('a', 'a')]], steps: [code('step_5', 'return 5;')] },
    { fallback: [] },
  ]),
  code('step_6', 'return 6;'),
);

function copied(names: string[]) {
  return CopiedStepsClipboard.parse(JSON.parse(copySteps(version, names)));
}

describe('copySteps', () => {
  it("writes Activepieces' COPY_ACTIONS object with the steps in flow order and without nextAction", () => {
    const clipboard = copied(['step_6', 'step_1']);
    expect(clipboard.type).toBe('COPY_ACTIONS');
    expect(clipboard.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(clipboard.actions.map((step) => step.name)).toEqual(['step_1', 'step_6']);
    expect(clipboard.actions.every((step) => step.nextAction === undefined)).toBe(true);
  });

  it('carries loop bodies and router branches, and drops steps already inside a copied step', () => {
    const clipboard = copied(['step_3', 'step_2', 'step_4']);
    expect(clipboard.actions.map((step) => step.name)).toEqual(['step_2', 'step_4']);
    const [loopCopy, routerCopy] = clipboard.actions;
    expect(loopCopy?.type === 'LOOP_ON_ITEMS' && loopCopy.firstLoopAction?.name).toBe('step_3');
    expect(routerCopy?.type === 'ROUTER' && routerCopy.children.map((child) => child?.name ?? null)).toEqual([
      'step_5',
      null,
    ]);
  });

  it('ignores the trigger and refuses unknown names', () => {
    expect(copied(['trigger', 'step_1']).actions.map((step) => step.name)).toEqual(['step_1']);
    let thrown: unknown;
    try {
      copySteps(version, ['step_1', 'step_99']);
    } catch (error) {
      thrown = error;
    }
    expect(isPieceworkError(thrown, 'FLOW_OPERATION_INVALID')).toBe(true);
    expect((thrown as { params: { stepNames: string[] } }).params.stepNames).toEqual(['step_99']);
  });
});
