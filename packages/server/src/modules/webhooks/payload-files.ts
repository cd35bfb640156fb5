/**
 * Binary request bodies (webhooks, resume requests) stored in the `file` table, type
 * WEBHOOK_PAYLOAD: `data` is the JSON string of the bytes in base64, so the table keeps holding
 * JSON text.
 */
import { generateId } from '@piecework/shared';
import type { ServerBase } from '../../server-context';
import { toJson } from '../../infrastructure/storage/json-column';
import { insertFlowFile, WEBHOOK_PAYLOAD_FILE_TYPE } from '../../infrastructure/storage/flow-file-row';

/**
 * A function storing a binary body sent to flow `flowId` of project `projectId` (deleted with the
 * flow, and with run `runId` when the body resumes that run) and answering the file's id.
 */
export function payloadFileStore(
  ctx: Pick<ServerBase, 'store' | 'now'>,
  { projectId, flowId, runId }: { projectId: string; flowId: string; runId?: string },
) {
  return async (bytes: Buffer): Promise<string> => {
    const id = generateId();
    const data = toJson(bytes.toString('base64'));
    const now = ctx.now();
    await insertFlowFile(ctx.store, {
      id,
      projectId,
      flowId,
      ...(runId === undefined ? {} : { runId }),
      type: WEBHOOK_PAYLOAD_FILE_TYPE,
      data,
      now,
    });
    return id;
  };
}

/** The largest file part of a multipart request body, in bytes (AP_MAX_FILE_SIZE_MB). */
export function maxFilePartBytes(ctx: Pick<ServerBase, 'settings'>): number {
  return ctx.settings.config.maxFileSizeMb * 1024 * 1024;
}
