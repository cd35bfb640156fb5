import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import type { PieceFile } from '../../props/piece-file';
import { sendResponse } from '../webhook/respond-prop';
import { mimeTypeOf, pageResponse } from './forms-common';

const UNKNOWN_TYPE = 'application/octet-stream';

function requiredFile(value: unknown): PieceFile {
  const file = value as Partial<PieceFile> | null | undefined;
  if (typeof file?.filename !== 'string' || typeof file.base64 !== 'string') {
    throw new Error('Input "file" is required and must be a file');
  }
  return file as PieceFile;
}

/**
 * `return_file` ("Return Form Response (File)", older versions of the piece): answers the page
 * with the file inline, `{type: 'file', value: {base64Url, fileName, extension}}` (a
 * `data:<type>;base64,...` URL, the type from the extension), and stops the run. Returns the
 * response.
 */
export const returnFile = createAction({
  name: 'return_file',
  displayName: 'Return Form Response (File)',
  description: 'Return a file as a response.',
  props: {
    file: Property.File({ displayName: 'File', required: true }),
  },
  async run(ctx) {
    const file = requiredFile(ctx.propsValue.file);
    const mimeType = file.extension ? mimeTypeOf(file.extension, UNKNOWN_TYPE) : UNKNOWN_TYPE;
    return sendResponse(
      ctx,
      pageResponse({
        type: 'file',
        value: {
          base64Url: `data:${mimeType};base64,${file.base64}`,
          fileName: file.filename,
          extension: file.extension ?? null,
        },
      }),
    );
  },
});
