import { CURRENT_SCHEMA_VERSION, type FlowVersion } from '../flow-version';
import type { Note } from '../note';
import type { FlowOperationRequest } from '../operations';
import { applyFlowVersionOperation, type FlowVersionOperation } from './apply-operation';
import { placeOfStep } from './step-location';
import {
  restoreChain,
  restoreNestedChains,
  restoreNode,
  restoreSampleData,
  sampleDataOf,
  stepRequestOf,
  triggerRequestOf,
} from './restore-steps';
import { allNodes, locateStep, unlinkTree, type StepNode, type StepTree } from './step-tree';
import { withBaseValidity } from './validate-version';

/**
 * The flow operations that undo `operation`, which turned draft `before` into `after`: applied
 * in order to `after` (through the same API as any edit), they give back `before`'s content —
 * the same steps, names, places, settings, skips, branches, sample-data files, notes and name;
 * only timestamps (`lastUpdatedDate`, `updated`, note times) are new (see `versionContent`).
 * Use it for the builder's undo: keep the answer with the edit, send it to undo, and send the
 * edit again to redo.
 *
 * A deleted step comes back with its loop body or router branches, step by step (ADD_ACTION
 * adds one step at a time); a deleted note comes back last in the list of notes.
 */
export function inverseOperations(
  before: FlowVersion,
  operation: FlowVersionOperation,
  after: FlowVersion,
): FlowVersionOperation[] {
  const tree = unlinkTree(withBaseValidity(before).trigger);
  switch (operation.type) {
    case 'ADD_ACTION':
      return [{ type: 'DELETE_ACTION', request: { names: [operation.request.action.name] } }];
    case 'UPDATE_ACTION':
      return undoUpdate(tree, operation.request.name, after);
    case 'DELETE_ACTION':
      return undoDelete(before, operation.request.names);
    case 'MOVE_ACTION':
      return undoMove(tree, operation.request.name);
    case 'DUPLICATE_ACTION':
      return undoDuplicate(after, operation.request.stepName);
    case 'SET_SKIP_ACTION':
      return [...new Set(operation.request.names)].flatMap((name) => undoUpdate(tree, name, after));
    case 'ADD_BRANCH':
      return [
        {
          type: 'DELETE_BRANCH',
          request: { stepName: operation.request.stepName, branchIndex: operation.request.branchIndex },
        },
      ];
    case 'DELETE_BRANCH':
      return undoDeleteBranch(tree, operation.request);
    case 'DUPLICATE_BRANCH':
      return [
        {
          type: 'DELETE_BRANCH',
          request: { stepName: operation.request.stepName, branchIndex: operation.request.branchIndex + 1 },
        },
      ];
    case 'MOVE_BRANCH':
      return [
        {
          type: 'MOVE_BRANCH',
          request: {
            stepName: operation.request.stepName,
            sourceBranchIndex: operation.request.targetBranchIndex,
            targetBranchIndex: operation.request.sourceBranchIndex,
          },
        },
      ];
    case 'UPDATE_TRIGGER':
      return [{ type: 'UPDATE_TRIGGER', request: triggerRequestOf(tree.trigger) }];
    case 'IMPORT_FLOW':
      return undoImport(before, tree);
    case 'CHANGE_NAME':
      return [{ type: 'CHANGE_NAME', request: { displayName: before.displayName } }];
    case 'ADD_NOTE':
      return [{ type: 'DELETE_NOTE', request: { id: operation.request.id } }];
    case 'UPDATE_NOTE':
      return undoNote(before.notes, operation.request.id, 'UPDATE_NOTE');
    case 'DELETE_NOTE':
      return undoNote(before.notes, operation.request.id, 'ADD_NOTE');
    case 'UPDATE_SAMPLE_DATA_INFO':
      return undoSampleData(tree, operation.request.stepName);
    default:
      return assertNever(operation);
  }
}

function nodeOf(tree: StepTree, name: string): StepNode | undefined {
  return locateStep(tree, name)?.node;
}

/** Puts step `name`'s fields back; a loop or router that became another type gets its body back. */
function undoUpdate(tree: StepTree, name: string, after: FlowVersion): FlowVersionOperation[] {
  const node = nodeOf(tree, name);
  if (node === undefined) return [];
  // UPDATE_ACTION keeps nested chains while the type stays; a change of type dropped them.
  const typeKept = nodeOf(unlinkTree(after.trigger), name)?.body.type === node.body.type;
  return [
    { type: 'UPDATE_ACTION', request: stepRequestOf(node.body) },
    ...(typeKept ? [] : restoreNestedChains(node)),
  ];
}

