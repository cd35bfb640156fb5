/**
 * The 26 flow operations at the server's level: how each changes a {@link FlowEdit}. The 17 structural types go to the shared flow-version algebra,
 * applied to the draft (a new draft is made from a locked latest version first); the other nine
 * are the server's own.
 */
import {
  applyFlowVersionOperation,
  isFlowVersionOperation,
  type FlowOperation,
  type FlowVersionOperation,
} from '@piecework/shared';
import { useAsDraft, saveSampleData } from './draft-operations';
import { withDraft, withVersion, type FlowEdit, type FlowEditEnv } from './flow-edit';
import { changeFolder, updateMetadata, updateMinutesSaved, updateOwner } from './flow-settings-operations';
import { changeStatus, lockAndPublish, lockFlow } from './publish-operations';

/**
 * Applies one operation to `edit` and returns the new edit; nothing is written yet (except a
 * sample-data file, in `env.trx`). A refused operation throws, and the caller's transaction rolls
 * back.
 */
export async function applyFlowOperation(
  edit: FlowEdit,
  operation: FlowOperation,
  env: FlowEditEnv,
): Promise<FlowEdit> {
  if (isFlowVersionOperation(operation)) return applyStructural(edit, operation, env);
  switch (operation.type) {
    case 'LOCK_AND_PUBLISH':
      return lockAndPublish(edit, operation.request, env);
    case 'CHANGE_STATUS':
      return changeStatus(edit, operation.request, env);
    case 'LOCK_FLOW':
      return lockFlow(edit);
    case 'USE_AS_DRAFT':
      return useAsDraft(edit, operation.request, env);
    case 'SAVE_SAMPLE_DATA':
      return saveSampleData(edit, operation.request, env);
    case 'CHANGE_FOLDER':
      return changeFolder(edit, operation.request, env);
    case 'UPDATE_METADATA':
      return updateMetadata(edit, operation.request);
    case 'UPDATE_MINUTES_SAVED':
      return updateMinutesSaved(edit, operation.request);
    case 'UPDATE_OWNER':
      return updateOwner(edit, operation.request, env);
    default:
      return assertNever(operation);
  }
}

/** A structural operation, through the algebra, on the draft. */
function applyStructural(edit: FlowEdit, operation: FlowVersionOperation, env: FlowEditEnv): FlowEdit {
  const draft = withDraft(edit, env);
  return withVersion(
    draft,
    applyFlowVersionOperation(draft.version, operation, { now: env.now, userId: env.userId }),
  );
}

function assertNever(operation: never): never {
  throw new Error(`Unhandled flow operation ${(operation as FlowOperation).type}`);
}
