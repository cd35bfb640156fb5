/**
 * Builders of flow versions and steps for the tests (and benchmarks) of every package; not
 * exported from the package: tests import them as `@piecework/shared/testing`.
 *
 * Two sets:
 * - whole steps and versions, for running flows: `flow(code(...), loop(..., [body]))` links the
 *   given steps into a chain after a webhook trigger;
 * - step requests and operations, for the flow-version algebra: `apply(emptyDraft(), add('trigger',
 *   codeStep('step_1')))`, and `outline()`, which prints a step tree compactly: a chain is an
 *   array; a loop is `{loop: [body]}`; a router is `{router: [[branch 0], [branch 1], ...]}`.
 */
import { applyFlowVersionOperation, type FlowVersionOperation } from '../flows/algebra/apply-operation';
import { createEmptyFlowVersion } from '../flows/algebra/new-version';
import type { BranchCondition } from '../flows/conditions';
import type { FlowVersion } from '../flows/flow-version';
import type { FlowOperation } from '../flows/operations';
import type { RouterExecutionType } from '../flows/router';
import type { Step, StepRequest } from '../flows/step';
import type { PieceTrigger } from '../flows/trigger';

/** The time every built version was created and updated, and at which {@link apply} applies. */
export const NOW = '2026-01-01T00:00:00.000Z';
/** A time a day after {@link NOW}, for operations that must move `updated`. */
export const LATER = '2026-01-02T00:00:00.000Z';

/** A webhook trigger (`catch_webhook` of the webhook piece) with no next step. */
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

/** A version whose webhook trigger is followed by `steps` in order. */
export function flow(...steps: Step[]): FlowVersion {
  return {
    id: 'version_id_000000000001',
    created: NOW,
    updated: NOW,
    flowId: 'flow_id_00000000000001',
    displayName: 'Test flow',
    valid: true,
    state: 'DRAFT',
    schemaVersion: null,
    connectionIds: [],
    notes: [],
    trigger: { ...webhookTrigger(), displayName: 'Webhook', nextAction: chain(steps) },
  };
}

/** Links steps into a chain; returns its head. */
export function chain(steps: Step[]): Step | undefined {
  let next: Step | undefined;
  for (let i = steps.length - 1; i >= 0; i--) next = { ...steps[i]!, nextAction: next } as Step;
  return next;
}

/** Extra step options of {@link code}, {@link piece}, {@link loop} and {@link router}: skip and error handling. */
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

/** A PIECE step of the engine's test pieces (`createTestPieces`, piece `test@1.0.0`). */
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

/** A PIECE step of any piece, `pieceName@pieceVersion` running `actionName` with `input`. */
export function pieceAction(
  name: string,
  pieceName: string,
  pieceVersion: string,
  actionName: string,
  input: Record<string, unknown>,
): Step {
  return {
    name,
    displayName: name,
    type: 'PIECE',
    valid: true,
    settings: { pieceName, pieceVersion, actionName, propertySettings: {}, input },
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

/** A TEXT_EXACTLY_MATCHES condition of a {@link router} branch. */
export function textIs(firstValue: string, secondValue: string): BranchCondition {
  return { operator: 'TEXT_EXACTLY_MATCHES', firstValue, secondValue };
}

/** The request of a CODE step that returns its inputs, for {@link add}. */
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

/** The request of a LOOP_ON_ITEMS step (over the trigger's `items` by default), for {@link add}. */
export function loopStep(
  name: string,
  items = "{{trigger['output'].items}}",
): Extract<StepRequest, { type: 'LOOP_ON_ITEMS' }> {
  return { name, displayName: `Loop ${name}`, type: 'LOOP_ON_ITEMS', valid: true, settings: { items } };
}

/** The request of a ROUTER step of `conditionBranches` CONDITION branches and a FALLBACK, for {@link add}. */
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

/** The request of a PIECE step of the HTTP piece's `send_request`, for {@link add}. */
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

/** An ADD_ACTION operation adding `action` after (or inside) `parentStep`. */
export function add(
  parentStep: string,
  action: StepRequest,
  stepLocationRelativeToParent?: 'AFTER' | 'INSIDE_LOOP' | 'INSIDE_BRANCH',
  branchIndex?: number,
): FlowOperation {
  return { type: 'ADD_ACTION', request: { parentStep, action, stepLocationRelativeToParent, branchIndex } };
}

/** The compact shape of a step tree that {@link outline} returns. */
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
