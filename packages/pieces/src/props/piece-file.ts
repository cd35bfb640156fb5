import { Readable } from 'node:stream';
import { describeReceived } from './describe-received';
import { isNil, isRecord } from './property-kinds';

/** A FILE prop's value as pieces receive it (Activepieces' `ApFile`). */
export interface PieceFile {
  filename: string;
  data: Buffer;
  extension: string | undefined;
  base64: string;
}

/** A FILE prop with `streaming: true` receives this instead of a {@link PieceFile}. */
export interface PieceStreamingFile {
  filename: string;
  extension: string | undefined;
  size: number;
  body: Readable;
}

/** What {@link processFile} made of a value: a file, nothing (missing), or why it cannot be one. */
export type FileResult = { value: PieceFile | PieceStreamingFile | undefined } | { problem: string };

const DATA_URI = /^data:([A-Za-z0-9.+/-]+)((?:;[^;,]+=[^;,]+)*);base64,(.*)$/s;

/**
 * FILE: a `data:<mime>;base64,...` URI or an already built file object (`{filename, data}`,
 * data being bytes, base64 text or a JSON'd Buffer; or `{filename, base64}`) becomes a
 * {@link PieceFile} (`unknown.<ext>` when it has no name). A URL is not fetched here: runners
 * download FILE URLs first (`downloadFileProps`, through the SSRF filter); one left here (nested in
 * an ARRAY or DYNAMIC prop) is reported as a problem.
 */
export function processFile(value: unknown, streaming: boolean): FileResult {
  if (isNil(value) || value === '') return { value: undefined };
  const file = typeof value === 'string' ? fromText(value) : fromObject(value);
  if ('problem' in file) return file;
  if (!streaming) return { value: file };
  return {
    value: {
      filename: file.filename,
      extension: file.extension,
      size: file.data.length,
      body: Readable.from(file.data),
    },
  };
}

function fromText(text: string): PieceFile | { problem: string } {
  const match = DATA_URI.exec(text.trim());
  if (match) {
    const extension = extensionOfMime(match[1] ?? '');
    return pieceFile(`unknown.${extension}`, Buffer.from(match[3] ?? '', 'base64'), extension);
  }
  if (/^https?:\/\//i.test(text.trim())) {
    return {
      problem: `Files given by URL are downloaded only in FILE props of the action itself (received: ${describeReceived(text)}); pass a data:<mime>;base64,... URI or a file object`,
    };
  }
  return { problem: `Expected file url or base64 with mimeType, received: ${describeReceived(text)}` };
}

function fromObject(value: unknown): PieceFile | { problem: string } {
  const problem = {
    problem: `Expected file url or base64 with mimeType, received: ${describeReceived(value)}`,
  };
  if (!isRecord(value)) return problem;
  const data =
    bytesOf(value.data) ??
    (typeof value.base64 === 'string' ? Buffer.from(value.base64, 'base64') : undefined);
  if (!data) return problem;
  const filename = typeof value.filename === 'string' && value.filename ? value.filename : 'unknown.bin';
  const extension = typeof value.extension === 'string' ? value.extension : extensionOfName(filename);
  return pieceFile(filename, data, extension);
}

function bytesOf(data: unknown): Buffer | undefined {
  if (Buffer.isBuffer(data)) return data;
  if (data instanceof Uint8Array) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  if (typeof data === 'string') return Buffer.from(data, 'base64');
  if (isRecord(data) && data.type === 'Buffer' && Array.isArray(data.data))
    return Buffer.from(data.data as number[]);
  return undefined;
}

function pieceFile(filename: string, data: Buffer, extension: string | undefined): PieceFile {
  return { filename, data, extension, base64: data.toString('base64') };
}

/** The extension of a file name (`report.pdf`: `pdf`), undefined without one. */
export function extensionOfName(filename: string): string | undefined {
  const dot = filename.lastIndexOf('.');
  return dot > 0 && dot < filename.length - 1 ? filename.slice(dot + 1) : undefined;
}

/** The usual extension of a media type (`image/jpeg`: `jpg`; unknown types: their subtype, else `bin`). */
export function extensionOfMime(mime: string): string {
  const type = mime.toLowerCase();
  return MIME_EXTENSIONS[type] ?? /^[a-z]+\/([a-z0-9]+)$/.exec(type)?.[1] ?? 'bin';
}

/** Extensions of the common types whose subtype is not the extension. */
const MIME_EXTENSIONS: Record<string, string> = {
  'application/octet-stream': 'bin',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.ms-powerpoint': 'ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/javascript': 'js',
  'application/gzip': 'gz',
  'application/x-7z-compressed': '7z',
  'application/x-tar': 'tar',
  'application/x-yaml': 'yaml',
  'image/jpeg': 'jpg',
  'image/svg+xml': 'svg',
  'image/x-icon': 'ico',
  'text/plain': 'txt',
  'text/javascript': 'js',
  'text/markdown': 'md',
  'text/tab-separated-values': 'tsv',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-wav': 'wav',
  'audio/webm': 'weba',
  'video/quicktime': 'mov',
  'video/x-msvideo': 'avi',
  'video/ogg': 'ogv',
};
