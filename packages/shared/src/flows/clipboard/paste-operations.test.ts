import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../../common/errors';
import { FlowVersion } from '../flow-version';
import type { Step } from '../step';
import { findStep } from '../algebra/walk';
import { add, apply, code, codeStep, emptyDraft, flow, loop, outline, router, textIs } from '../../testing';
import { copySteps } from './copy-steps';
import { LEGACY_EMPTY_PARENT, type PasteTarget } from './clipboard-format';
import { pasteOperations } from './paste-operations';

const source = flow(
  code('step_1', 'return 1;'),
  loop('step_2', "{{step_1['output']}}", [
    code('step_3', 'return 3;', { item: "{{step_2['item']}}", first: "{{step_1['output']}}" }),
  ]),
  router('step_4', 'EXECUTE_FIRST_MATCH', [
    { conditions: [[textIs("{{step_3['output']}}", 'a')]], steps: [code('step_5', 'return 5;')] },
    { fallback: [code('step_6', 'return 6;')] },
  ]),
);

const afterTrigger: PasteTarget = { parentStep: 'trigger', stepLocationRelativeToParent: 'AFTER' };

function paste(target: FlowVersion, text: string, at = afterTrigger): FlowVersion {
  return apply(target, ...pasteOperations(target, text, at));
}

function step(version: FlowVersion, name: string): Step {
  return findStep(version, name) as Step;
}

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('pasteOperations', () => {
  it('keeps free names and pastes bodies with INSIDE_LOOP and INSIDE_BRANCH adds', () => {
    const text = copySteps(source, ['step_2', 'step_4']);
    const operations = pasteOperations(emptyDraft(), text, afterTrigger);
    expect(
      operations.map(({ request }) => [
        request.action.name,
        request.parentStep,
        request.stepLocationRelativeToParent,
        request.branchIndex,
      ]),
    ).toEqual([
      ['step_2', 'trigger', 'AFTER', undefined],
      ['step_3', 'step_2', 'INSIDE_LOOP', undefined],
      ['step_4', 'step_2', 'AFTER', undefined],
      ['step_5', 'step_4', 'INSIDE_BRANCH', 0],
      ['step_6', 'step_4', 'INSIDE_BRANCH', 1],
    ]);
    expect(outline(paste(emptyDraft(), text))).toEqual([
      { step_2: ['step_3'] },
      { step_4: [['step_5'], ['step_6']] },
    ]);
  });

  it('renames steps the target has, rewrites references among them and marks display names', () => {
    const pasted = paste(source, copySteps(source, ['step_2', 'step_4']), {
      parentStep: 'step_4',
      stepLocationRelativeToParent: 'AFTER',
    });
    expect(outline(pasted)).toEqual([
      'step_1',
      { step_2: ['step_3'] },
      { step_4: [['step_5'], ['step_6']] },
      { step_7: ['step_8'] },
      { step_9: [['step_10'], ['step_11']] },
    ]);
    const body = step(pasted, 'step_8');
    expect(body.displayName).toBe('Code step_3 Copy');
    // step_2 was pasted (renamed to step_7); step_1 was not, so its reference stays.
    expect(body.type === 'CODE' && body.settings.input).toEqual({
      item: "{{step_7['item']}}",
      first: "{{step_1['output']}}",
    });
    const pastedRouter = step(pasted, 'step_9');
    expect(pastedRouter.type === 'ROUTER' && pastedRouter.settings.branches[0]).toMatchObject({
      conditions: [[{ firstValue: "{{step_8['output']}}" }]],
    });
  });

  it('pastes inside a loop body and a router branch', () => {
    const text = copySteps(source, ['step_1']);
    const intoLoop = paste(source, text, {
      parentStep: 'step_2',
      stepLocationRelativeToParent: 'INSIDE_LOOP',
    });
    expect(outline(intoLoop)[1]).toEqual({ step_2: ['step_7', 'step_3'] });
    const intoBranch = paste(source, text, {
      parentStep: 'step_4',
      stepLocationRelativeToParent: 'INSIDE_BRANCH',
      branchIndex: 1,
    });
    expect(outline(intoBranch)[2]).toEqual({ step_4: [['step_5'], ['step_7', 'step_6']] });
  });

  it("accepts older Activepieces' AddActionRequest[] text", () => {
    const legacy = [
      { parentStep: LEGACY_EMPTY_PARENT, stepLocationRelativeToParent: 'AFTER', action: loopBody('step_2') },
      {
        parentStep: 'step_2',
        stepLocationRelativeToParent: 'INSIDE_LOOP',
        action: { ...code('step_3', 'return 3;'), nextAction: undefined },
      },
      { parentStep: 'step_2', stepLocationRelativeToParent: 'AFTER', action: code('step_4', 'return 4;') },
    ];
    expect(outline(paste(emptyDraft(), JSON.stringify(legacy)))).toEqual([{ step_2: ['step_3'] }, 'step_4']);
  });

  it('refuses text without copied steps with a VALIDATION error and changes nothing', () => {
    for (const text of [
      'not json',
      '{"type":"COPY_ACTIONS","actions":[{"name":"x"}]}',
      '{"hello":1}',
      '42',
    ]) {
      const error = errorOf(() => pasteOperations(source, text, afterTrigger));
      expect(isPieceworkError(error, 'VALIDATION'), text).toBe(true);
      expect((error as { status: number }).status).toBe(400);
      expect((error as { params: { reason: string } }).params.reason).toMatch(
        /^(NOT_JSON|NOT_COPIED_STEPS|UNSUPPORTED_STEPS)$/,
      );
    }
    const missingTarget = errorOf(() =>
      pasteOperations(source, copySteps(source, ['step_1']), {
        parentStep: 'step_42',
        stepLocationRelativeToParent: 'AFTER',
      }),
    );
    expect(isPieceworkError(missingTarget, 'FLOW_OPERATION_INVALID')).toBe(true);
  });
});

