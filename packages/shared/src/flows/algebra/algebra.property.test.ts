import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../../common/errors';
import { FlowVersion } from '../flow-version';
import type { FlowOperation } from '../operations';
import { applyFlowVersionOperation } from './apply-operation';
import { getAllSteps } from './walk';
import { NOW, operationFor, randomDraft, seed, type Seed } from '../../testing';

/** The random draft of `seeds`; `check` sees each applied operation with the drafts around it. */
function run(
  seeds: Seed[],
  check: (before: FlowVersion, after: FlowVersion, operation: FlowOperation) => void = () => {},
): FlowVersion {
  return randomDraft(seeds, (before, operation, after) => check(before, after, operation));
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
