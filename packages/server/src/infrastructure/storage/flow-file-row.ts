/** Writing one `file` row that belongs to a flow: run outputs, webhook bodies, step files. */
import type { DataStore } from './data-store';

/** The `file.type` of a request body or file part stored for a trigger (webhooks, forms). */
export const WEBHOOK_PAYLOAD_FILE_TYPE = 'WEBHOOK_PAYLOAD';

/** A file of a flow to store: its id (the caller's kind of id), owner, kind and JSON text. */
export interface FlowFileRow {
  id: string;
  projectId: string;
  flowId: string;
  /** The run it was stored for, when there is one: the retention sweep deletes it with the run. */
  runId?: string;
  /** What the file holds (`FLOW_RUN_LOG`, `WEBHOOK_PAYLOAD`, `FLOW_STEP_FILE`...). */
  type: string;
  /** The stored text. */
  data: string;
  /** The row's created and updated time. */
  now: string;
}

/**
 * Stores a flow's file in its own write (deleted with the flow); its size is the UTF-8 length of
 * `data`. Use it wherever a run keeps a file of a flow.
 */
export async function insertFlowFile(store: Pick<DataStore, 'write'>, file: FlowFileRow): Promise<void> {
  const { now, ...row } = file;
  await store.write((trx) =>
    trx
      .insertInto('file')
      .values({ ...row, size: Buffer.byteLength(row.data, 'utf8'), created: now, updated: now })
      .execute(),
  );
}