/** Each deleted step back where it was, the last deleted first. */
function undoDelete(before: FlowVersion, names: readonly string[]): FlowVersionOperation[] {
  const restores: FlowVersionOperation[][] = [];
  let version = before;
  for (const name of names) {
    const tree = unlinkTree(withBaseValidity(version).trigger);
    const node = nodeOf(tree, name);
    const place = placeOfStep(tree, name);
    if (node === undefined || place === undefined) continue;
    restores.push(restoreNode(node, place));
    version = applyFlowVersionOperation(
      version,
      { type: 'DELETE_ACTION', request: { names: [name] } },
      { now: version.updated },
    );
  }
  return restores.reverse().flat();
}

function undoMove(tree: StepTree, name: string): FlowVersionOperation[] {
  const place = placeOfStep(tree, name);
  if (place === undefined) return [];
  return [
    {
      type: 'MOVE_ACTION',
      request: {
        name,
        newParentStep: place.parentStep,
        stepLocationRelativeToNewParent: place.stepLocationRelativeToParent,
        ...(place.branchIndex === undefined ? {} : { branchIndex: place.branchIndex }),
      },
    },
  ];
}

/** The copy DUPLICATE_ACTION put right after the original goes. */
function undoDuplicate(after: FlowVersion, stepName: string): FlowVersionOperation[] {
  const location = locateStep(unlinkTree(after.trigger), stepName);
  const copy = location?.chain[location.chain.indexOf(location.node) + 1];
  return copy === undefined ? [] : [{ type: 'DELETE_ACTION', request: { names: [copy.body.name] } }];
}

/** The branch back at its index with its name, conditions (or FALLBACK type) and steps. */
function undoDeleteBranch(
  tree: StepTree,
  request: FlowOperationRequest<'DELETE_BRANCH'>,
): FlowVersionOperation[] {
  const router = nodeOf(tree, request.stepName);
  if (router === undefined || router.body.type !== 'ROUTER') return [];
  const branch = router.body.settings.branches[request.branchIndex];
  if (branch === undefined) return [];
  const chain = router.chains[request.branchIndex] ?? [];
  return [
    {
      type: 'ADD_BRANCH',
      request: {
        stepName: request.stepName,
        branchIndex: request.branchIndex,
        branchName: branch.branchName,
        ...(branch.branchType === 'CONDITION' ? { conditions: branch.conditions } : {}),
      },
    },
    // ADD_BRANCH makes a CONDITION branch, and leaves the router's `valid` as the deletion left
    // it (deleting its last branch marks it not ready): the router's own settings give back a
    // FALLBACK branch and its validity.
    { type: 'UPDATE_ACTION' as const, request: stepRequestOf(router.body) },
    ...restoreChain(chain, {
      parentStep: request.stepName,
      stepLocationRelativeToParent: 'INSIDE_BRANCH',
      branchIndex: request.branchIndex,
    }),
  ];
}

/** The whole draft as it was: IMPORT_FLOW of it, then its sample-data files (an import drops them). */
function undoImport(before: FlowVersion, tree: StepTree): FlowVersionOperation[] {
  return [
    {
      type: 'IMPORT_FLOW',
      request: {
        displayName: before.displayName,
        trigger: withBaseValidity(before).trigger,
        schemaVersion: CURRENT_SCHEMA_VERSION,
        notes: before.notes,
      },
    },
    ...restoreSampleData(tree.trigger.name, sampleDataOf(tree.trigger)),
    ...allNodes(tree).flatMap((node) => restoreSampleData(node.body.name, sampleDataOf(node.body))),
  ];
}

function undoNote(
  notes: readonly Note[],
  id: string,
  type: 'ADD_NOTE' | 'UPDATE_NOTE',
): FlowVersionOperation[] {
  const note = notes.find((candidate) => candidate.id === id);
  if (note === undefined) return [];
  const { ownerId, createdAt: _created, updatedAt: _updated, ...fields } = note;
  // ADD_NOTE makes the acting user the owner: an UPDATE_NOTE gives the note its owner back.
  const owner =
    ownerId === null || ownerId === undefined
      ? []
      : [{ type: 'UPDATE_NOTE' as const, request: { ...fields, ownerId } }];
  return type === 'ADD_NOTE'
    ? [{ type, request: fields }, ...owner]
    : [{ type, request: { ...fields, ownerId: ownerId ?? null } }];
}

/** The step's sample-data files as they were: cleared, then pointed at the old files if any. */
function undoSampleData(tree: StepTree, stepName: string): FlowVersionOperation[] {
  const body = stepName === tree.trigger.name ? tree.trigger : nodeOf(tree, stepName)?.body;
  if (body === undefined) return [];
  return [
    { type: 'UPDATE_SAMPLE_DATA_INFO', request: { stepName, sampleDataSettings: null } },
    ...restoreSampleData(stepName, sampleDataOf(body)),
  ];
}

function assertNever(value: never): never {
  throw new Error(`unhandled flow operation ${JSON.stringify(value)}`);
}
