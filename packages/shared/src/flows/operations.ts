import { z } from 'zod';
import { Metadata } from '../common/base-model';
import { BranchConditions } from './conditions';
import { FlowStatus } from './flow';
import { NoteFields } from './note';
import { StepRequest } from './step';
import { Trigger, TriggerRequest } from './trigger';

/** Where a step goes relative to its parent in ADD_ACTION / MOVE_ACTION. */
export const StepLocationRelativeToParent = z.enum(['AFTER', 'INSIDE_LOOP', 'INSIDE_BRANCH']);
export type StepLocationRelativeToParent = z.infer<typeof StepLocationRelativeToParent>;

/** Every flow operation type (26). */
export const FlowOperationType = z.enum([
  'MOVE_ACTION',
  'CHANGE_STATUS',
  'LOCK_AND_PUBLISH',
  'USE_AS_DRAFT',
  'LOCK_FLOW',
  'IMPORT_FLOW',
  'CHANGE_NAME',
  'DELETE_ACTION',
  'UPDATE_ACTION',
  'ADD_ACTION',
  'UPDATE_TRIGGER',
  'CHANGE_FOLDER',
  'DUPLICATE_ACTION',
  'DELETE_BRANCH',
  'ADD_BRANCH',
  'DUPLICATE_BRANCH',
  'MOVE_BRANCH',
  'SET_SKIP_ACTION',
  'UPDATE_METADATA',
  'SAVE_SAMPLE_DATA',
  'UPDATE_SAMPLE_DATA_INFO',
  'UPDATE_MINUTES_SAVED',
  'UPDATE_OWNER',
  'ADD_NOTE',
  'UPDATE_NOTE',
  'DELETE_NOTE',
]);
export type FlowOperationType = z.infer<typeof FlowOperationType>;

const BranchIndex = z.number().int().min(0);

