/**
 * Undo of every edit: random drafts, random operations, then their inverses applied in reverse
 * order give back each earlier draft's content (names, places, settings, branches, notes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPieceworkError } from '../../common/errors';
import type { FlowVersion } from '../flow-version';
import { applyFlowVersionOperation, type FlowVersionOperation } from './apply-operation';
import { inverseOperations } from './inverse-operation';
import { versionContent } from './version-content';
import { deepFreeze, emptyDraft, LATER, NOW, randomDraft, seed, type Seed } from '../../testing';

/** One applied edit: the draft before it, the operation, and the operations that undo it. */
interface Edit {
  before: FlowVersion;
  operation: FlowVersionOperation;
  after: FlowVersion;
  undo: FlowVersionOperation[];
}

function tryApply(version: FlowVersion, operation: FlowVersionOperation, now = NOW): FlowVersion | undefined {
  try {
    return deepFreeze(applyFlowVersionOperation(version, operation, { now, userId: 'u1' }));
  } catch (error) {
    if (isPieceworkError(error, 'FLOW_OPERATION_INVALID')) return undefined;
    throw error;
  }
}

/** The edits of the random draft of `seeds`, each with its inverses. */
function edits(seeds: Seed[]): Edit[] {
  const done: Edit[] = [];
  randomDraft(seeds, (before, operation, after) =>
    done.push({ before, operation, after, undo: inverseOperations(before, operation, after) }),
  );
  return done;
}

function applyAll(version: FlowVersion, operations: readonly FlowVersionOperation[]): FlowVersion {
  return operations.reduce(
    (current, operation) =>
      deepFreeze(applyFlowVersionOperation(current, operation, { now: LATER, userId: 'u1' })),
    version,
  );
}

/** A router added, its fallback branch deleted, then its last branch. */
const LAST_BRANCH_DELETED: Seed[] = [
  [0, 0, 266, 0],
  [9, 0, 0, 1],
  [9, 0, 0, 0],
];

describe('inverse flow operations', () => {
  it('undo of one edit gives back the draft before it', () => {
    fc.assert(
      fc.property(fc.array(seed, { maxLength: 30 }), (seeds) => {
        for (const edit of edits(seeds)) {
          const undone = applyAll(edit.after, edit.undo);
          expect(versionContent(undone), JSON.stringify(edit.operation)).toEqual(versionContent(edit.before));
        }
      }),
      // Always tried first: a router's last branch deleted (it was marked not ready), then undone.
      { numRuns: 200, examples: [[LAST_BRANCH_DELETED]] },
    );
  });

  it('undoing every edit from the last gives back each earlier draft, and redo each later one', () => {
    fc.assert(
      fc.property(fc.array(seed, { minLength: 1, maxLength: 25 }), (seeds) => {
        const done = edits(seeds);
        let version = done.at(-1)?.after ?? emptyDraft();
        for (const edit of [...done].reverse()) {
          version = applyAll(version, edit.undo);
          expect(versionContent(version)).toEqual(versionContent(edit.before));
        }
        for (const edit of done) {
          version = applyAll(version, [edit.operation]);
          expect(versionContent(version)).toEqual(versionContent(edit.after));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the names of deleted steps, so references to them work again after undo', () => {
    const withSteps = edits([
      [0, 0, 1, 0],
      [0, 1, 2, 0],
      [1, 2, 3, 1],
    ]).at(-1)!.after;
    const names = (version: FlowVersion) => JSON.stringify(version.trigger).match(/"name":"[^"]+"/g);
    const deleted = tryApply(withSteps, { type: 'DELETE_ACTION', request: { names: ['step_1', 'step_2'] } })!;
    const undo = inverseOperations(
      withSteps,
      { type: 'DELETE_ACTION', request: { names: ['step_1', 'step_2'] } },
      deleted,
    );
    expect(names(applyAll(deleted, undo))).toEqual(names(withSteps));
  });
});
