/**
 * The operations that change the draft with the server's help: USE_AS_DRAFT (reads another
 * version) and SAVE_SAMPLE_DATA (stores a file). Both work on the draft, making one from the
 * locked latest version when there is none.
 */
import {
  applyFlowVersionOperation,
  findStep,
  FlowOperationError,
  type FlowOperationRequest,
} from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { withDraft, withVersion, type FlowEdit, type FlowEditEnv } from './flow-edit';
import { findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { storeSampleDataFile } from '../flow-definitions/sample-data-files';

/**
 * USE_AS_DRAFT: the draft takes the display name, trigger (with its steps), notes and schema
 * version of `versionId`, which must be a version of this flow (404 otherwise).
 */
export async function useAsDraft(
  edit: FlowEdit,
  request: FlowOperationRequest<'USE_AS_DRAFT'>,
  env: FlowEditEnv,
): Promise<FlowEdit> {
  const row = await findVersionOfFlow(env.trx, edit.flow.id, request.versionId);
  if (row === undefined) throw notFound('flowVersion', request.versionId);
  const source = flowVersionFromRow(row);
  const draft = withDraft(edit, env);
  // The source's reasons come along (the save recomputes validity from them), never the draft's.
  const { validationIssues: _draftIssues, ...draftVersion } = draft.version;
  return withVersion(draft, {
    ...draftVersion,
    displayName: source.displayName,
    trigger: source.trigger,
    notes: source.notes,
    schemaVersion: source.schemaVersion ?? null,
    valid: source.valid,
    ...(source.validationIssues === undefined ? {} : { validationIssues: source.validationIssues }),
  });
}

/**
 * SAVE_SAMPLE_DATA: stores `payload` as a file of the flow's project and points the step's
 * sample data at it (`sampleDataFileId` for OUTPUT, `sampleDataInputFileId` for INPUT; the other
 * is kept). An unknown step is FLOW_OPERATION_INVALID; a payload over AP_MAX_FILE_SIZE_MB is 413.
 */
export async function saveSampleData(
  edit: FlowEdit,
  request: FlowOperationRequest<'SAVE_SAMPLE_DATA'>,
  env: FlowEditEnv,
): Promise<FlowEdit> {
  const draft = withDraft(edit, env);
  if (findStep(draft.version, request.stepName) === undefined) {
    throw new FlowOperationError(`step '${request.stepName}' does not exist in this flow version`, {
      stepName: request.stepName,
    });
  }
  const fileId = await storeSampleDataFile(env.trx, {
    projectId: edit.flow.projectId,
    type: request.type,
    payload: request.payload,
    now: env.now,
    maxFileSizeMb: env.maxFileSizeMb,
  });
  const sampleDataSettings =
    request.type === 'OUTPUT' ? { sampleDataFileId: fileId } : { sampleDataInputFileId: fileId };
  const version = applyFlowVersionOperation(
    draft.version,
    { type: 'UPDATE_SAMPLE_DATA_INFO', request: { stepName: request.stepName, sampleDataSettings } },
    { now: env.now, userId: env.userId },
  );
  return withVersion(draft, version);
}
