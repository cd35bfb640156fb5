import { decodeStepFile, parseStepFileUrl, type StepFileRef } from '../context/step-files';
import { safeFetch } from '../http/safe-fetch';
import { extensionOfMime, extensionOfName } from './piece-file';
import type { PropertyMap, PropsErrors } from './property-kinds';
import {
  decodeStoredRequestFile,
  isStoredRequestFile,
  storedRequestFileName,
  type StoredRequestFile,
} from './stored-request-files';

/** How FILE props given as URLs are downloaded. */
export interface FileDownloadOptions {
  /** AP_SSRF_ALLOW_LIST: the addresses the SSRF filter lets through. */
  allowList: readonly string[];
  /** The largest file, in bytes (AP_MAX_FILE_SIZE_MB); a bigger one fails the step. */
  maxBytes: number;
  /** The longest a download may take, in milliseconds. */
  timeoutMs: number;
  /** The run's signal: a download ends with the step. */
  signal?: AbortSignal | undefined;
  /**
   * Files earlier steps wrote (`ctx.files.write`): a URL below `apiUrl`'s `v1/step-files/` is
   * read with `load` from the run's file store (the whole signed URL, or the id), not over HTTP.
   * Without it every URL is downloaded, and files a request brought (`{fileId, ...}`) cannot be
   * read.
   */
  stepFiles?: { apiUrl: string; load(reference: string): Promise<string> } | undefined;
}

/** The longest a FILE prop's URL may take to download: 30 s. */
export const FILE_DOWNLOAD_TIMEOUT_MS = 30_000;

/** AP_MAX_FILE_SIZE_MB when the services do not say: 25 MB. */
export const DEFAULT_MAX_FILE_SIZE_MB = 25;

/**
 * The download options of a piece call: its services' allow list and file size limit, the
 * standard deadline, the call's signal, and (services with URLs and files) the run's file store
 * for step-file URLs of this server.
 */
export function fileDownloadOptions(
  services: {
    ssrfAllowList: readonly string[];
    maxFileSizeMb?: number;
    urls?: { apiUrl: string };
    files?: { load(reference: string): Promise<string> };
  },
  signal: AbortSignal | undefined,
): FileDownloadOptions {
  const { urls, files } = services;
  return {
    allowList: services.ssrfAllowList,
    maxBytes: (services.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB) * 1024 * 1024,
    timeoutMs: FILE_DOWNLOAD_TIMEOUT_MS,
    signal,
    ...(urls && files
      ? { stepFiles: { apiUrl: urls.apiUrl, load: (reference: string) => files.load(reference) } }
      : {}),
  };
}

/** A downloaded file, in the object form the FILE processor takes (`{filename, data, extension}`). */
export interface DownloadedFile {
  filename: string;
  data: Buffer;
  extension: string | undefined;
}

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//i.test(value.trim());

/**
 * The file's name: the `filename` of its Content-Disposition, else the URL's last path segment
 * (decoded), else `unknown.<extension of its type>`.
 */
function fileNameOf(
  url: URL,
  contentType: string | null,
  disposition: string | null = null,
): { filename: string; extension: string | undefined } {
  const segment = url.pathname.split('/').pop() ?? '';
  let name = dispositionFileName(disposition) ?? '';
  if (name === '') {
    try {
      name = decodeURIComponent(segment);
    } catch {
      name = segment;
    }
  }
  const typeExtension = contentType ? extensionOfMime(contentType.split(';')[0]!.trim()) : undefined;
  const nameExtension = extensionOfName(name);
  if (name !== '' && nameExtension !== undefined) return { filename: name, extension: nameExtension };
  const extension = typeExtension ?? 'bin';
  return { filename: name === '' ? `unknown.${extension}` : `${name}.${extension}`, extension };
}

/** The file name a Content-Disposition header gives (`filename*=UTF-8''...` first), without any path. */
function dispositionFileName(header: string | null): string | undefined {
  if (header === null) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  let name: string | undefined;
  if (extended !== undefined) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/
    .exec(header)
    ?.slice(1)
    .find((part) => part);
  const base = name?.replace(/\\(.)/g, '$1').split(/[/\\]/).pop()?.trim();
  return base ? base : undefined;
}

/** Reads `response`'s body, refusing (and cancelling it) past `maxBytes`. */
async function readLimited(response: Response, maxBytes: number, url: string): Promise<Buffer> {
  const tooBig = () => new Error(`The file at ${url} is larger than the ${String(maxBytes)}-byte limit`);
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooBig();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  if (response.body === null) return Buffer.alloc(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooBig();
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks, size);
}

/**
 * Downloads the file at `url` through the SSRF-filtered client (`safeFetch`: private and
 * loopback addresses refused unless allowed, every redirect checked), within `timeoutMs` and
 * `maxBytes`. Throws an Error saying why (blocked address, status, size, deadline).
 */
