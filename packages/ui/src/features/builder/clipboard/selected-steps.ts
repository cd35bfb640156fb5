/**
 * Which of a set of step names to act on, in flow order: the steps of the version that are
 * named, leaving out the trigger and any step inside another named step (it goes with it).
 * Use it before copying, cutting, deleting or duplicating a multi-selection.
 */
import { getAllSteps, type FlowVersion, type Step } from '@piecework/shared';

/** The topmost named steps of `version`, in flow order. */
export function topmostSteps(version: Pick<FlowVersion, 'trigger'>, names: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const visit = (head: Step | null | undefined) => {
    for (let step = head; step; step = step.nextAction) {
      if (names.has(step.name)) {
        found.push(step.name);
        continue;
      }
      if (step.type === 'LOOP_ON_ITEMS') visit(step.firstLoopAction);
      if (step.type === 'ROUTER') step.children.forEach(visit);
    }
  };
  visit(version.trigger.nextAction);
  return found;
}

/** Every step name of `version` among `names`, in flow order (nested ones included). */
export function presentSteps(version: Pick<FlowVersion, 'trigger'>, names: ReadonlySet<string>): string[] {
  return getAllSteps(version.trigger)
    .slice(1)
    .map((step) => step.name)
    .filter((name) => names.has(name));
}
