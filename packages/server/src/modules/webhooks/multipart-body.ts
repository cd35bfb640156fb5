/**
 * `multipart/form-data` request bodies as a trigger receives them: one key per field, its text
 * value (a name sent more than once: an array of its values, in order); a file part is stored
 * like a binary body and its value is `{fileId, filename, mimeType, size}`.
 * Activepieces likewise stores file parts and passes the other fields through.
 */
import { Busboy } from '@fastify/busboy';
import { PieceworkError } from '@piecework/shared';
import { prototypeKeyRefusal } from '../../infrastructure/http/json-body';
import type { StoreBinaryBody, StoredBody } from './webhook-payload';

/** A file part of a multipart body, once stored. */
export interface StoredFilePart extends StoredBody {
  filename: string;
}

/** What a multipart body reads as. */
export interface MultipartBody {
  fields: Record<string, unknown>;
  /** Whether a part was a file (its bytes are in a stored file, not in the fields). */
  hasFiles: boolean;
}

/** Most parts (fields and files) read from one body; the rest are dropped. */
const MAX_PARTS = 1000;

interface Part {
  name: string;
  value: string | { bytes: Buffer; filename: string; mimeType: string };
}

/**
 * Reads `body`, sent with `contentType` (`multipart/form-data; boundary=...`), storing its file
 * parts with `storeBinary`, in the order they came. Rejects when the body is not well-formed
 * multipart (no boundary, cut short): the caller then keeps it as text. Rejects with 400
 * `VALIDATION` when a field is named `__proto__` (the JSON body policy), and with 413
 * `PAYLOAD_TOO_LARGE` (`{limitMb, fileName, size}`) when a file part is over `maxFilePartBytes`
 * (AP_MAX_FILE_SIZE_MB). Files are stored only once the whole body was read and checked, so a
 * malformed or refused body stores nothing.
 */
export async function readMultipartBody(
  body: Buffer,
  contentType: string,
  storeBinary: StoreBinaryBody,
  maxFilePartBytes = Number.POSITIVE_INFINITY,
): Promise<MultipartBody> {
  const parts = await splitParts(body, contentType);
  if (parts.some((part) => part.name === '__proto__')) throw prototypeKeyRefusal();
  for (const part of parts) {
    if (typeof part.value !== 'string' && part.value.bytes.length > maxFilePartBytes) {
      throw filePartTooLarge(part.value.filename, part.value.bytes.length, maxFilePartBytes);
    }
  }
  const fields: Record<string, unknown> = {};
  let hasFiles = false;
  for (const part of parts) {
    let value: unknown = part.value;
    if (typeof part.value !== 'string') {
      hasFiles = true;
      const { bytes, filename, mimeType } = part.value;
      const stored: StoredFilePart = {
        fileId: await storeBinary(bytes, mimeType),
        filename,
        mimeType,
        size: bytes.length,
      };
      value = stored;
    }
    addField(fields, part.name, value);
  }
  return { fields, hasFiles };
}

/** 413: a file part over the file size limit. */
function filePartTooLarge(fileName: string, size: number, limitBytes: number): PieceworkError {
  const limitMb = Math.round((limitBytes / (1024 * 1024)) * 100) / 100;
  return new PieceworkError('PAYLOAD_TOO_LARGE', {
    message: `The file ${fileName} is over the limit of ${String(limitMb)} MB`,
    limitMb,
    fileName,
    size,
  });
}

/** Sets `name` to `value`, or appends `value` to the values `name` already has (own keys only). */
function addField(fields: Record<string, unknown>, name: string, value: unknown): void {
  const existing: unknown = Object.hasOwn(fields, name) ? fields[name] : undefined;
  const next =
    existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  Object.defineProperty(fields, name, { value: next, enumerable: true, writable: true, configurable: true });
}

/** The parts of the body, in order, with file contents in memory (the body is bounded already). */
function splitParts(body: Buffer, contentType: string): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    const parts: Part[] = [];
    const reading: Promise<void>[] = [];
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { parts: MAX_PARTS, fieldSize: body.length, fileSize: body.length, headerSize: 81_920 },
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    parser.on('field', (name, value) => parts.push({ name, value }));
    parser.on('file', (name, stream, filename, _encoding, mimeType) => {
      const part: Part = { name, value: { bytes: Buffer.alloc(0), filename, mimeType } };
      parts.push(part);
      const chunks: Buffer[] = [];
      reading.push(
        new Promise((done, fail) => {
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            if (typeof part.value !== 'string') part.value.bytes = Buffer.concat(chunks);
            done();
          });
          stream.on('error', fail);
        }),
      );
    });
    parser.on('error', (error) => reject(error instanceof Error ? error : new Error(String(error))));
    parser.on('finish', () => {
      Promise.all(reading).then(() => resolve(parts), reject);
    });
    parser.end(body);
  });
}