/** MOVE_ACTION: detach a step (with its body) and insert it elsewhere; names unchanged. */
export const MoveActionRequest = z.object({
  name: z.string(),
  newParentStep: z.string(),
  stepLocationRelativeToNewParent: StepLocationRelativeToParent.optional(),
  branchIndex: BranchIndex.optional(),
});
/** CHANGE_STATUS: enable or disable the published version's trigger. */
export const ChangeStatusRequest = z.object({ status: FlowStatus });
/** LOCK_AND_PUBLISH: lock the draft and publish it, optionally setting the status. */
export const LockAndPublishRequest = z.object({ status: FlowStatus.optional() });
/** USE_AS_DRAFT: a new draft copied from `versionId`. */
export const UseAsDraftRequest = z.object({ versionId: z.string() });
/** LOCK_FLOW: the draft becomes LOCKED. */
export const LockFlowRequest = z.object({});
/** A note as carried by IMPORT_FLOW (timestamps filled in when absent). */
export const ImportedNote = NoteFields.extend({
  ownerId: z.string().nullable().optional(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
/** IMPORT_FLOW: replace display name, trigger chain and notes (old-dialect references upgraded). */
export const ImportFlowRequest = z.object({
  displayName: z.string(),
  trigger: Trigger,
  schemaVersion: z.string().nullable().optional(),
  notes: z.array(ImportedNote).nullable().optional(),
});
/** CHANGE_NAME: rename the flow (its draft's displayName). */
export const ChangeNameRequest = z.object({ displayName: z.string() });
/** DELETE_ACTION: remove the named steps with their bodies. */
export const DeleteActionRequest = z.object({ names: z.array(z.string()) });
/** UPDATE_ACTION: replace a step's fields, keeping its links and sample data. */
export const UpdateActionRequest = StepRequest;
/** ADD_ACTION: insert `action` relative to `parentStep`. */
export const AddActionRequest = z.object({
  parentStep: z.string(),
  action: StepRequest,
  stepLocationRelativeToParent: StepLocationRelativeToParent.optional(),
  branchIndex: BranchIndex.optional(),
});
/** UPDATE_TRIGGER: replace the trigger, keeping its chain and sample data. */
export const UpdateTriggerRequest = TriggerRequest;
/** CHANGE_FOLDER: move the flow into a folder (null: no folder). */
export const ChangeFolderRequest = z.object({ folderId: z.string().nullable() });
/** DUPLICATE_ACTION: copy a step (and its body) right after itself. */
export const DuplicateActionRequest = z.object({ stepName: z.string() });
/** DELETE_BRANCH: remove a router branch and its steps. */
export const DeleteBranchRequest = z.object({ branchIndex: BranchIndex, stepName: z.string() });
/** ADD_BRANCH: insert a CONDITION branch at `branchIndex`. */
export const AddBranchRequest = z.object({
  branchIndex: BranchIndex,
  stepName: z.string(),
  branchName: z.string(),
  conditions: BranchConditions.optional(),
});
/** DUPLICATE_BRANCH: copy a branch (and its steps) right after itself. */
export const DuplicateBranchRequest = z.object({ branchIndex: BranchIndex, stepName: z.string() });
/** MOVE_BRANCH: move a branch and its child; FALLBACK stays last. */
export const MoveBranchRequest = z.object({
  sourceBranchIndex: BranchIndex,
  targetBranchIndex: BranchIndex,
  stepName: z.string(),
});
/** SET_SKIP_ACTION: set `skip` on the named steps. */
export const SetSkipActionRequest = z.object({ names: z.array(z.string()), skip: z.boolean() });
/** UPDATE_METADATA: replace the flow's metadata. */
export const UpdateMetadataRequest = z.object({ metadata: Metadata.nullable().optional() });
/** Which sample data of a step SAVE_SAMPLE_DATA writes. */
export const SampleDataType = z.enum(['INPUT', 'OUTPUT']);
export type SampleDataType = z.infer<typeof SampleDataType>;
/** SAVE_SAMPLE_DATA: store a payload as a step's sample input or output. */
export const SaveSampleDataRequest = z.object({
  stepName: z.string(),
  payload: z.unknown(),
  type: SampleDataType,
});
/** UPDATE_SAMPLE_DATA_INFO: point a step at stored sample-data files (null clears). */
export const UpdateSampleDataInfoRequest = z.object({
  stepName: z.string(),
  sampleDataSettings: z
    .object({ sampleDataFileId: z.string().optional(), sampleDataInputFileId: z.string().optional() })
    .nullable()
    .optional(),
});
/** UPDATE_MINUTES_SAVED: minutes saved per run (null clears). */
export const UpdateMinutesSavedRequest = z.object({ timeSavedPerRun: z.number().nullable() });
/** UPDATE_OWNER: the flow's new owner. */
export const UpdateOwnerRequest = z.object({ ownerId: z.string() });
/** ADD_NOTE: a new note. */
export const AddNoteRequest = NoteFields;
/** UPDATE_NOTE: replace a note's content, colour, position, size and owner. */
export const UpdateNoteRequest = NoteFields.extend({ ownerId: z.string().nullable().optional() });
/** DELETE_NOTE: remove a note. */
export const DeleteNoteRequest = z.object({ id: z.string() });

function operation<T extends FlowOperationType, R extends z.ZodType>(type: T, request: R) {
  return z.object({ type: z.literal(type), request });
}

/**
 * A flow operation `{type, request}`: one discriminated union over all 26 types. This is the
 * body of `POST /v1/flows/:id` and the `request` of a flow.updated event.
 */
export const FlowOperation = z.discriminatedUnion('type', [
  operation('MOVE_ACTION', MoveActionRequest),
  operation('CHANGE_STATUS', ChangeStatusRequest),
  operation('LOCK_AND_PUBLISH', LockAndPublishRequest),
  operation('USE_AS_DRAFT', UseAsDraftRequest),
  operation('LOCK_FLOW', LockFlowRequest),
  operation('IMPORT_FLOW', ImportFlowRequest),
  operation('CHANGE_NAME', ChangeNameRequest),
  operation('DELETE_ACTION', DeleteActionRequest),
  operation('UPDATE_ACTION', UpdateActionRequest),
  operation('ADD_ACTION', AddActionRequest),
  operation('UPDATE_TRIGGER', UpdateTriggerRequest),
  operation('CHANGE_FOLDER', ChangeFolderRequest),
  operation('DUPLICATE_ACTION', DuplicateActionRequest),
  operation('DELETE_BRANCH', DeleteBranchRequest),
  operation('ADD_BRANCH', AddBranchRequest),
  operation('DUPLICATE_BRANCH', DuplicateBranchRequest),
  operation('MOVE_BRANCH', MoveBranchRequest),
  operation('SET_SKIP_ACTION', SetSkipActionRequest),
  operation('UPDATE_METADATA', UpdateMetadataRequest),
  operation('SAVE_SAMPLE_DATA', SaveSampleDataRequest),
  operation('UPDATE_SAMPLE_DATA_INFO', UpdateSampleDataInfoRequest),
  operation('UPDATE_MINUTES_SAVED', UpdateMinutesSavedRequest),
  operation('UPDATE_OWNER', UpdateOwnerRequest),
  operation('ADD_NOTE', AddNoteRequest),
  operation('UPDATE_NOTE', UpdateNoteRequest),
  operation('DELETE_NOTE', DeleteNoteRequest),
]);
export type FlowOperation = z.infer<typeof FlowOperation>;

/** The operation of one type, e.g. `FlowOperationOf<'ADD_ACTION'>`. */
export type FlowOperationOf<T extends FlowOperationType> = Extract<FlowOperation, { type: T }>;
/** The request of one operation type, e.g. `FlowOperationRequest<'ADD_ACTION'>`. */
export type FlowOperationRequest<T extends FlowOperationType> = FlowOperationOf<T>['request'];
