/**
 * Binary request bodies (webhooks, resume requests) stored in the `file` table, type
 * WEBHOOK_PAYLOAD: `data` is the JSON string of the bytes in base64, so the table keeps holding
 * JSON text.
 */
import { generateId } from '@piecework/shared';
import type { ServerBase } from '../../server-context';
import { toJson } from '../../infrastructure/storage/json-column';
import { insertFlowFile } from '../../infrastructure/storage/flow-file-row';

/** The `file.type` of a stored request body. */
export const WEBHOOK_PAYLOAD_FILE_TYPE = 'WEBHOOK_PAYLOAD';

/**
 * A function storing a binary body sent to flow `flowId` of project `projectId` (deleted with the
 * flow) and answering the file's id.
 */
export function payloadFileStore(
  ctx: Pick<ServerBase, 'store' | 'now'>,
  { projectId, flowId }: { projectId: string; flowId: string },
) {
  return async (bytes: Buffer): Promise<string> => {
    const id = generateId();
    const data = toJson(bytes.toString('base64'));
    const now = ctx.now();
    await insertFlowFile(ctx.store, {
      id,
      projectId,
      flowId,
      type: WEBHOOK_PAYLOAD_FILE_TYPE,
      data,
      now,
    });
    return id;
  };
}
