/**
 * Builders for tests of the flow-version algebra (not exported from the package).
 * `outline()` prints a tree compactly: a chain is an array; a loop is `{loop: [body]}`;
 * a router is `{router: [[branch 0], [branch 1], ...]}`.
 */
import type { FlowVersion } from '../flow-version';
import type { FlowOperation } from '../operations';
import type { Step, StepRequest } from '../step';
import type { PieceTrigger } from '../trigger';
import { applyFlowVersionOperation, type FlowVersionOperation } from './apply-operation';
import { createEmptyFlowVersion } from './new-version';

export const NOW = '2026-01-01T00:00:00.000Z';
export const LATER = '2026-01-02T00:00:00.000Z';

export function codeStep(
  name: string,
  input: Record<string, unknown> = {},
): Extract<StepRequest, { type: 'CODE' }> {
  return {
    name,
    displayName: `Code ${name}`,
    type: 'CODE',
    valid: true,
    settings: {
      sourceCode: { code: 'export const code = async (inputs) => inputs;', packageJson: '{}' },
      input,
    },
  };
}

export function loopStep(
  name: string,
  items = "{{trigger['output'].items}}",
): Extract<StepRequest, { type: 'LOOP_ON_ITEMS' }> {
  return { name, displayName: `Loop ${name}`, type: 'LOOP_ON_ITEMS', valid: true, settings: { items } };
}

export function routerStep(name: string, conditionBranches = 1): Extract<StepRequest, { type: 'ROUTER' }> {
  const branches = [
    ...Array.from({ length: conditionBranches }, (_, i) => ({
      branchType: 'CONDITION' as const,
      branchName: `Branch ${i + 1}`,
      conditions: [
        [
          {
            operator: 'TEXT_CONTAINS' as const,
            firstValue: `{{trigger['output'].kind}}`,
            secondValue: `k${i}`,
          },
        ],
      ],
    })),
    { branchType: 'FALLBACK' as const, branchName: 'Otherwise' },
  ];
  return {
    name,
    displayName: `Router ${name}`,
    type: 'ROUTER',
    valid: true,
    settings: { branches, executionType: 'EXECUTE_FIRST_MATCH' },
  };
}

export function pieceStep(name: string, pieceVersion = '0.3.0'): Extract<StepRequest, { type: 'PIECE' }> {
  return {
    name,
    displayName: `Piece ${name}`,
    type: 'PIECE',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-http',
      pieceVersion,
      actionName: 'send_request',
      propertySettings: {},
      input: { url: "{{trigger['output'].url}}" },
    },
  };
}

export function webhookTrigger(): PieceTrigger {
  return {
    name: 'trigger',
    displayName: 'Catch Webhook',
    valid: true,
    type: 'PIECE_TRIGGER',
    settings: {
      pieceName: '@activepieces/piece-webhook',
      pieceVersion: '0.1.29',
      triggerName: 'catch_webhook',
      propertySettings: {},
      input: {},
    },
  };
}

/** A draft with a webhook trigger and no steps. */
export function emptyDraft(): FlowVersion {
  const version = createEmptyFlowVersion({
    id: 'v'.repeat(21),
    flowId: 'f'.repeat(21),
    displayName: 'Flow',
    now: NOW,
  });
  return apply(version, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
}

/** Applies operations in order at time {@link NOW}. */
export function apply(version: FlowVersion, ...operations: FlowOperation[]): FlowVersion {
  return operations.reduce(
    (current, operation) =>
      applyFlowVersionOperation(current, operation as FlowVersionOperation, { now: NOW }),
    version,
  );
}

/** ADD_ACTION shorthand. */
export function add(
  parentStep: string,
  action: StepRequest,
  stepLocationRelativeToParent?: 'AFTER' | 'INSIDE_LOOP' | 'INSIDE_BRANCH',
  branchIndex?: number,
): FlowOperation {
  return { type: 'ADD_ACTION', request: { parentStep, action, stepLocationRelativeToParent, branchIndex } };
}

export type Outline = (string | { [name: string]: Outline | Outline[] })[];

/** The compact shape of a version's step tree. */
export function outline(version: Pick<FlowVersion, 'trigger'>): Outline {
  return outlineChain(version.trigger.nextAction);
}

function outlineChain(head: Step | null | undefined): Outline {
  const out: Outline = [];
  for (let step = head; step; step = step.nextAction) {
    if (step.type === 'LOOP_ON_ITEMS') out.push({ [step.name]: outlineChain(step.firstLoopAction) });
    else if (step.type === 'ROUTER') out.push({ [step.name]: step.children.map(outlineChain) });
    else out.push(step.name);
  }
  return out;
}

/** Deep-freezes a value so that any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
