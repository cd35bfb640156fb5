/**
 * Random flow operations for property tests of the flow-version algebra: a fast-check seed and
 * its reading as a concrete operation against the version at hand.
 */
import fc from 'fast-check';
import type { FlowVersion } from '../flows/flow-version';
import type { FlowOperation } from '../flows/operations';
import { isPieceworkError } from '../common/errors';
import { applyFlowVersionOperation, type FlowVersionOperation } from '../flows/algebra/apply-operation';
import type { Step, StepRequest } from '../flows/step';
import { nextStepName } from '../flows/algebra/naming';
import { getAllSteps } from '../flows/algebra/walk';
import {
  codeStep,
  deepFreeze,
  emptyDraft,
  loopStep,
  NOW,
  pieceStep,
  routerStep,
  webhookTrigger,
} from './flow-builders';

/** One random choice of operation (fast-check), interpreted against the current version by {@link operationFor}. */
export type Seed = [kind: number, a: number, b: number, c: number];
export const seed = fc.tuple(fc.nat(19), fc.nat(1000), fc.nat(1000), fc.nat(3)) as fc.Arbitrary<Seed>;

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length]!;
}

function newStep(kind: number, name: string): StepRequest {
  return [codeStep(name), loopStep(name), routerStep(name, 1 + (kind % 2)), pieceStep(name)][kind % 4]!;
}

/**
 * Turns a seed into a concrete operation on `version` (possibly one that must be refused): adds,
 * deletes, moves, duplicates, skips and updates of steps, branch edits, renames, notes and
 * sample-data pointers. Use it in property tests of the flow-version algebra.
 */
export function operationFor(version: FlowVersion, [kind, a, b, c]: Seed): FlowOperation {
  const all = getAllSteps(version.trigger);
  const steps = all.slice(1) as Step[];
  const names = new Set(all.map((step) => step.name));
  const target = pick(all, a);
  const routers = steps.filter((step) => step.type === 'ROUTER');
  const location = (parent: typeof target) =>
    parent.type === 'LOOP_ON_ITEMS'
      ? { location: c % 2 ? ('INSIDE_LOOP' as const) : ('AFTER' as const), branchIndex: undefined }
      : parent.type === 'ROUTER'
        ? {
            location: c % 2 ? ('INSIDE_BRANCH' as const) : ('AFTER' as const),
            branchIndex: b % parent.settings.branches.length,
          }
        : { location: undefined, branchIndex: undefined };
  const router = routers.length > 0 ? pick(routers, b) : undefined;
  switch (kind) {
    case 0:
    case 1:
    case 2: {
      const where = location(target);
      return {
        type: 'ADD_ACTION',
        request: {
          parentStep: target.name,
          action: newStep(b, nextStepName(names)),
          stepLocationRelativeToParent: where.location,
          branchIndex: where.branchIndex,
        },
      };
    }
    case 3:
      return {
        type: 'DELETE_ACTION',
        request: { names: [target.name === 'trigger' ? 'missing' : target.name] },
      };
    case 4: {
      const parent = pick(all, b);
      const where = location(parent);
      return {
        type: 'MOVE_ACTION',
        request: {
          name: target.name,
          newParentStep: parent.name,
          stepLocationRelativeToNewParent: where.location,
          branchIndex: where.branchIndex,
        },
      };
    }
    case 5:
      return { type: 'DUPLICATE_ACTION', request: { stepName: target.name } };
    case 6:
      return { type: 'SET_SKIP_ACTION', request: { names: [target.name], skip: c % 2 === 0 } };
    case 7:
      return { type: 'UPDATE_ACTION', request: { ...newStep(b, target.name), displayName: `updated ${b}` } };
    case 8:
      return {
        type: 'ADD_BRANCH',
        request: { stepName: router?.name ?? target.name, branchIndex: c, branchName: `b${b}` },
      };
    case 9:
      return { type: 'DELETE_BRANCH', request: { stepName: router?.name ?? target.name, branchIndex: c } };
    case 10:
      return { type: 'DUPLICATE_BRANCH', request: { stepName: router?.name ?? target.name, branchIndex: c } };
    case 11:
      return {
        type: 'MOVE_BRANCH',
        request: { stepName: router?.name ?? target.name, sourceBranchIndex: c, targetBranchIndex: b % 4 },
      };
    case 12:
      return { type: 'CHANGE_NAME', request: { displayName: `name ${a}` } };
    case 13:
      return {
        type: 'ADD_NOTE',
        request: {
          id: `n${a}`,
          content: 'x',
          color: 'blue',
          position: { x: a, y: b },
          size: { width: 1, height: 1 },
        },
      };
    case 15:
      return {
        type: 'UPDATE_TRIGGER',
        request: {
          ...webhookTrigger(),
          displayName: `trigger ${a}`,
          settings: { ...webhookTrigger().settings, input: { n: b } },
        },
      };
    case 16: {
      const note = version.notes.length > 0 ? pick(version.notes, a) : undefined;
      return {
        type: 'UPDATE_NOTE',
        request: {
          id: note?.id ?? `n${a}`,
          content: `note ${b}`,
          color: 'yellow',
          position: { x: b, y: a },
          size: { width: 2, height: c },
        },
      };
    }
    case 17: {
      const note = version.notes.length > 0 ? pick(version.notes, a) : undefined;
      return { type: 'DELETE_NOTE', request: { id: note?.id ?? `n${a}` } };
    }
    case 18:
      return {
        type: 'DELETE_ACTION',
        request: { names: [pick(steps, a)?.name ?? 'missing', pick(steps, b)?.name ?? 'missing'] },
      };
    case 19:
      return {
        type: 'IMPORT_FLOW',
        request: {
          displayName: `imported ${a}`,
          trigger: { ...webhookTrigger(), nextAction: { ...codeStep(`imported_${b}`), valid: true } },
          notes: [],
        },
      };
    default:
      return {
        type: 'UPDATE_SAMPLE_DATA_INFO',
        request: { stepName: target.name, sampleDataSettings: c % 2 ? null : { sampleDataFileId: `f${b}` } },
      };
  }
}

/**
 * A draft grown from an empty one by the operations the seeds stand for ({@link operationFor}),
 * each applied at `NOW` by user `u1` and deep-frozen; an operation the algebra refuses
 * (`FLOW_OPERATION_INVALID`) leaves the draft as it was. `onApplied` sees each applied one with
 * the draft before and after it. Use it to get random drafts in property tests.
 */
export function randomDraft(
  seeds: readonly Seed[],
  onApplied: (before: FlowVersion, operation: FlowVersionOperation, after: FlowVersion) => void = () => {},
): FlowVersion {
  let version = deepFreeze(emptyDraft());
  for (const s of seeds) {
    const operation = operationFor(version, s) as FlowVersionOperation;
    let next: FlowVersion;
    try {
      next = deepFreeze(applyFlowVersionOperation(version, operation, { now: NOW, userId: 'u1' }));
    } catch (error) {
      if (!isPieceworkError(error, 'FLOW_OPERATION_INVALID')) throw error;
      continue;
    }
    onApplied(version, operation, next);
    version = next;
  }
  return version;
}
