import type { FlowVersion } from '../flow-version';
import { findReferenceProblems, type ReferenceScope } from '../references/reference-problems';
import { STEP_OWN_ISSUE_CODES, type FlowValidationIssue, type StepProblem } from '../validation-issue';
import { mapStepTemplates } from './step-templates';
import { stepOwnProblems, triggerOwnProblems } from './step-own-problems';
import { allNodes, linkTree, unlinkTree, type StepBody, type StepNode, type TriggerBody } from './step-tree';
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

/**
 * The version with each step's `valid` as it was before flow-wide checks made it false (a step
 * whose issues are all flow-wide was valid on its own) and no `validationIssues`. Operations
 * start from this, so a step invalid only through, say, a reference becomes valid again once
 * the reference is fixed elsewhere.
 */
export function withBaseValidity(version: FlowVersion): FlowVersion {
  const issues = version.validationIssues;
  if (issues === undefined) return version;
  const { validationIssues: _issues, ...rest } = version;
  const ownInvalid = new Set(issues.filter((i) => STEP_OWN_ISSUE_CODES.has(i.code)).map((i) => i.stepName));
  const restore = new Set(issues.map((issue) => issue.stepName).filter((name) => !ownInvalid.has(name)));
  if (restore.size === 0) return rest;
  const tree = unlinkTree(version.trigger);
  if (restore.has(tree.trigger.name)) tree.trigger = { ...tree.trigger, valid: true };
  for (const node of allNodes(tree)) {
    if (restore.has(node.body.name)) node.body = { ...node.body, valid: true };
  }
  return { ...rest, trigger: linkTree(tree) };
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
  const base = withBaseValidity(version);
  const tree = unlinkTree(base.trigger);
  const order = new Map<string, number>([[tree.trigger.name, 0]]);
  for (const node of allNodes(tree)) order.set(node.body.name, order.size);
  const issues: FlowValidationIssue[] = [];
  const problemsOf = (step: StepBody | TriggerBody, own: StepProblem[], scope: Scope) => {
    const position = order.get(step.name) ?? 0;
    const referenceScope: ReferenceScope = { has: (name) => scope.has(name), order, position };
    const problems = [...own];
    mapStepTemplates(step, (text) => {
      problems.push(...findReferenceProblems(text, referenceScope));
      return text;
    });
    if (checks.checkStep) problems.push(...checks.checkStep(step));
    for (const problem of problems) issues.push({ stepName: step.name, ...problem });
    return problems.length === 0;
  };

  let changed = false;
  const triggerValid = problemsOf(
    tree.trigger,
    triggerOwnProblems(tree.trigger, tree.trigger.valid),
    new Scope(),
  );
  if (triggerValid !== tree.trigger.valid) {
    tree.trigger = { ...tree.trigger, valid: triggerValid };
    changed = true;
  }
  const walk = (chain: readonly StepNode[], scope: Scope) => {
    for (const node of chain) {
      const body = node.body;
      const valid = problemsOf(body, stepOwnProblems(body, body.valid), scope);
      if (valid !== body.valid) {
        node.body = { ...body, valid };
        changed = true;
      }
      if (body.type === 'LOOP_ON_ITEMS') {
        const inside = new Scope(scope);
        inside.names.add(body.name);
        walk(node.chains[0] ?? [], inside);
      } else if (body.type === 'ROUTER') {
        // Branch steps are in scope after the router (they share its level), not in other branches.
        const branches = node.chains.map((branch) => {
          const inside = new Scope(scope);
          inside.names.add(body.name);
          walk(branch, inside);
          return inside;
        });
        for (const inside of branches) for (const name of inside.names) scope.names.add(name);
      }
      scope.names.add(body.name);
    }
  };
  const top = new Scope();
  top.names.add(tree.trigger.name);
  walk(tree.chain, top);

  const trigger = changed ? linkTree(tree) : base.trigger;
  return { ...base, trigger, valid: isTriggerTreeValid(trigger), validationIssues: issues };
}
