import type { FlowVersion } from '../flow-version';
import { findReferenceProblems, type ReferenceScope } from '../references/reference-problems';
import { STEP_OWN_ISSUE_CODES, type FlowValidationIssue, type StepProblem } from '../validation-issue';
import { templateStringsOf } from './step-templates';
import { stepOwnProblems, triggerOwnProblems } from './step-own-problems';
import type { Step } from '../step';
import type { Trigger } from '../trigger';
import type { StepBody, TriggerBody } from './step-tree';
import { getAllSteps } from './walk';
import { isTriggerTreeValid } from './validity';

/** Checks only a caller with more knowledge can make (the server: code syntax, installed pieces). */
export interface FlowValidationChecks {
  /** More problems of one step or of the trigger (none by default). */
  checkStep?: (step: StepBody | TriggerBody) => readonly StepProblem[];
}

/** Names in scope at one point of a flow: a level's own names, then the levels around it. */
class Scope {
  readonly names = new Set<string>();
  constructor(private readonly parent?: Scope) {}
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
}

/** The chain from `head` with the `valid` flags in `flags` set; unchanged subtrees are kept as they are. */
function chainWithFlags(
  head: Step | null | undefined,
  flags: ReadonlyMap<string, boolean>,
): Step | undefined {
  if (!head) return undefined;
  const changes: Record<string, unknown> = {};
  let changed = false;
  const next = chainWithFlags(head.nextAction, flags);
  if (next !== (head.nextAction ?? undefined)) {
    changes.nextAction = next;
    changed = true;
  }
  const flag = flags.get(head.name);
  if (flag !== undefined && flag !== head.valid) {
    changes.valid = flag;
    changed = true;
  }
  if (head.type === 'LOOP_ON_ITEMS') {
    const body = chainWithFlags(head.firstLoopAction, flags);
    if (body !== (head.firstLoopAction ?? undefined)) {
      changes.firstLoopAction = body;
      changed = true;
    }
  } else if (head.type === 'ROUTER') {
    const children = head.children.map((child) => chainWithFlags(child, flags) ?? null);
    if (children.some((child, index) => child !== head.children[index])) {
      changes.children = children;
      changed = true;
    }
  }
  return changed ? ({ ...head, ...changes } as Step) : head;
}

/** `trigger` with the `valid` flags in `flags` set (by step name), copying only what changes. */
function withFlags(trigger: Trigger, flags: ReadonlyMap<string, boolean>): Trigger {
  if (flags.size === 0) return trigger;
  const next = chainWithFlags(trigger.nextAction, flags);
  const flag = flags.get(trigger.name);
  const valid = flag ?? trigger.valid;
  if (next === (trigger.nextAction ?? undefined) && valid === trigger.valid) return trigger;
  return { ...trigger, valid, nextAction: next } as Trigger;
}

/** The steps whose issues are all flow-wide: valid on their own (see {@link withBaseValidity}). */
function validOnTheirOwn(issues: readonly FlowValidationIssue[] | undefined): Map<string, boolean> {
  const restore = new Map<string, boolean>();
  if (issues === undefined) return restore;
  const ownInvalid = new Set(issues.filter((i) => STEP_OWN_ISSUE_CODES.has(i.code)).map((i) => i.stepName));
  for (const issue of issues) if (!ownInvalid.has(issue.stepName)) restore.set(issue.stepName, true);
  return restore;
}

/**
 * The version with each step's `valid` as it was before flow-wide checks made it false (a step
 * whose issues are all flow-wide was valid on its own) and no `validationIssues`. Operations
 * start from this, so a step invalid only through, say, a reference becomes valid again once
 * the reference is fixed elsewhere.
 */
export function withBaseValidity(version: FlowVersion): FlowVersion {
  if (version.validationIssues === undefined) return version;
  const { validationIssues: issues, ...rest } = version;
  return { ...rest, trigger: withFlags(version.trigger, validOnTheirOwn(issues)) };
}

/**
 * The one owner of "is this step valid, and why not": recomputes every step's and the
 * trigger's `valid`, the version's `valid` and its `validationIssues` — the step's own
 * completeness and its client's flag, its `{{ }}` references read in the scope where it runs
 * (`findReferenceProblems`), and the caller's `checks`. Skipped steps get their issues too,
 * but (as before) do not make the version invalid. Idempotent: validating again gives the same
 * version. The flow-version algebra calls it after every operation; the server calls it again
 * with its own checks before saving.
 */
export function validateFlowVersion(version: FlowVersion, checks: FlowValidationChecks = {}): FlowVersion {
  // Each step's own validity (the stored flag, or true when only flow-wide checks made it false).
  const restore = validOnTheirOwn(version.validationIssues);
  const baseValid = (step: Step | Trigger) => restore.get(step.name) ?? step.valid;
  const order = new Map<string, number>();
  for (const step of getAllSteps(version.trigger)) order.set(step.name, order.size);
  const issues: FlowValidationIssue[] = [];
  const flags = new Map<string, boolean>();
  const check = (step: Step | Trigger, own: StepProblem[], scope: Scope) => {
    const problems = own;
    const texts = templateStringsOf(step);
    if (texts.length > 0) {
      const referenceScope: ReferenceScope = { inScope: scope, order, position: order.get(step.name) ?? 0 };
      for (const text of texts) problems.push(...findReferenceProblems(text, referenceScope));
    }
    if (checks.checkStep) problems.push(...checks.checkStep(step));
    for (const problem of problems) issues.push({ stepName: step.name, ...problem });
    const valid = problems.length === 0;
    if (valid !== step.valid) flags.set(step.name, valid);
  };

  const trigger = version.trigger;
  check(trigger, triggerOwnProblems(trigger, baseValid(trigger)), new Scope());
  const walk = (head: Step | null | undefined, scope: Scope) => {
    for (let step = head; step; step = step.nextAction) {
      check(step, stepOwnProblems(step, baseValid(step)), scope);
      if (step.type === 'LOOP_ON_ITEMS') {
        const inside = new Scope(scope);
        inside.names.add(step.name);
        walk(step.firstLoopAction, inside);
      } else if (step.type === 'ROUTER') {
        // Branch steps are in scope after the router (they share its level), not in other branches.
        const name = step.name;
        const branches = step.children.map((child) => {
          const inside = new Scope(scope);
          inside.names.add(name);
          walk(child, inside);
          return inside;
        });
        for (const inside of branches) for (const branchName of inside.names) scope.names.add(branchName);
      }
      scope.names.add(step.name);
    }
  };
  const top = new Scope();
  top.names.add(trigger.name);
  walk(trigger.nextAction, top);

  const flagged = withFlags(trigger, flags);
  return { ...version, trigger: flagged, valid: isTriggerTreeValid(flagged), validationIssues: issues };
}
