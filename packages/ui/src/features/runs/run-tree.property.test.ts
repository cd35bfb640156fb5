import {
  findStep,
  loopOutput,
  parseStepPath,
  type FlowVersion,
  type Step,
  type StepOutput,
  type StepOutputs,
} from '@piecework/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subtreeNames } from '../builder/structure/step-positions';
import { code, flowOf, loop, router } from '../builder/structure/test-flows';
import { buildRunTree, defaultSelection, flattenRunTree, type RunTreeStep } from './run-tree';

/** A step of a random flow before it is named: a plain step, a loop with a body, or a router. */
type Shape = { kind: 'code' } | { kind: 'loop'; body: Shape[] } | { kind: 'router'; branches: Shape[][] };

const shapes: fc.Arbitrary<Shape[]> = fc.letrec<{ chain: Shape[] }>((tie) => ({
  chain: fc.array(
    fc.oneof(
      { depthSize: 'small', maxDepth: 3, depthIdentifier: 'chain', withCrossShrink: true },
      fc.constant<Shape>({ kind: 'code' }),
      tie('chain').map((body): Shape => ({ kind: 'loop', body })),
      fc
        .array(tie('chain'), { minLength: 1, maxLength: 3, depthIdentifier: 'chain' })
        .map((branches): Shape => ({ kind: 'router', branches })),
    ),
    { minLength: 1, maxLength: 4, depthIdentifier: 'chain' },
  ),
})).chain;

/** The steps of `chain`, named `step_1`, `step_2`... in reading order. */
function stepsOf(chain: Shape[]): Step[] {
  let count = 0;
  const build = (steps: Shape[]): Step[] =>
    steps.map((shape) => {
      const name = `step_${String(++count)}`;
      if (shape.kind === 'loop') return loop(name, build(shape.body));
      if (shape.kind === 'router') return router(name, shape.branches.map(build));
      return code(name);
    });
  return build(chain);
}

function chainOf(head: Step | null | undefined): Step[] {
  const steps: Step[] = [];
  for (let step = head; step; step = step.nextAction) steps.push(step);
  return steps;
}

const STATUSES = ['SUCCEEDED', 'FAILED', 'RUNNING', 'PAUSED'] as const;

/**
 * The records of a run of `steps` as the engine keeps them, each decision taken from `choices`:
 * a step runs or is skipped (no record), with some status; a loop runs 0 to 3 iterations, each
 * with its own records; a router runs any of its branches, whose records sit beside its own;
 * now and then a record of a step the version no longer has turns up.
 */
function runOf(steps: Step[], choices: number[]): StepOutputs {
  let turn = 0;
  let ghosts = 0;
  const next = () => choices[turn++ % choices.length]!;
  const walk = (chain: Step[], records: StepOutputs) => {
    for (const step of chain) {
      if (next() === 0) continue;
      const status = STATUSES[next() % STATUSES.length]!;
      if (step.type === 'LOOP_ON_ITEMS') {
        const iterations: StepOutputs[] = [];
        for (let index = 0, count = next(); index < count; index++) {
          const iteration: StepOutputs = {};
          walk(chainOf(step.firstLoopAction), iteration);
          iterations.push(iteration);
        }
        records[step.name] = record(status, 'LOOP_ON_ITEMS', { index: iterations.length, iterations });
      } else {
        records[step.name] = record(status, step.type);
        if (step.type === 'ROUTER')
          for (const child of step.children) if (next() > 1) walk(chainOf(child), records);
      }
      if (next() === 3) records[`ghost_${String(++ghosts)}`] = record('SUCCEEDED', 'CODE');
    }
  };
  const records: StepOutputs = { trigger: record('SUCCEEDED', 'PIECE_TRIGGER') };
  walk(steps, records);
  return records;
}

function record(status: StepOutput['status'], type: StepOutput['type'], output?: unknown): StepOutput {
  return { type, status, input: {}, output, duration: 1 };
}

const runs = fc
  .tuple(shapes, fc.array(fc.nat(3), { minLength: 1, maxLength: 50 }), fc.array(fc.nat(4), { maxLength: 5 }))
  .map(([chain, choices, picks]) => {
    const steps = stepsOf(chain);
    const version: Pick<FlowVersion, 'trigger'> = { trigger: flowOf(...steps) };
    let pick = 0;
    // The reader's iteration choices: none, or some (possibly out of range) for the loops asked.
    const chosen = new Map<string, number>();
    const choose = (key: string) => {
      if (!chosen.has(key) && pick < picks.length) chosen.set(key, picks[pick++]! - 1);
      return chosen.get(key);
    };
    return { version, records: runOf(steps, choices), choose };
  });

/** The records of the scope a tree key's path names (`loop[1].step` is in iteration 1 of loop). */
function scopeOf(records: StepOutputs, key: string): StepOutputs | undefined {
  let scope: StepOutputs | undefined = records;
  for (const { loopName, iteration } of parseStepPath(key).path)
    scope = loopOutput(scope?.[loopName])?.iterations[iteration];
  return scope;
}

/** The tree's steps by the scope (the loop iteration they are in, '' for none) they were listed in. */
function byScope(tree: readonly RunTreeStep[]): Map<string, RunTreeStep[]> {
  const scopes = new Map<string, RunTreeStep[]>();
  for (const step of flattenRunTree(tree)) {
    const scope = step.key.slice(0, step.key.length - step.name.length);
    scopes.set(scope, [...(scopes.get(scope) ?? []), step]);
  }
  return scopes;
}

