import type { FlowVersion, Step } from '@piecework/shared';

/**
 * An order-handling flow: a code step totals the order, a loop tags each line, a router
 * sends big orders one way and the rest another, and a built-in piece (Activepieces'
 * text helper) writes a summary. Written as plain data, exactly as a flow
 * version exported from Piecework (or Activepieces, once imported) looks.
 */
const codeStep = (name: string, code: string, input: Record<string, unknown>, nextAction?: Step): Step => ({
  name,
  displayName: name,
  type: 'CODE',
  valid: true,
  settings: { sourceCode: { code, packageJson: '{}' }, input },
  nextAction,
});

const route = codeStep('step_5', 'export const code = async (inputs) => ({ route: inputs.route });', {
  route: 'big order',
});
const summary: Step = {
  name: 'step_7',
  displayName: 'Summary',
  type: 'PIECE',
  valid: true,
  settings: {
    pieceName: '@activepieces/piece-text-helper',
    pieceVersion: '0.4.2',
    actionName: 'concat',
    propertySettings: {},
    input: { texts: ['Order total: ', "{{step_1['output'].total}}"], seperator: '' },
  },
};

const normal = codeStep('step_6', 'export const code = async (inputs) => ({ route: inputs.route });', {
  route: 'normal order',
});

export const orderFlow: FlowVersion = {
  id: 'exampleVersion0000001',
  flowId: 'exampleFlow0000000001',
  displayName: 'Handle an order',
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  valid: true,
  state: 'DRAFT',
  schemaVersion: null,
  connectionIds: [],
  notes: [],
  trigger: {
    name: 'trigger',
    displayName: 'Catch webhook',
    valid: true,
    type: 'PIECE_TRIGGER',
    settings: {
      pieceName: '@activepieces/piece-webhook',
      pieceVersion: '0.1.29',
      triggerName: 'catch_webhook',
      propertySettings: {},
      input: {},
    },
    nextAction: codeStep(
      'step_1',
      `interface Line { sku: string; qty: number; price: number }
       export const code = async (inputs: { lines: Line[] }) => ({
         total: inputs.lines.reduce((sum, line) => sum + line.qty * line.price, 0),
       });`,
      { lines: "{{trigger['output'].body.lines}}" },
      {
        name: 'step_2',
        displayName: 'For each line',
        type: 'LOOP_ON_ITEMS',
        valid: true,
        settings: { items: "{{trigger['output'].body.lines}}" },
        firstLoopAction: codeStep(
          'step_3',
          'export const code = async (inputs) => `${inputs.qty} x ${inputs.sku}`;',
          {
            sku: "{{step_2['output'].item.sku}}",
            qty: "{{step_2['output'].item.qty}}",
          },
        ),
        nextAction: {
          name: 'step_4',
          displayName: 'Big order?',
          type: 'ROUTER',
          valid: true,
          settings: {
            executionType: 'EXECUTE_FIRST_MATCH',
            branches: [
              {
                branchType: 'CONDITION',
                branchName: 'Over 100',
                conditions: [
                  [
                    {
                      operator: 'NUMBER_IS_GREATER_THAN',
                      firstValue: "{{step_1['output'].total}}",
                      secondValue: '100',
                    },
                  ],
                ],
              },
              { branchType: 'FALLBACK', branchName: 'Otherwise' },
            ],
          },
          children: [route, normal],
          nextAction: summary,
        },
      },
    ),
  },
};
