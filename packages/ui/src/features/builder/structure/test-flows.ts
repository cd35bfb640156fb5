/**
 * Builders of flow trees for the builder's unit tests: `code('step_1')`, `loop('step_2', body)`,
 * `router('step_3', [[...], []])`, `flowOf(...steps)`. Only the fields the builder reads are set.
 */
import type { CodeStep, LoopStep, RouterStep, Step, Trigger } from '@piecework/shared';

/** Links `steps` into a chain; answers its head. */
export function chain(steps: readonly Step[]): Step | undefined {
  let next: Step | undefined;
  for (let index = steps.length - 1; index >= 0; index--) {
    next = { ...steps[index]!, ...(next === undefined ? {} : { nextAction: next }) } as Step;
  }
  return next;
}

/** A valid code step. */
export function code(name: string): CodeStep {
  return {
    name,
    displayName: `Code ${name}`,
    type: 'CODE',
    valid: true,
    settings: { sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' }, input: {} },
  };
}

/** A loop whose body is `body`. */
export function loop(name: string, body: readonly Step[] = []): LoopStep {
  const head = chain(body);
  return {
    name,
    displayName: `Loop ${name}`,
    type: 'LOOP_ON_ITEMS',
    valid: true,
    settings: { items: '{{trigger.items}}' },
    ...(head === undefined ? {} : { firstLoopAction: head }),
  };
}

/** A router with one CONDITION branch per entry of `branches` (the last one the FALLBACK). */
export function router(name: string, branches: readonly (readonly Step[])[]): RouterStep {
  return {
    name,
    displayName: `Router ${name}`,
    type: 'ROUTER',
    valid: true,
    settings: {
      executionType: 'EXECUTE_FIRST_MATCH',
      branches: branches.map((_, index) =>
        index === branches.length - 1
          ? { branchType: 'FALLBACK' as const, branchName: 'Otherwise' }
          : {
              branchType: 'CONDITION' as const,
              branchName: `Branch ${String(index + 1)}`,
              conditions: [[{ operator: 'EXISTS' as const, firstValue: 'x' }]],
            },
      ),
    },
    children: branches.map((steps) => chain(steps) ?? null),
  };
}

/** A webhook-triggered flow running `steps`. */
export function flowOf(...steps: Step[]): Trigger {
  const head = chain(steps);
  return {
    name: 'trigger',
    displayName: 'Catch Webhook',
    type: 'PIECE_TRIGGER',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-webhook',
      pieceVersion: '0.1.29',
      triggerName: 'catch_webhook',
      input: {},
      propertySettings: {},
    },
    ...(head === undefined ? {} : { nextAction: head }),
  };
}
