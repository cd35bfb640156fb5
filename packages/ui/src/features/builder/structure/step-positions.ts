/**
 * Where steps sit in a flow and where they can move: every insertion point of a flow in reading
 * order (for the "Move to…" chooser), the point a step sits at now, and the points one place up
 * or down (for "Move up" / "Move down"). Pure functions of the trigger.
 */
import type { RouterStep, Step, Trigger } from '@piecework/shared';
import { describeInsertion, sameInsertion, type Insertion } from './insertion';

/** An insertion point with its words, e.g. "after step_2 (Send email)". */
export interface InsertionChoice {
  readonly insertion: Insertion;
  readonly label: string;
}

/** A chain of steps and the insertion point at its head. */
interface Chain {
  readonly head: Insertion;
  readonly headLabel: string;
  readonly steps: readonly Step[];
}

function chainSteps(head: Step | null | undefined): Step[] {
  const steps: Step[] = [];
  for (let step = head; step; step = step.nextAction) steps.push(step);
  return steps;
}

function branchName(router: RouterStep, index: number): string {
  return router.settings.branches[index]?.branchName ?? `#${String(index + 1)}`;
}

/** Every chain of the flow (the main one, each loop body, each branch), outer before inner. */
function allChains(trigger: Trigger): Chain[] {
  const chains: Chain[] = [];
  const visit = (chain: Chain) => {
    chains.push(chain);
    for (const step of chain.steps) {
      if (step.type === 'LOOP_ON_ITEMS') {
        const head: Insertion = { parentStep: step.name, location: 'INSIDE_LOOP' };
        visit({ head, headLabel: describeInsertion(head), steps: chainSteps(step.firstLoopAction) });
      } else if (step.type === 'ROUTER') {
        step.children.forEach((child, branchIndex) => {
          const head: Insertion = { parentStep: step.name, location: 'INSIDE_BRANCH', branchIndex };
          visit({
            head,
            headLabel: `first ${describeInsertion(head, branchName(step, branchIndex))}`,
            steps: chainSteps(child),
          });
        });
      }
    }
  };
  const head: Insertion = { parentStep: trigger.name, location: 'AFTER' };
  visit({ head, headLabel: 'right after the trigger', steps: chainSteps(trigger.nextAction) });
  return chains;
}

function after(step: Step): InsertionChoice {
  return {
    insertion: { parentStep: step.name, location: 'AFTER' },
    label: `after ${step.name} (${step.displayName})`,
  };
}

/** Every insertion point of the flow: each chain's head, then after each of its steps. */
export function insertionChoices(trigger: Trigger): InsertionChoice[] {
  return allChains(trigger).flatMap((chain) => [
    { insertion: chain.head, label: chain.headLabel },
    ...chain.steps.map(after),
  ]);
}

/** The names of a step and of every step inside it (loop body, branches). */
export function subtreeNames(step: Step): Set<string> {
  const names = new Set<string>();
  const visit = (head: Step | null | undefined) => {
    for (let each = head; each; each = each.nextAction) {
      names.add(each.name);
      if (each.type === 'LOOP_ON_ITEMS') visit(each.firstLoopAction);
      if (each.type === 'ROUTER') each.children.forEach(visit);
    }
  };
  names.add(step.name);
  if (step.type === 'LOOP_ON_ITEMS') visit(step.firstLoopAction);
  if (step.type === 'ROUTER') step.children.forEach(visit);
  return names;
}

/** Where step `name` is: its chain and index, or undefined when there is no such step. */
function locate(trigger: Trigger, name: string): { chain: Chain; index: number } | undefined {
  for (const chain of allChains(trigger)) {
    const index = chain.steps.findIndex((step) => step.name === name);
    if (index !== -1) return { chain, index };
  }
  return undefined;
}

/** The insertion point that puts a step where the step at `index` of `chain` is. */
function pointBefore(chain: Chain, index: number): Insertion {
  const previous = chain.steps[index - 1];
  return previous === undefined ? chain.head : { parentStep: previous.name, location: 'AFTER' };
}

/** Where step `name` could move: every insertion point outside it, except where it already is. */
export function moveChoices(trigger: Trigger, name: string): InsertionChoice[] {
  const found = locate(trigger, name);
  if (found === undefined) return [];
  const moving = found.chain.steps[found.index]!;
  const inside = subtreeNames(moving);
  const current = pointBefore(found.chain, found.index);
  return insertionChoices(trigger).filter(
    (choice) => !inside.has(choice.insertion.parentStep) && !sameInsertion(choice.insertion, current),
  );
}

/** The targets of "Move up" and "Move down" for step `name` (undefined at either end of its chain). */
export function neighbourMoves(trigger: Trigger, name: string): { up?: Insertion; down?: Insertion } {
  const found = locate(trigger, name);
  if (found === undefined) return {};
  const { chain, index } = found;
  const next = chain.steps[index + 1];
  return {
    ...(index > 0 ? { up: pointBefore(chain, index - 1) } : {}),
    ...(next === undefined ? {} : { down: { parentStep: next.name, location: 'AFTER' } }),
  };
}

/** For every step, whether it is the first and the last of its chain (what "Move up/down" need). */
export function chainEnds(trigger: Trigger): Map<string, { first: boolean; last: boolean }> {
  const ends = new Map<string, { first: boolean; last: boolean }>();
  for (const chain of allChains(trigger)) {
    chain.steps.forEach((step, index) =>
      ends.set(step.name, { first: index === 0, last: index === chain.steps.length - 1 }),
    );
  }
  return ends;
}
