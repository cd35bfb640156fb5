import type { FileResponse, HumanInputFormResult } from '@piecework/shared';
import type { ActionContext } from '../../context/action-context';
import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import type { PieceFile } from '../../props/piece-file';
import { optionalText } from '../common/read-props';
import { sendResponse } from '../webhook/respond-prop';
import { HIDDEN_ERROR_HANDLING, mimeTypeOf, pageResponse } from './forms-common';

async function storedAttachment(ctx: ActionContext, file: PieceFile): Promise<FileResponse> {
  const url = await ctx.files.write({ fileName: file.filename, data: file.data });
  return { url, mimeType: mimeTypeOf(file.filename, '') };
}

function attachmentOf(ctx: ActionContext): PieceFile | undefined {
  const file = ctx.propsValue.file;
  if (file === undefined || file === null || file === '') return undefined;
  const candidate = file as Partial<PieceFile>;
  if (typeof candidate.filename !== 'string' || !Buffer.isBuffer(candidate.data)) {
    throw new Error('Input "file" must be a file');
  }
  return candidate as PieceFile;
}

/**
 * `return_response` ("Respond on UI"): answers the form or chat page with the markdown text and,
 * when given, the attachment (written with `ctx.files.write`; the page fetches its URL), as
 * `{type: 'markdown', value, files: [{url, mimeType}]}`, and stops the run. Returns that body.
 */
export const returnResponse = createAction({
  name: 'return_response',
  displayName: 'Respond on UI',
  description: 'Return a file or text (markdown) as a response.',
  errorHandlingOptions: HIDDEN_ERROR_HANDLING,
  props: {
    markdown: Property.LongText({ displayName: 'Text (Markdown)', required: false }),
    file: Property.File({ displayName: 'Attachment', required: false }),
  },
  async run(ctx) {
    const attachment = attachmentOf(ctx);
    const body: HumanInputFormResult = {
      type: 'markdown',
      value: optionalText(ctx.propsValue, 'markdown') ?? '',
      files: attachment ? [await storedAttachment(ctx, attachment)] : [],
    };
    sendResponse(ctx, pageResponse(body));
    return body;
  },
});