export async function downloadFile(url: string, options: FileDownloadOptions): Promise<DownloadedFile> {
  const stepFile = options.stepFiles ? parseStepFileUrl(url, options.stepFiles.apiUrl) : undefined;
  if (stepFile && options.stepFiles) return readStepFile(url, stepFile, options.stepFiles, options.maxBytes);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  try {
    const response = await safeFetch(url.trim(), { signal }, { allowList: options.allowList });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new Error(`Downloading the file at ${url} failed with status ${String(response.status)}`);
    }
    const data = await readLimited(response, options.maxBytes, url);
    const name = fileNameOf(
      new URL(response.url || url),
      response.headers.get('content-type'),
      response.headers.get('content-disposition'),
    );
    return { ...name, data };
  } catch (error) {
    if (deadline.aborted) {
      throw new Error(`Downloading the file at ${url} took longer than ${String(options.timeoutMs)} ms`);
    }
    const cause = (error as { cause?: unknown }).cause;
    if (error instanceof TypeError && cause instanceof Error) {
      throw new Error(`Downloading the file at ${url} failed: ${cause.message}`);
    }
    throw error;
  }
}

/**
 * Reads the step file `reference` names from the run's file store: the server checks the signed
 * URL (signature, expiry, project) and answers the file, or refuses saying why.
 */
async function readStepFile(
  url: string,
  reference: StepFileRef,
  store: NonNullable<FileDownloadOptions['stepFiles']>,
  maxBytes: number,
): Promise<DownloadedFile> {
  let file: { fileName: string; data: Buffer };
  try {
    file = decodeStepFile(await store.load(reference.kind === 'signed' ? reference.url : reference.fileId));
  } catch (error) {
    throw new Error(
      `Reading the step file at ${url} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (file.data.length > maxBytes) {
    throw new Error(`The file at ${url} is larger than the ${String(maxBytes)}-byte limit`);
  }
  return { filename: file.fileName, data: file.data, extension: extensionOfName(file.fileName) };
}

/**
 * Reads a file a request brought (a multipart file part, a binary body) from the run's file
 * store; throws when there is no store to read it from, it is gone, or it is over `maxBytes`.
 */
async function readStoredRequestFile(
  file: StoredRequestFile,
  options: FileDownloadOptions,
): Promise<DownloadedFile> {
  if (!options.stepFiles) throw new Error(`The file ${file.fileId} a request brought cannot be read here`);
  let data: Buffer;
  try {
    data = decodeStoredRequestFile(await options.stepFiles.load(file.fileId));
  } catch (error) {
    throw new Error(
      `Reading the file ${file.fileId} a request brought failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (data.length > options.maxBytes) {
    throw new Error(`The file ${file.fileId} is larger than the ${String(options.maxBytes)}-byte limit`);
  }
  return { ...storedRequestFileName(file), data };
}

/** The file a FILE prop's value names, when it must be fetched: an http(s) URL or a stored request file. */
function fileToFetch(
  value: unknown,
  options: FileDownloadOptions,
): (() => Promise<DownloadedFile>) | undefined {
  if (isHttpUrl(value)) return () => downloadFile(value, options);
  if (isStoredRequestFile(value)) return () => readStoredRequestFile(value, options);
  return undefined;
}

/**
 * The step's input with every FILE prop given as an http(s) URL replaced by the downloaded file
 * (as Activepieces downloads them), and every FILE prop given a file a request brought
 * (`{fileId, mimeType, size, filename?}` of a trigger's output) by that file read from the run's
 * file store, for the props pipeline to make a file of; or the errors per prop, as the pipeline
 * reports them. FILE props nested in ARRAY or DYNAMIC props are left as they are (the pipeline
 * refuses a URL there).
 */
export async function downloadFileProps(
  props: PropertyMap,
  input: Record<string, unknown>,
  options: FileDownloadOptions,
): Promise<
  { ok: true; input: Record<string, unknown> } | { ok: false; message: string; errors: PropsErrors }
> {
  const fetches = Object.entries(props).flatMap(([key, prop]) => {
    const fetch = prop.type === 'FILE' ? fileToFetch(input[key], options) : undefined;
    return fetch ? [{ key, fetch }] : [];
  });
  if (fetches.length === 0) return { ok: true, input };
  const errors: PropsErrors = {};
  const downloaded = { ...input };
  await Promise.all(
    fetches.map(async ({ key, fetch }) => {
      try {
        downloaded[key] = await fetch();
      } catch (error) {
        errors[key] = [error instanceof Error ? error.message : String(error)];
      }
    }),
  );
  if (Object.keys(errors).length > 0) return { ok: false, message: JSON.stringify(errors), errors };
  return { ok: true, input: downloaded };
}
