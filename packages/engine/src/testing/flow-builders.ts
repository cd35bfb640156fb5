import type { BranchCondition, FlowVersion, RouterExecutionType, Step } from '@piecework/shared';

/**
 * Builders of flow versions for engine tests and examples: `flow(code(...), loop(..., [body]))`
 * links the given steps into a chain after a webhook trigger.
 */
type StepWithoutNext = Step;

/** A version whose trigger is followed by `steps` in order. */
export function flow(...steps: StepWithoutNext[]): FlowVersion {
  return {
    id: 'version_id_000000000001',
    created: '2026-01-01T00:00:00.000Z',
    updated: '2026-01-01T00:00:00.000Z',
    flowId: 'flow_id_00000000000001',
    displayName: 'Test flow',
    valid: true,
    state: 'DRAFT',
    schemaVersion: null,
    connectionIds: [],
    notes: [],
    trigger: {
      name: 'trigger',
      displayName: 'Webhook',
      valid: true,
      type: 'PIECE_TRIGGER',
      settings: {
        pieceName: '@activepieces/piece-webhook',
        pieceVersion: '0.1.29',
        triggerName: 'catch_webhook',
        propertySettings: {},
        input: {},
      },
      nextAction: chain(steps),
    },
  };
}

/** Links steps into a chain; returns its head. */
export function chain(steps: StepWithoutNext[]): Step | undefined {
  let next: Step | undefined;
  for (let i = steps.length - 1; i >= 0; i--) next = { ...steps[i]!, nextAction: next } as Step;
  return next;
}

/** Extra step options: skip and error handling. */
export interface StepExtras {
  skip?: boolean;
  continueOnFailure?: boolean;
  retryOnFailure?: boolean;
}

function errorHandling(extras: StepExtras) {
  return {
    continueOnFailure: { value: extras.continueOnFailure ?? false },
    retryOnFailure: { value: extras.retryOnFailure ?? false },
  };
}

/** A CODE step; `body` is the body of `async (inputs) => { body }`. */
export function code(
  name: string,
  body: string,
  input: Record<string, unknown> = {},
  extras: StepExtras = {},
): Step {
  return {
    name,
    displayName: `Code ${name}`,
    type: 'CODE',
    valid: true,
    skip: extras.skip,
    settings: {
      sourceCode: { code: `export const code = async (inputs) => { ${body} };`, packageJson: '{}' },
      input,
      errorHandlingOptions: errorHandling(extras),
    },
  };
}

/** A PIECE step of the test pieces (`createTestPieces`). */
export function piece(
  name: string,
  actionName: string,
  input: Record<string, unknown> = {},
  extras: StepExtras = {},
): Step {
  return {
    name,
    displayName: `Piece ${name}`,
    type: 'PIECE',
    valid: true,
    skip: extras.skip,
    settings: {
      pieceName: 'test',
      pieceVersion: '1.0.0',
      actionName,
      propertySettings: {},
      input,
      errorHandlingOptions: errorHandling(extras),
    },
  };
}

/** A LOOP_ON_ITEMS step over `items` with `body` steps. */
export function loop(name: string, items: string, body: Step[], extras: StepExtras = {}): Step {
  return {
    name,
    displayName: `Loop ${name}`,
    type: 'LOOP_ON_ITEMS',
    valid: true,
    skip: extras.skip,
    settings: { items },
    firstLoopAction: chain(body),
  };
}

/** A branch of {@link router}: conditions (OR of AND groups) and steps, or FALLBACK steps. */
export type BranchSpec = { conditions: BranchCondition[][]; steps: Step[] } | { fallback: Step[] };

/** A ROUTER step with its branches. */
export function router(
  name: string,
  executionType: RouterExecutionType,
  branches: BranchSpec[],
  extras: StepExtras = {},
): Step {
  return {
    name,
    displayName: `Router ${name}`,
    type: 'ROUTER',
    valid: true,
    skip: extras.skip,
    settings: {
      executionType,
      branches: branches.map((branch, i) =>
        'fallback' in branch
          ? { branchType: 'FALLBACK' as const, branchName: 'Otherwise' }
          : {
              branchType: 'CONDITION' as const,
              branchName: `Branch ${i + 1}`,
              conditions: branch.conditions,
            },
      ),
    },
    children: branches.map((branch) => chain('fallback' in branch ? branch.fallback : branch.steps) ?? null),
  };
}

/** A text condition (TEXT_EXACTLY_MATCHES by default). */
export function textIs(firstValue: string, secondValue: string): BranchCondition {
  return { operator: 'TEXT_EXACTLY_MATCHES', firstValue, secondValue };
}
