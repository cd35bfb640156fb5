import type { PopulatedFlow, Step } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { flowStructure } from './flow-structure';
import { flowToolName } from './flow-tools';

const code = (name: string, nextAction: Step | null = null): Step => ({
  name,
  displayName: `Code ${name}`,
  type: 'CODE',
  valid: true,
  settings: { sourceCode: { code: '', packageJson: '{}' }, input: {} },
  nextAction,
});

function flowWith(first: Step): PopulatedFlow {
  return {
    id: 'flow1',
    created: '2026-01-01T00:00:00.000Z',
    updated: '2026-01-01T00:00:00.000Z',
    projectId: 'project1',
    externalId: 'flow1',
    status: 'DISABLED',
    operationStatus: 'NONE',
    publishedVersionId: null,
    version: {
      id: 'version1',
      created: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
      flowId: 'flow1',
      displayName: 'Orders',
      valid: true,
      state: 'DRAFT',
      trigger: {
        name: 'trigger',
        displayName: 'Catch Webhook',
        type: 'PIECE_TRIGGER',
        valid: true,
        settings: {
          pieceName: '@activepieces/piece-webhook',
          pieceVersion: '0.1.29',
          triggerName: 'catch_webhook',
          propertySettings: {},
          input: {},
        },
        nextAction: first,
      },
    },
  } as PopulatedFlow;
}

describe('flowStructure', () => {
  it('lists every step with what follows it, and outlines loops and router branches', () => {
    const loop: Step = {
      name: 'step_2',
      displayName: 'Each order',
      type: 'LOOP_ON_ITEMS',
      valid: true,
      settings: { items: "{{step_1['output']}}" },
      firstLoopAction: code('step_3'),
      nextAction: {
        name: 'step_4',
        displayName: 'Route',
        type: 'ROUTER',
        valid: false,
        settings: {
          executionType: 'EXECUTE_FIRST_MATCH',
          branches: [
            { branchType: 'CONDITION', branchName: 'Big', conditions: [[]] },
            { branchType: 'FALLBACK', branchName: 'Otherwise' },
          ],
        },
        children: [code('step_5'), null],
      } as Step,
    } as Step;
    const structure = flowStructure(flowWith(code('step_1', loop)));
    expect(structure.steps.map((step) => [step.name, step.type, step.nextAction])).toEqual([
      ['trigger', 'PIECE_TRIGGER', 'step_1'],
      ['step_1', 'CODE', 'step_2'],
      ['step_2', 'LOOP_ON_ITEMS', 'step_4'],
      ['step_3', 'CODE', null],
      ['step_4', 'ROUTER', null],
      ['step_5', 'CODE', null],
    ]);
    expect(structure.steps[2]).toMatchObject({ firstLoopAction: 'step_3' });
    expect(structure.steps[4]).toMatchObject({
      branches: [
        { branchName: 'Big', firstStep: 'step_5' },
        { branchName: 'Otherwise', firstStep: null },
      ],
    });
    expect(structure.outline).toMatchInlineSnapshot(`
      "trigger: Catch Webhook [PIECE_TRIGGER @activepieces/piece-webhook/catch_webhook]
        - step_1: Code step_1 [CODE]
        - step_2: Each order [LOOP_ON_ITEMS]
          loop body:
            - step_3: Code step_3 [CODE]
        - step_4: Route [ROUTER]
          branch "Big":
            - step_5: Code step_5 [CODE]
          branch "Otherwise": (empty)"
    `);
  });
});

describe('flowToolName', () => {
  it.each([
    ['a plain name', 'lookup_order', 'abcdEFGH', 'lookup_order_abcd'],
    ['spaces and punctuation become _', 'Look up: order!', 'abcdEFGH', 'Look_up__order__abcd'],
    ['dashes stay', 'get-weather', 'XyZ1rest', 'get-weather_XyZ1'],
    ['an empty name is "flow"', '  ', 'abcdEFGH', 'flow_abcd'],
  ])('%s', (_, toolName, flowId, expected) => {
    expect(flowToolName(toolName, flowId)).toBe(expected);
  });
});