function loopBody(name: string) {
  const { firstLoopAction: _body, ...rest } = loop(name, '{{trigger}}', []) as Extract<
    Step,
    { type: 'LOOP_ON_ITEMS' }
  >;
  return rest;
}

describe('pasteOperations on steps copied in Activepieces', () => {
  const fixture = (name: string) =>
    JSON.parse(readFileSync(new URL(`../import/fixtures/${name}.json`, import.meta.url), 'utf8')) as {
      template: { trigger: { nextAction?: Record<string, unknown> } };
    };

  /** The clipboard text Activepieces writes when every top-level step of `trigger` is copied. */
  function copiedInActivepieces(trigger: { nextAction?: Record<string, unknown> }): string {
    const actions: Record<string, unknown>[] = [];
    for (let step = trigger.nextAction; step; step = step.nextAction as Record<string, unknown> | undefined) {
      actions.push({ ...step, nextAction: undefined });
    }
    return JSON.stringify({ type: 'COPY_ACTIONS', actions });
  }

  it('pastes steps of older releases (no propertySettings, BRANCH steps) as imports migrate them', () => {
    for (const name of [
      'lagomus-update-product-stock-webhook-template',
      'lagomus-publish-products-ml-branch-loops-template',
    ]) {
      const text = copiedInActivepieces(fixture(name).template.trigger);
      const pasted = paste(emptyDraft(), text);
      expect(FlowVersion.safeParse(pasted).success, name).toBe(true);
      expect(outline(pasted).length, name).toBeGreaterThan(0);
    }
  });

  it("upgrades Activepieces' old-dialect references of the pasted steps, then renames them", () => {
    const actions = [
      code('step_1', 'return 1;', { body: "{{trigger['body']}}" }),
      code('step_2', 'return 2;', { x: '{{step_1.x}}', whole: '{{step_1}}' }),
    ];
    const target = apply(emptyDraft(), add('trigger', codeStep('step_1')));
    const pasted = paste(target, JSON.stringify({ type: 'COPY_ACTIONS', actions }), {
      parentStep: 'step_1',
      stepLocationRelativeToParent: 'AFTER',
    });
    expect(outline(pasted)).toEqual(['step_1', 'step_3', 'step_2']);
    expect(step(pasted, 'step_3').settings).toMatchObject({
      input: { body: "{{trigger['output']['body']}}" },
    });
    expect(step(pasted, 'step_2').settings).toMatchObject({
      input: { x: "{{step_3['output'].x}}", whole: "{{step_3['output']}}" },
    });
  });

  it('refuses step types no Activepieces release has with UNSUPPORTED_STEPS', () => {
    const text = JSON.stringify({ type: 'COPY_ACTIONS', actions: [{ name: 'step_1', type: 'INTERACTIVE' }] });
    const error = errorOf(() => pasteOperations(emptyDraft(), text, afterTrigger));
    expect(isPieceworkError(error, 'VALIDATION')).toBe(true);
    expect((error as { params: { reason: string } }).params.reason).toBe('UNSUPPORTED_STEPS');
  });
});
