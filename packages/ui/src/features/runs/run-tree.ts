/**
 * A run's steps as the run page's tree: the trigger, then each step that ran in execution order,
 * a router's steps under the branch that ran them, a loop's body steps under the loop for one
 * iteration at a time. The flow version gives the structure (a run's records are flat: a router's
 * branch steps sit beside the router, only loops nest them per iteration); records the version
 * does not explain (the flow was deleted, or its version is still loading) follow at the end in
 * the order they ran. Steps that did not run (skipped, a branch not taken) leave no record and no
 * node. Pure: the page chooses iterations and selection.
 */
import {
  formatStepPath,
  loopOutput,
  type FlowVersion,
  type Step,
  type StepOutput,
  type StepOutputs,
  type StepPath,
} from '@piecework/shared';

/** One step of the tree: its record and what is nested under it. */
export interface RunTreeStep {
  /** Unique in the tree: the step's place (`loop_1[2].step_3`, see `formatStepPath`). */
  readonly key: string;
  readonly name: string;
  readonly displayName: string;
  readonly record: StepOutput;
  /** A router's branches that ran steps, or a loop's body in the shown iteration. */
  readonly groups: readonly RunTreeGroup[];
  /** For a loop with iterations: how many and which one (0-based) is shown. */
  readonly loop?: { readonly count: number; readonly shown: number };
}

/** Steps nested under a step: a router branch (with its name) or a loop iteration's body. */
export interface RunTreeGroup {
  readonly label?: string;
  readonly steps: readonly RunTreeStep[];
}

/**
 * Which iteration of the loop whose key is `loopKey` to show, when the reader chose one; undefined
 * leaves the default: the last iteration of a loop that failed or is still running (where it
 * stopped), else the first.
 */
export type IterationChoice = (loopKey: string) => number | undefined;

interface Scope {
  readonly records: StepOutputs;
  readonly path: StepPath;
  readonly choose: IterationChoice;
  /** Names of this scope's records placed in the tree so far. */
  readonly placed: Set<string>;
}

/** The tree of `records` (a run's `steps`) shaped by `version` (undefined: flat, in run order). */
export function buildRunTree(
  version: Pick<FlowVersion, 'trigger'> | undefined,
  records: StepOutputs,
  choose: IterationChoice = () => undefined,
): RunTreeStep[] {
  const scope: Scope = { records, path: [], choose, placed: new Set() };
  const tree: RunTreeStep[] = [];
  const trigger = version?.trigger;
  if (trigger !== undefined) {
    const record = records[trigger.name];
    if (record !== undefined) {
      scope.placed.add(trigger.name);
      tree.push(leaf(scope, trigger.name, trigger.displayName, record));
    }
    tree.push(...chain(trigger.nextAction ?? undefined, scope));
  }
  return [...tree, ...unplaced(scope)];
}

/** The nodes of a chain of steps starting at `head`, in one scope. */
function chain(head: Step | undefined, scope: Scope): RunTreeStep[] {
  const nodes: RunTreeStep[] = [];
  for (let step = head; step !== undefined; step = step.nextAction ?? undefined) {
    const record = scope.records[step.name];
    if (record === undefined) continue;
    scope.placed.add(step.name);
    nodes.push(node(step, record, scope));
  }
  return nodes;
}

function node(step: Step, record: StepOutput, scope: Scope): RunTreeStep {
  if (step.type === 'ROUTER') {
    const groups = step.children.flatMap((child, index) => {
      const steps = chain(child ?? undefined, scope);
      const label = step.settings.branches[index]?.branchName ?? `Branch ${String(index + 1)}`;
      return steps.length === 0 ? [] : [{ label, steps }];
    });
    return { ...leaf(scope, step.name, step.displayName, record), groups };
  }
  if (step.type === 'LOOP_ON_ITEMS') return loopNode(step.name, step.displayName, record, scope, step);
  return leaf(scope, step.name, step.displayName, record);
}

function loopNode(
  name: string,
  displayName: string,
  record: StepOutput,
  scope: Scope,
  step: Extract<Step, { type: 'LOOP_ON_ITEMS' }> | undefined,
): RunTreeStep {
  const base = leaf(scope, name, displayName, record);
  const iterations = loopOutput(record)?.iterations ?? [];
  if (iterations.length === 0) return base;
  const stopped = record.status === 'FAILED' || record.status === 'RUNNING' || record.status === 'PAUSED';
  const chosen = scope.choose(base.key);
  const shown = clamp(chosen ?? (stopped ? iterations.length - 1 : 0), iterations.length);
  const inner: Scope = {
    records: iterations[shown]!,
    path: [...scope.path, { loopName: name, iteration: shown }],
    choose: scope.choose,
    placed: new Set(),
  };
  const steps = [...chain(step?.firstLoopAction ?? undefined, inner), ...unplaced(inner)];
  return {
    ...base,
    groups: steps.length === 0 ? [] : [{ steps }],
    loop: { count: iterations.length, shown },
  };
}

/** The records of `scope` no step of the version explained, in run order. */
function unplaced(scope: Scope): RunTreeStep[] {
  return Object.entries(scope.records)
    .filter(([name]) => !scope.placed.has(name))
    .map(([name, record]) =>
      record.type === 'LOOP_ON_ITEMS'
        ? loopNode(name, name, record, scope, undefined)
        : leaf(scope, name, name, record),
    );
}

function leaf(scope: Scope, name: string, displayName: string, record: StepOutput): RunTreeStep {
  return { key: formatStepPath(name, scope.path), name, displayName, record, groups: [] };
}

function clamp(index: number, count: number): number {
  return Math.min(Math.max(0, index), count - 1);
}

/** Every step of the tree, depth first in display order. */
export function flattenRunTree(tree: readonly RunTreeStep[]): RunTreeStep[] {
  return tree.flatMap((step) => [step, ...step.groups.flatMap((group) => flattenRunTree(group.steps))]);
}

/**
 * The step to select when the reader has not chosen one: the failed step (the deepest failed
 * record, so a failure inside a loop selects the body step, not the loop), else the first step.
 */
export function defaultSelection(tree: readonly RunTreeStep[]): RunTreeStep | undefined {
  const all = flattenRunTree(tree);
  const failed = all.filter((step) => step.record.status === 'FAILED');
  return failed[failed.length - 1] ?? all[0];
}
