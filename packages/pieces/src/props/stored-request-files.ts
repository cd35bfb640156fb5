/**
 * Files a request brought: the server stores a binary webhook body and each file part of a
 * `multipart/form-data` body (a form's file field, a chat attachment) as a file of the project
 * and the trigger's output holds `{fileId, mimeType, size}` (`filename` too for a multipart part).
 * A FILE prop given such a value (`{{trigger.<field>}}`) reads the file from the run's file store
 * (`FileStore.load(fileId)`), whose stored text is the JSON string of the bytes in base64.
 */
import { extensionOfMime, extensionOfName } from './piece-file';

/** A stored request file, as a trigger's output holds it. */
export interface StoredRequestFile {
  fileId: string;
  mimeType: string;
  size: number;
  filename?: string;
}

/** True when `value` is a {@link StoredRequestFile} (and not a file object with its bytes). */
export function isStoredRequestFile(value: unknown): value is StoredRequestFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const file = value as Record<string, unknown>;
  return (
    typeof file.fileId === 'string' &&
    file.fileId !== '' &&
    typeof file.mimeType === 'string' &&
    typeof file.size === 'number' &&
    (file.filename === undefined || typeof file.filename === 'string') &&
    file.data === undefined &&
    file.base64 === undefined
  );
}

/** The bytes of a stored request file from its stored text; throws when the text is not one. */
export function decodeStoredRequestFile(text: string): Buffer {
  let base64: unknown;
  try {
    base64 = JSON.parse(text);
  } catch {
    base64 = undefined;
  }
  if (typeof base64 !== 'string') throw new Error('It is not a file a request brought');
  return Buffer.from(base64, 'base64');
}

/** The name of a stored request file: its own, else `unknown.<extension of its type>`. */
export function storedRequestFileName(file: StoredRequestFile): {
  filename: string;
  extension: string | undefined;
} {
  if (file.filename) return { filename: file.filename, extension: extensionOfName(file.filename) };
  const extension = extensionOfMime(file.mimeType.split(';')[0]!.trim());
  return { filename: `unknown.${extension}`, extension };
}
