/**
 * What a flow's trigger receives from an HTTP request (webhooks) and what a paused run receives
 * when its resume URL is called: `{method, headers, body, queryParams, rawBody}`.
 *
 * The body, by content type:
 * - `application/json` and `*+json`: parsed; text that is not valid JSON is kept as the string;
 *   JSON the one body policy refuses (too deep, a `__proto__` key: see `infrastructure/http/json-body.ts`) is
 *   400 `VALIDATION`, as on the REST API;
 * - `application/x-www-form-urlencoded`: parsed to an object (`qs`, as query strings are);
 * - `multipart/form-data`: an object of its fields; file parts are stored as files of the project
 *   and read `{fileId, filename, mimeType, size}` (see `readMultipartBody`); there is no `rawBody`
 *   when a part was a file. A file part over `maxFilePartBytes` is 413 and nothing is stored. A body that is not well-formed multipart is kept as its text;
 * - binary types (`image/*`, `audio/*`, `video/*`, `application/pdf`, `application/zip`,
 *   `application/gzip`, `application/octet-stream`): the bytes are stored as a file of the
 *   project, and the body is `{fileId, mimeType, size}`; there is no `rawBody`;
 * - anything else (text, XML, no content type): the UTF-8 text;
 * - no body at all: `{}`.
 * `rawBody` is the body as UTF-8 text (`''` when empty), kept for signature checks. Headers are as
 * received (lower-case names; repeated ones joined with `, `); `queryParams` is the parsed query.
 */
import { isPieceworkError } from '@piecework/shared';
import qs from 'qs';
import { readJsonText } from '../../infrastructure/http/json-body';
import { readMultipartBody } from './multipart-body';

/** The parts of an HTTP request a payload is built from. */
export interface IncomingRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The query string as parsed by the HTTP layer. */
  readonly query: unknown;
  readonly body: Buffer;
}

/** A binary body, as the payload carries it once stored. */
export interface StoredBody {
  fileId: string;
  mimeType: string;
  size: number;
}

/** The trigger payload of a webhook request. */
export interface TriggerPayload {
  method: string;
  headers: Record<string, string>;
  body: unknown;
  queryParams: Record<string, unknown>;
  rawBody?: string;
}

/** Stores a binary body and answers the file's id. */
export type StoreBinaryBody = (bytes: Buffer, mimeType: string) => Promise<string>;

/** How a body is read, by its content type. */
export type BodyKind = 'JSON' | 'FORM' | 'MULTIPART' | 'BINARY' | 'TEXT';

const BINARY_TYPES = new Set([
  'application/pdf',
  'application/zip',
  'application/gzip',
  'application/octet-stream',
]);
const BINARY_FAMILIES = ['image/', 'audio/', 'video/'];

/** The media type of a content-type header, lower case, without parameters ('' when absent). */
export function mediaTypeOf(contentType: string | string[] | undefined): string {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return (value ?? '').split(';')[0]!.trim().toLowerCase();
}

/** How a body of media type `mediaType` is read. */
export function bodyKindOf(mediaType: string): BodyKind {
  if (mediaType === 'application/json' || mediaType.endsWith('+json')) return 'JSON';
  if (mediaType === 'application/x-www-form-urlencoded') return 'FORM';
  if (mediaType === 'multipart/form-data') return 'MULTIPART';
  if (BINARY_TYPES.has(mediaType) || BINARY_FAMILIES.some((family) => mediaType.startsWith(family))) {
    return 'BINARY';
  }
  return 'TEXT';
}

/**
 * The payload of `request`; a binary body is handed to `storeBinary` first. A multipart file part
 * over `maxFilePartBytes` (AP_MAX_FILE_SIZE_MB) is refused with 413 PAYLOAD_TOO_LARGE.
 */
export async function toTriggerPayload(
  request: IncomingRequest,
  storeBinary: StoreBinaryBody,
  maxFilePartBytes?: number,
): Promise<TriggerPayload> {
  const head = {
    method: request.method,
    headers: flatHeaders(request.headers),
    queryParams: queryParamsOf(request.query),
  };
  if (request.body.length === 0) return { ...head, body: {}, rawBody: '' };
  const mediaType = mediaTypeOf(request.headers['content-type']);
  const kind = bodyKindOf(mediaType);
  if (kind === 'BINARY') {
    const fileId = await storeBinary(request.body, mediaType);
    const body: StoredBody = { fileId, mimeType: mediaType, size: request.body.length };
    return { ...head, body };
  }
  const rawBody = request.body.toString('utf8');
  if (kind === 'MULTIPART') {
    const contentType = String(request.headers['content-type']);
    const form = await readMultipartBody(request.body, contentType, storeBinary, maxFilePartBytes).catch(
      (error: unknown) => {
        if (isPieceworkError(error)) throw error;
        return undefined;
      },
    );
    if (form !== undefined) return { ...head, body: form.fields, ...(form.hasFiles ? {} : { rawBody }) };
  }
  return { ...head, body: parseText(kind, rawBody), rawBody };
}

function parseText(kind: Exclude<BodyKind, 'BINARY'>, text: string): unknown {
  switch (kind) {
    case 'JSON': {
      const reading = readJsonText(text);
      return reading.ok ? reading.value : text;
    }
    case 'FORM':
      return qs.parse(text, { depth: 5, arrayLimit: 100, parameterLimit: 1000 });
    case 'MULTIPART':
    case 'TEXT':
      return text;
  }
}

/** A request's headers as the trigger payload has them: lower-case names, repeated values joined. */
export function flatHeaders(headers: IncomingRequest['headers']): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function queryParamsOf(query: unknown): Record<string, unknown> {
  return typeof query === 'object' && query !== null ? { ...(query as Record<string, unknown>) } : {};
}
