/**
 * Where a step sits in its flow, as the settings panel needs it: the step itself, the steps whose
 * outputs it can read (the trigger and the steps that ran before it, router branches included,
 * the bodies of finished loops not) and the loops it runs inside (whose `item` and `index` it can
 * read). Use it to find the selected step and to fill the data selector.
 */
import type { LoopStep, Step, Trigger } from '@piecework/shared';

/** A step or the trigger. */
export type AnyStep = Step | Trigger;

/** What {@link stepScope} answers. */
export interface StepScope {
  readonly step: AnyStep;
  /** The trigger and earlier steps, in execution order (enclosing loops not included). */
  readonly earlier: readonly AnyStep[];
  /** The loops the step runs inside, outermost first. */
  readonly loops: readonly LoopStep[];
}

/** The scope of step `name` in the flow whose trigger is `trigger`, or undefined if absent. */
export function stepScope(trigger: Trigger, name: string): StepScope | undefined {
  if (trigger.name === name) return { step: trigger, earlier: [], loops: [] };
  return visit(trigger.nextAction, name, [trigger], []);
}

function visit(
  head: Step | null | undefined,
  name: string,
  before: readonly AnyStep[],
  loops: readonly LoopStep[],
): StepScope | undefined {
  const seen = [...before];
  for (let step = head; step; step = step.nextAction) {
    if (step.name === name) return { step, earlier: seen, loops };
    if (step.type === 'LOOP_ON_ITEMS') {
      const found = visit(step.firstLoopAction, name, seen, [...loops, step]);
      if (found) return found;
      seen.push(step);
    } else if (step.type === 'ROUTER') {
      const inBranches: AnyStep[] = [];
      for (const child of step.children) {
        const found = visit(child, name, [...seen, step], loops);
        if (found) return found;
        inBranches.push(...chainNames(child));
      }
      seen.push(step, ...inBranches);
    } else {
      seen.push(step);
    }
  }
  return undefined;
}

/** The steps of a branch chain that stay in scope after the router (loop bodies excluded). */
function chainNames(head: Step | null | undefined): AnyStep[] {
  const steps: AnyStep[] = [];
  for (let step = head; step; step = step.nextAction) {
    steps.push(step);
    if (step.type === 'ROUTER') for (const child of step.children) steps.push(...chainNames(child));
  }
  return steps;
}
