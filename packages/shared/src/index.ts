/**
 * `@piecework/shared`: the interface of Piecework. Zod schemas with their inferred types (one
 * name for both) for every resource, enum, flow operation, event and error of the spec, and the
 * pure flow-version algebra used by the server and the engine.
 *
 * @example
 * ```ts
 * import { FlowOperation, applyFlowOperation } from '@piecework/shared';
 * const operation = FlowOperation.parse(body);
 * const next = applyFlowOperation(version, operation, { now: new Date().toISOString() });
 * ```
 * @module
 */
export { BaseModelFields, Metadata, StrictBaseModelFields, Timestamp } from './common/base-model';
export {
  ERROR_STATUS,
  ErrorBody,
  ErrorCode,
  ErrorParams,
  FlowOperationError,
  PieceworkError,
  isPieceworkError,
} from './common/errors';
export { Id, generateId } from './common/id';
export { Page, PageQuery } from './common/page';
export {
  BranchCondition,
  BranchConditions,
  BranchOperator,
  DateCondition,
  DateConditionOperator,
  NumberCondition,
  NumberConditionOperator,
  SingleValueCondition,
  SingleValueConditionOperator,
  TextCondition,
  TextConditionOperator,
  defaultBranchConditions,
} from './flows/conditions';
export { CreateFlowRequest, Flow, FlowOperationStatus, FlowStatus, PopulatedFlow } from './flows/flow';
export {
  CURRENT_SCHEMA_VERSION,
  FlowVersion,
  FlowVersionState,
  FlowVersionSummary,
} from './flows/flow-version';
export { Note, NoteColor, NoteFields } from './flows/note';
export {
  AddActionRequest,
  AddBranchRequest,
  AddNoteRequest,
  ChangeFolderRequest,
  ChangeNameRequest,
  ChangeStatusRequest,
  DeleteActionRequest,
  DeleteBranchRequest,
  DeleteNoteRequest,
  DuplicateActionRequest,
  DuplicateBranchRequest,
  FlowOperation,
  FlowOperationType,
  ImportFlowRequest,
  ImportedNote,
  LockAndPublishRequest,
  LockFlowRequest,
  MoveActionRequest,
  MoveBranchRequest,
  SampleDataType,
  SaveSampleDataRequest,
  SetSkipActionRequest,
  StepLocationRelativeToParent,
  UpdateActionRequest,
  UpdateMetadataRequest,
  UpdateMinutesSavedRequest,
  UpdateNoteRequest,
  UpdateOwnerRequest,
  UpdateSampleDataInfoRequest,
  UpdateTriggerRequest,
  UseAsDraftRequest,
} from './flows/operations';
export type { FlowOperationOf, FlowOperationRequest } from './flows/operations';
export { PieceVersion } from './flows/piece-version';
export { BranchType, ConditionBranch, FallbackBranch, RouterBranch, RouterExecutionType } from './flows/router';
export {
  CodeStep,
  CodeStepFields,
  LoopStep,
  LoopStepFields,
  PieceStep,
  PieceStepFields,
  RouterStep,
  RouterStepFields,
  Step,
  StepRequest,
  StepType,
} from './flows/step';
export { StepName, TRIGGER_NAME } from './flows/step-name';
export {
  CodeStepSettings,
  ErrorHandlingOptions,
  LoopStepSettings,
  PieceStepSettings,
  PieceTriggerSettings,
  PropertyExecutionType,
  PropertySettings,
  RouterStepSettings,
  SampleDataSettings,
  StepInput,
} from './flows/step-settings';
export {
  EmptyTrigger,
  EmptyTriggerFields,
  PieceTrigger,
  PieceTriggerFields,
  Trigger,
  TriggerRequest,
  TriggerType,
} from './flows/trigger';
