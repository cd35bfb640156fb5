import { describe, expect, it } from 'vitest';
import { FlowOperation } from './operations';
import type { StepRequest } from './step';
import { Step } from './step';
import { Trigger, TriggerRequest } from './trigger';

const code = {
  name: 'step_1',
  displayName: 'Code',
  type: 'CODE',
  valid: true,
  settings: { sourceCode: { code: 'x', packageJson: '{}' }, input: {} },
};
const piece = {
  name: 'step_2',
  displayName: 'Piece',
  type: 'PIECE',
  valid: true,
  settings: {
    pieceName: '@activepieces/piece-http',
    pieceVersion: '0.3.0',
    actionName: 'send',
    propertySettings: {},
    input: {},
  },
};

describe('the rules the flow schemas enforce', () => {
  it.each([['step_1'], ['_private'], ['Trigger2'], ['a']])('accepts the step name %s', (name) => {
    expect(Step.safeParse({ ...code, name }).success).toBe(true);
  });

  it.each([['1step'], ['step-1'], ['step 1'], [''], ['ステップ']])('refuses the step name %j', (name) => {
    expect(Step.safeParse({ ...code, name }).success).toBe(false);
  });

  it.each([
    ['0.3.0', '0.3.0'],
    ['~0.3.0', '0.3.0'],
    ['^12.40.7', '12.40.7'],
  ])('stores pieceVersion %s as %s', (input, stored) => {
    const parsed = Step.parse({ ...piece, settings: { ...piece.settings, pieceVersion: input } });
    expect(parsed.settings).toMatchObject({ pieceVersion: stored });
  });

  it.each([['latest'], ['>=0.3.0'], ['0.3'], ['~~0.3.0'], ['0.3.0-beta']])(
    'refuses pieceVersion %s',
    (pieceVersion) => {
      expect(Step.safeParse({ ...piece, settings: { ...piece.settings, pieceVersion } }).success).toBe(false);
    },
  );

  it('UPDATE_ACTION drops lastUpdatedDate, sampleData and links from the request', () => {
    const request = {
      ...code,
      lastUpdatedDate: '2020-01-01',
      nextAction: code,
      settings: { ...code.settings, sampleData: { sampleDataFileId: 'x' } },
    };
    const parsed = FlowOperation.parse({ type: 'UPDATE_ACTION', request });
    expect(parsed.request).not.toHaveProperty('lastUpdatedDate');
    expect(parsed.request).not.toHaveProperty('nextAction');
    expect((parsed.request as StepRequest).settings).not.toHaveProperty('sampleData');
  });

  it('UPDATE_TRIGGER drops lastUpdatedDate and sampleData', () => {
    const trigger = {
      name: 'trigger',
      displayName: 'Webhook',
      type: 'PIECE_TRIGGER',
      lastUpdatedDate: 'x',
      settings: {
        pieceName: '@activepieces/piece-webhook',
        pieceVersion: '^0.1.29',
        triggerName: 'catch_webhook',
        propertySettings: {},
        input: {},
        sampleData: { sampleDataFileId: 'x' },
      },
    };
    const parsed = TriggerRequest.parse(trigger);
    expect(parsed).not.toHaveProperty('lastUpdatedDate');
    expect(parsed.settings).not.toHaveProperty('sampleData');
    expect(parsed.settings).toMatchObject({ pieceVersion: '0.1.29' });
    expect(parsed.valid).toBe(true);
  });

  it('a router needs one child entry per branch', () => {
    const router = {
      name: 'step_3',
      displayName: 'Router',
      type: 'ROUTER',
      valid: true,
      settings: {
        executionType: 'EXECUTE_FIRST_MATCH',
        branches: [{ branchType: 'FALLBACK', branchName: 'Otherwise' }],
      },
    };
    expect(Step.safeParse({ ...router, children: [null] }).success).toBe(true);
    expect(Step.safeParse({ ...router, children: [] }).success).toBe(false);
  });

  it('parses a whole tree recursively and reports where a nested step is wrong', () => {
    const tree = {
      name: 'trigger',
      displayName: 'Empty',
      type: 'EMPTY',
      valid: false,
      settings: {},
      nextAction: { ...code, nextAction: { ...code, name: 'bad name' } },
    };
    const result = Trigger.safeParse(tree);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['nextAction', 'nextAction', 'name']);
  });

  it('refuses an unknown operation type with a clear issue', () => {
    const result = FlowOperation.safeParse({ type: 'REMOVE_EVERYTHING', request: {} });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['type']);
  });
});