describe('buildRunTree, for random runs of random flows', () => {
  it('shows each record of every shown scope once, as its own record, nothing that did not run', () => {
    fc.assert(
      fc.property(runs, ({ version, records, choose }) => {
        const tree = buildRunTree(version, records, choose);
        const all = flattenRunTree(tree);
        expect(new Set(all.map((step) => step.key)).size).toBe(all.length);
        for (const step of all) expect(scopeOf(records, step.key)?.[step.name], step.key).toBe(step.record);
        const shown = [
          '',
          ...all.flatMap((step) => (step.loop ? [`${step.key}[${String(step.loop.shown)}].`] : [])),
        ];
        const scopes = byScope(tree);
        for (const scope of shown) {
          const names = (scopes.get(scope) ?? []).map((step) => step.name).sort();
          expect(names, scope).toEqual(Object.keys(scopeOf(records, `${scope}x`) ?? {}).sort());
        }
      }),
    );
  });

  it("lists a scope's steps in the flow's order (a router's branch steps after it), unknown ones last", () => {
    fc.assert(
      fc.property(runs, ({ version, records, choose }) => {
        const tree = buildRunTree(version, records, choose);
        const order = new Map<string, number>();
        const visit = (head: Step | null | undefined) => {
          for (const step of chainOf(head)) {
            order.set(step.name, order.size);
            if (step.type === 'LOOP_ON_ITEMS') visit(step.firstLoopAction);
            if (step.type === 'ROUTER') step.children.forEach(visit);
          }
        };
        order.set('trigger', -1);
        visit(version.trigger.nextAction);
        for (const [scope, steps] of byScope(tree)) {
          const ranks = steps.map((step) => order.get(step.name) ?? Infinity);
          expect(ranks, scope).toEqual([...ranks].sort((a, b) => a - b));
          const unknown = steps.filter((step) => !order.has(step.name)).map((step) => step.name);
          const inRunOrder = Object.keys(scopeOf(records, `${scope}x`) ?? {}).filter(
            (name) => !order.has(name),
          );
          expect(unknown, scope).toEqual(inRunOrder);
        }
      }),
    );
  });

  it('nests each step under the loop or router that holds it in the flow, the others at the top', () => {
    fc.assert(
      fc.property(runs, ({ version, records, choose }) => {
        const holder = new Map<string, string | undefined>();
        const visit = (head: Step | null | undefined, parent: string | undefined) => {
          for (const step of chainOf(head)) {
            holder.set(step.name, parent);
            if (step.type === 'LOOP_ON_ITEMS') visit(step.firstLoopAction, step.name);
            if (step.type === 'ROUTER') step.children.forEach((child) => visit(child, step.name));
          }
        };
        visit(version.trigger.nextAction, undefined);
        const problems: string[] = [];
        const check = (steps: readonly RunTreeStep[], parent: RunTreeStep | undefined) => {
          for (const step of steps) {
            // A step the version does not have sits where its record is: at the top, or in its loop.
            const expected = holder.has(step.name)
              ? holder.get(step.name)
              : parseStepPath(step.key).path.at(-1)?.loopName;
            if (parent?.name !== expected) problems.push(`${step.key} under ${String(parent?.key)}`);
            for (const group of step.groups) check(group.steps, step);
          }
        };
        check(buildRunTree(version, records, choose), undefined);
        expect(problems).toEqual([]);
      }),
    );
  });

  it("puts a router's branch steps under the branch that holds them, labelled with its name", () => {
    fc.assert(
      fc.property(runs, ({ version, records, choose }) => {
        for (const node of flattenRunTree(buildRunTree(version, records, choose))) {
          if (node.record.type !== 'ROUTER') continue;
          const step = findStep(version, node.name);
          if (step?.type !== 'ROUTER') continue;
          for (const group of node.groups) {
            const index = step.settings.branches.findIndex((branch) => branch.branchName === group.label);
            const branch = new Set(chainOf(step.children[index]).flatMap((each) => [...subtreeNames(each)]));
            for (const inner of group.steps)
              expect(branch.has(inner.name), `${inner.key} in ${group.label}`).toBe(true);
          }
        }
      }),
    );
  });

  it('shows a loop at the chosen iteration within range, else where it stopped, else its first', () => {
    fc.assert(
      fc.property(runs, ({ version, records, choose }) => {
        for (const node of flattenRunTree(buildRunTree(version, records, choose))) {
          const count = loopOutput(node.record)?.iterations.length ?? 0;
          if (count === 0) {
            expect(node.loop).toBeUndefined();
            continue;
          }
          const stopped = ['FAILED', 'RUNNING', 'PAUSED'].includes(node.record.status);
          const wanted = choose(node.key) ?? (stopped ? count - 1 : 0);
          expect(node.loop).toEqual({ count, shown: Math.min(Math.max(0, wanted), count - 1) });
        }
      }),
    );
  });

  it('selects the last failed step shown, else the first step', () => {
    fc.assert(
      fc.property(runs, ({ version, records, choose }) => {
        const tree = buildRunTree(version, records, choose);
        const all = flattenRunTree(tree);
        const failed = all.filter((step) => step.record.status === 'FAILED');
        expect(defaultSelection(tree)).toBe(failed.length === 0 ? all[0] : failed.at(-1));
      }),
    );
  });
});
