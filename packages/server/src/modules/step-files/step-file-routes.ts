/**
 * `GET /v1/step-files/signed?token=<jwt>`: the file a step wrote, by the signed URL
 * `ctx.files.write` answered. Public: the token (signed with a key derived from AP_JWT_SECRET,
 * expiring) is the credential. The bytes go as an attachment with the file's name and a content
 * type of its extension; a token this server did not sign is 404, an expired one 410.
 */
import { ENDPOINTS } from '@piecework/shared';
import { HttpReply } from '../../infrastructure/http/http-reply';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { STEP_FILE_LIFETIME_SECONDS } from './step-file-tokens';
import { stepFilesOf, type StepFileDependencies } from './step-files';

/** Every step-file route. */
export function stepFileRoutes(ctx: StepFileDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.stepFiles.signed, {
      handler: async ({ query }) => {
        const file = await stepFilesOf(ctx).readByToken(query.token);
        return new HttpReply(200, file.data, {
          'content-type': contentTypeOf(file.fileName),
          'content-disposition': contentDisposition(file.fileName),
          // The file never changes; only whoever holds the link may keep it.
          'cache-control': `private, max-age=${String(STEP_FILE_LIFETIME_SECONDS)}, immutable`,
        });
      },
    }),
  ];
}

/**
 * `attachment` with the file's name: an ASCII `filename` (other characters as `_`) for old
 * clients and the exact name as RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The media type of a file name's extension, `application/octet-stream` for any other. Types a
 * browser would run (HTML, SVG, XML, JavaScript) are not named: they go as octet-stream.
 */
export function contentTypeOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot >= 0 ? fileName.slice(dot + 1).toLowerCase() : '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  ico: 'image/x-icon',
  heic: 'image/heic',
  pdf: 'application/pdf',
  json: 'application/json',
  zip: 'application/zip',
  gz: 'application/gzip',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};
