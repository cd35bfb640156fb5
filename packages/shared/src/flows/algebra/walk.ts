import type { FlowVersion } from '../flow-version';
import type { Step } from '../step';
import type { Trigger } from '../trigger';

/**
 * Every step of a version in execution order, the trigger first: a step comes before its loop
 * body or router branches (in branch order), which come before its `nextAction`.
 * Use it to list, count or search steps; it returns the stored objects (do not mutate them).
 */
export function getAllSteps(trigger: Trigger): (Trigger | Step)[] {
  const steps: (Trigger | Step)[] = [trigger];
  const visit = (head: Step | null | undefined) => {
    for (let step = head; step; step = step.nextAction) {
      steps.push(step);
      if (step.type === 'LOOP_ON_ITEMS') visit(step.firstLoopAction);
      if (step.type === 'ROUTER') step.children.forEach(visit);
    }
  };
  visit(trigger.nextAction);
  return steps;
}

/** The step or trigger of that name in a version, or undefined. */
export function findStep(version: Pick<FlowVersion, 'trigger'>, name: string): Trigger | Step | undefined {
  return getAllSteps(version.trigger).find((step) => step.name === name);
}

/** The names of the trigger and every step of a version. */
export function getStepNames(version: Pick<FlowVersion, 'trigger'>): Set<string> {
  return new Set(getAllSteps(version.trigger).map((step) => step.name));
}
