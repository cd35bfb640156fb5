import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../../common/errors';
import { FlowVersion } from '../flow-version';
import type { StepLocationRelativeToParent } from '../operations';
import type { Step, StepRequest } from '../step';
import { nextStepName } from '../algebra/naming';
import { getAllSteps } from '../algebra/walk';
import { apply, codeStep, emptyDraft, loopStep, pieceStep, routerStep } from '../../testing';
import type { PasteTarget } from './clipboard-format';
import { CopiedStepsClipboard } from './clipboard-format';
import { copySteps } from './copy-steps';
import { pasteOperations } from './paste-operations';

/** One random step addition: [kind of step, where, location choice, reference choice]. */
type AddSeed = [kind: number, where: number, choice: number, reference: number];
const addSeed = fc.tuple(fc.nat(3), fc.nat(1000), fc.nat(7), fc.nat(1000)) as fc.Arbitrary<AddSeed>;
const randomVersion = fc.array(addSeed, { maxLength: 25 }).map(buildVersion);

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length]!;
}

/** Where a step goes relative to `parent`, chosen by `choice`. */
function targetAt(parent: Step | FlowVersion['trigger'], choice: number): PasteTarget {
  const location: StepLocationRelativeToParent =
    parent.type === 'LOOP_ON_ITEMS' && choice % 2
      ? 'INSIDE_LOOP'
      : parent.type === 'ROUTER' && choice % 2
        ? 'INSIDE_BRANCH'
        : 'AFTER';
  return location === 'INSIDE_BRANCH' && parent.type === 'ROUTER'
    ? {
        parentStep: parent.name,
        stepLocationRelativeToParent: location,
        branchIndex: choice % parent.children.length,
      }
    : { parentStep: parent.name, stepLocationRelativeToParent: location };
}

/** A version grown by random ADD_ACTIONs; code steps reference a random earlier step. */
function buildVersion(seeds: AddSeed[]): FlowVersion {
  let version = emptyDraft();
  for (const [kind, where, choice, reference] of seeds) {
    const all = getAllSteps(version.trigger);
    const name = nextStepName(new Set(all.map((step) => step.name)));
    const referenced = pick(all, reference).name;
    const action: StepRequest = [
      codeStep(name, { value: `{{${referenced}['output']}}` }),
      loopStep(name, `{{${referenced}['output']}}`),
      routerStep(name, 1 + (choice % 2)),
      pieceStep(name),
    ][kind]!;
    const target = targetAt(pick(all, where), choice);
    version = apply(version, { type: 'ADD_ACTION', request: { ...target, action } });
  }
  return version;
}

/** The structure of a step and its nested chains, by type (names and settings left out). */
type Shape = [string, ...Shape[][]];
function shape(step: Step): Shape {
  if (step.type === 'LOOP_ON_ITEMS') return [step.type, chainShape(step.firstLoopAction)];
  if (step.type === 'ROUTER') return [step.type, ...step.children.map(chainShape)];
  return [step.type];
}
function chainShape(head: Step | null | undefined): Shape[] {
  const shapes: Shape[] = [];
  for (let step = head; step; step = step.nextAction) shapes.push(shape(step));
  return shapes;
}

/** The `count` steps starting at the step named `first`, following `nextAction`. */
function runFrom(version: FlowVersion, first: string, count: number): Step[] {
  const head = getAllSteps(version.trigger).find((step) => step.name === first) as Step;
  const run: Step[] = [];
  for (let step: Step | null | undefined = head; step && run.length < count; step = step.nextAction)
    run.push(step);
  return run;
}

describe('copy and paste properties', () => {
  it('pasting copied steps gives unique names, a version that parses, and the copied shape', () => {
    fc.assert(
      fc.property(
        randomVersion,
        randomVersion,
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 4 }),
        fc.nat(1000),
        fc.nat(7),
        (source, target, picks, where, choice) => {
          const steps = getAllSteps(source.trigger).slice(1) as Step[];
          fc.pre(steps.length > 0);
          const names = picks.map((index) => pick(steps, index).name);
          const text = copySteps(source, names);
          const copied = CopiedStepsClipboard.parse(JSON.parse(text)).actions;
          const at = targetAt(pick(getAllSteps(target.trigger), where), choice);
          const operations = pasteOperations(target, text, at);
          const pasted = apply(target, ...operations);

          const allNames = getAllSteps(pasted.trigger).map((step) => step.name);
          expect(new Set(allNames).size).toBe(allNames.length);
          const parsed = FlowVersion.safeParse(pasted);
          expect(parsed.success, parsed.error?.message).toBe(true);

          const first = operations[0]!.request.action.name;
          const run = runFrom(pasted, first, copied.length);
          expect(run.map(shape)).toEqual(copied.map(shape));

          // Removing the pasted top-level steps (bodies go with them) gives the target back.
          const topNames = run.map((step) => step.name);
          const removed = apply(pasted, { type: 'DELETE_ACTION', request: { names: topNames } });
          expect(removed.trigger).toEqual(target.trigger);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses any text that is not copied steps with a PieceworkError', () => {
    fc.assert(
      fc.property(randomVersion, fc.oneof(fc.string(), fc.json()), (target, text) => {
        let outcome: unknown;
        try {
          outcome = pasteOperations(target, text, {
            parentStep: 'trigger',
            stepLocationRelativeToParent: 'AFTER',
          });
        } catch (error) {
          expect(isPieceworkError(error, 'VALIDATION')).toBe(true);
          return;
        }
        // Random text is copied steps only when it is an empty list of them.
        expect(outcome).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
