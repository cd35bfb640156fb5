/**
 * The engine's file store over the `file` table: step outputs over
 * AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB (and files pieces write) are kept apart from the run's rows,
 * as FLOW_RUN_LOG files of the run's project, and read back when a resume or a fetch needs them.
 */
import type { FileStore } from '@piecework/engine';
import { generateTimeOrderedId } from '@piecework/shared';
import type { DataStore } from '../storage/data-store';

/** The `file.type` of a run's stored outputs. */
export const FLOW_RUN_LOG_FILE_TYPE = 'FLOW_RUN_LOG';

/**
 * A file store for one run of flow `flowId` in `projectId` (its files go with the flow);
 * `onSaved` hears of every file saved.
 */
export function runFileStore(
  store: DataStore,
  { projectId, flowId }: { projectId: string; flowId: string },
  timestamp: () => string,
  onSaved: (fileId: string) => void,
): FileStore {
  return {
    async save(content) {
      const id = generateTimeOrderedId();
      const now = timestamp();
      await store.write((trx) =>
        trx
          .insertInto('file')
          .values({
            id,
            projectId,
            flowId,
            type: FLOW_RUN_LOG_FILE_TYPE,
            data: content,
            size: Buffer.byteLength(content, 'utf8'),
            created: now,
            updated: now,
          })
          .execute(),
      );
      onSaved(id);
      return id;
    },
    load: (fileId) => loadRunFile(store, projectId, fileId),
  };
}

/** The content of file `fileId` of `projectId`; throws when there is none. */
export async function loadRunFile(store: DataStore, projectId: string, fileId: string): Promise<string> {
  const row = await store.db
    .selectFrom('file')
    .select('data')
    .where('id', '=', fileId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
  if (row === undefined) throw new Error(`File ${fileId} does not exist`);
  return row.data;
}
