/**
 * The engine's file store over the `file` table: step outputs over
 * AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB are kept apart from the run's rows, as FLOW_RUN_LOG files of
 * the run's project, and read back when a resume or a fetch needs them. Files pieces write
 * (`ctx.files.write`, saved as `step-file:<name>`) are step files (`modules/step-files`): saving
 * one answers its signed URL, and loading that URL reads it back for a step of the same project.
 * Files a request brought (a binary webhook body, a form's file field: WEBHOOK_PAYLOAD files,
 * named by id in the trigger's output) are read back by id too, for a FILE input of a later step.
 */
import type { FileStore } from '@piecework/engine';
import { fileNameOfStepFileSave } from '@piecework/pieces';
import { generateTimeOrderedId } from '@piecework/shared';
import type { StepFiles } from '../modules/step-files/step-files';
import type { DataStore } from '../infrastructure/storage/data-store';
import { insertFlowFile, WEBHOOK_PAYLOAD_FILE_TYPE } from '../infrastructure/storage/flow-file-row';

/** The `file.type` of a run's stored outputs. */
export const FLOW_RUN_LOG_FILE_TYPE = 'FLOW_RUN_LOG';

/** The types of the files a run reads by id: its stored outputs and the files requests brought. */
const READABLE_BY_ID = [FLOW_RUN_LOG_FILE_TYPE, WEBHOOK_PAYLOAD_FILE_TYPE] as const;

/**
 * A file store for one run of flow `flowId` in `projectId` (its files go with the flow, and with
 * run `runId` when given); `onSaved` hears of every FLOW_RUN_LOG file saved (not of step files).
 * Step files go to `stepFiles`.
 */
export function runFileStore(
  store: DataStore,
  { projectId, flowId, runId }: { projectId: string; flowId: string; runId?: string },
  timestamp: () => string,
  onSaved: (fileId: string) => void,
  stepFiles: StepFiles,
): FileStore {
  return {
    async save(content, info) {
      if (fileNameOfStepFileSave(info.name) !== undefined) {
        return stepFiles.save({ projectId, flowId, ...(runId === undefined ? {} : { runId }) }, content);
      }
      const id = generateTimeOrderedId();
      const now = timestamp();
      await insertFlowFile(store, {
        id,
        projectId,
        flowId,
        ...(runId === undefined ? {} : { runId }),
        type: FLOW_RUN_LOG_FILE_TYPE,
        data: content,
        now,
      });
      onSaved(id);
      return id;
    },
    load: (reference) =>
      /^https?:\/\//i.test(reference)
        ? stepFiles.readForProject(reference, projectId)
        : loadRunFile(store, projectId, reference, READABLE_BY_ID),
  };
}

/** The content of file `fileId` of `projectId` (of one of `types`, when given); throws when there is none. */
export async function loadRunFile(
  store: DataStore,
  projectId: string,
  fileId: string,
  types?: readonly string[],
): Promise<string> {
  let query = store.db
    .selectFrom('file')
    .select('data')
    .where('id', '=', fileId)
    .where('projectId', '=', projectId);
  if (types !== undefined) query = query.where('type', 'in', types);
  const row = await query.executeTakeFirst();
  if (row === undefined) throw new Error(`File ${fileId} does not exist`);
  return row.data;
}
