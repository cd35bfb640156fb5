import type { FlowVersion } from '../flow-version';
import type { FlowOperation, FlowOperationType } from '../operations';
import { addBranch, deleteBranch, duplicateBranch, moveBranch } from './branch-operations';
import { duplicateAction } from './duplicate-action';
import type { FlowOperationContext } from './edit-context';
import { addNote, deleteNote, updateNote } from './note-operations';
import { addAction, deleteAction, moveAction, setSkipAction, updateAction } from './step-actions';
import { changeName, importFlow, updateSampleDataInfo, updateTrigger } from './trigger-and-import';
import { withBaseValidity } from './validate-version';

/** The operation types that change a flow version's content (the rest act on the flow itself). */
export const FLOW_VERSION_OPERATION_TYPES = [
  'ADD_ACTION',
  'UPDATE_ACTION',
  'DELETE_ACTION',
  'MOVE_ACTION',
  'DUPLICATE_ACTION',
  'ADD_BRANCH',
  'DELETE_BRANCH',
  'DUPLICATE_BRANCH',
  'MOVE_BRANCH',
  'SET_SKIP_ACTION',
  'UPDATE_TRIGGER',
  'IMPORT_FLOW',
  'CHANGE_NAME',
  'ADD_NOTE',
  'UPDATE_NOTE',
  'DELETE_NOTE',
  'UPDATE_SAMPLE_DATA_INFO',
] as const satisfies readonly FlowOperationType[];

/** An operation that {@link applyFlowVersionOperation} applies to a version. */
export type FlowVersionOperation = Extract<
  FlowOperation,
  { type: (typeof FLOW_VERSION_OPERATION_TYPES)[number] }
>;

/** True when the operation edits a version's content (so the server hands it to the algebra). */
export function isFlowVersionOperation(operation: FlowOperation): operation is FlowVersionOperation {
  return (FLOW_VERSION_OPERATION_TYPES as readonly string[]).includes(operation.type);
}

/**
 * Applies one structural operation to a DRAFT version and returns the new version; the input is
 * never mutated. An operation that cannot apply throws a {@link FlowOperationError}
 * (`FLOW_OPERATION_INVALID`) naming what is wrong. Validity (`valid`, each step's `valid` and
 * `validationIssues`) is recomputed every time by `validateFlowVersion`.
 *
 * @example
 * ```ts
 * const next = applyFlowVersionOperation(draft, { type: 'DELETE_ACTION', request: { names: ['step_2'] } }, { now });
 * ```
 */
export function applyFlowVersionOperation(
  stored: FlowVersion,
  operation: FlowVersionOperation,
  context: FlowOperationContext,
): FlowVersion {
  // Every operation starts from the steps' own validity; finishVersion checks the flow again.
  const version = withBaseValidity(stored);
  switch (operation.type) {
    case 'ADD_ACTION':
      return addAction(version, operation.request, context);
    case 'UPDATE_ACTION':
      return updateAction(version, operation.request, context);
    case 'DELETE_ACTION':
      return deleteAction(version, operation.request, context);
    case 'MOVE_ACTION':
      return moveAction(version, operation.request, context);
    case 'DUPLICATE_ACTION':
      return duplicateAction(version, operation.request, context);
    case 'ADD_BRANCH':
      return addBranch(version, operation.request, context);
    case 'DELETE_BRANCH':
      return deleteBranch(version, operation.request, context);
    case 'DUPLICATE_BRANCH':
      return duplicateBranch(version, operation.request, context);
    case 'MOVE_BRANCH':
      return moveBranch(version, operation.request, context);
    case 'SET_SKIP_ACTION':
      return setSkipAction(version, operation.request, context);
    case 'UPDATE_TRIGGER':
      return updateTrigger(version, operation.request, context);
    case 'IMPORT_FLOW':
      return importFlow(version, operation.request, context);
    case 'CHANGE_NAME':
      return changeName(version, operation.request, context);
    case 'ADD_NOTE':
      return addNote(version, operation.request, context);
    case 'UPDATE_NOTE':
      return updateNote(version, operation.request, context);
    case 'DELETE_NOTE':
      return deleteNote(version, operation.request, context);
    case 'UPDATE_SAMPLE_DATA_INFO':
      return updateSampleDataInfo(version, operation.request, context);
    default:
      return assertNever(operation);
  }
}

function assertNever(value: never): never {
  throw new Error(`unhandled flow operation ${JSON.stringify(value)}`);
}
