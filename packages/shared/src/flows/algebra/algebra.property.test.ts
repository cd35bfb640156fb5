import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../../common/errors';
import { FlowVersion } from '../flow-version';
import type { FlowOperation } from '../operations';
import type { Step, StepRequest } from '../step';
import { applyFlowVersionOperation, type FlowVersionOperation } from './apply-operation';
import { nextStepName } from './naming';
import { getAllSteps } from './walk';
import { codeStep, deepFreeze, emptyDraft, loopStep, NOW, pieceStep, routerStep } from '../../testing';

/** One random choice of operation, interpreted against the current version. */
type Seed = [kind: number, a: number, b: number, c: number];
const seed = fc.tuple(fc.nat(14), fc.nat(1000), fc.nat(1000), fc.nat(3)) as fc.Arbitrary<Seed>;

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length]!;
}

function newStep(kind: number, name: string): StepRequest {
  return [codeStep(name), loopStep(name), routerStep(name, 1 + (kind % 2)), pieceStep(name)][kind % 4]!;
}

/** Turns a seed into a concrete operation on `version` (possibly one that must be refused). */
function operationFor(version: FlowVersion, [kind, a, b, c]: Seed): FlowOperation {
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
    default:
      return {
        type: 'UPDATE_SAMPLE_DATA_INFO',
        request: { stepName: target.name, sampleDataSettings: c % 2 ? null : { sampleDataFileId: `f${b}` } },
      };
  }
}

/** Applies the seeds in order; refused operations (FLOW_OPERATION_INVALID) leave the version as it was. */
function run(
  seeds: Seed[],
  check: (before: FlowVersion, after: FlowVersion, operation: FlowOperation) => void = () => {},
): FlowVersion {
  let version = deepFreeze(emptyDraft());
  for (const s of seeds) {
    const operation = operationFor(version, s);
    try {
      const next = deepFreeze(
        applyFlowVersionOperation(version, operation as FlowVersionOperation, { now: NOW }),
      );
      check(version, next, operation);
      version = next;
    } catch (error) {
      if (!isPieceworkError(error, 'FLOW_OPERATION_INVALID')) throw error;
    }
  }
  return version;
}

function assertWellFormed(version: FlowVersion) {
  const steps = getAllSteps(version.trigger);
  const names = steps.map((step) => step.name);
  expect(new Set(names).size).toBe(names.length);
  expect(new Set(steps).size).toBe(steps.length);
  const parsed = FlowVersion.safeParse(version);
  expect(parsed.success, parsed.error?.message).toBe(true);
}

describe('flow-version algebra properties', () => {
  it('names stay unique, every step is reachable exactly once, and every result parses', () => {
    fc.assert(
      fc.property(fc.array(seed, { maxLength: 40 }), (seeds) => {
        run(seeds, (_, after) => assertWellFormed(after));
      }),
      { numRuns: 150 },
    );
  });

  it('never mutates its input (inputs are deep-frozen and compared)', () => {
    fc.assert(
      fc.property(fc.array(seed, { maxLength: 30 }), (seeds) => {
        const snapshots: [FlowVersion, FlowVersion][] = [];
        run(seeds, (before) => snapshots.push([before, structuredClone(before)]));
        for (const [live, copy] of snapshots) expect(live).toEqual(copy);
      }),
      { numRuns: 100 },
    );
  });

  it('DELETE after ADD gives back the original tree', () => {
    fc.assert(
      fc.property(fc.array(seed, { maxLength: 30 }), seed, (seeds, addSeed) => {
        const version = run(seeds);
        const addition = operationFor(version, [addSeed[0] % 3, ...addSeed.slice(1)] as Seed);
        if (addition.type !== 'ADD_ACTION') throw new Error('expected ADD_ACTION');
        let added: FlowVersion;
        try {
          added = applyFlowVersionOperation(version, addition, { now: NOW });
        } catch (error) {
          if (isPieceworkError(error, 'FLOW_OPERATION_INVALID')) return;
          throw error;
        }
        const removed = applyFlowVersionOperation(
          added,
          { type: 'DELETE_ACTION', request: { names: [addition.request.action.name] } },
          { now: NOW },
        );
        expect(removed.trigger).toEqual(version.trigger);
        expect(removed.valid).toBe(version.valid);
      }),
      { numRuns: 150 },
    );
  });
});
