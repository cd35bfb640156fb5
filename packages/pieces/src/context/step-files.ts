/**
 * Files between steps: what `ctx.files.write` keeps and how a later step reads it back.
 *
 * A piece's file goes to the host's `FileStore` like any other file, told apart by its save name
 * (`step-file:<fileName>`, see {@link stepFileSaveName}), as the JSON text of
 * `{fileName, base64}` ({@link encodeStepFile}). The server's store keeps it as a step file and
 * answers Activepieces' signed, expiring URL,
 * `<apiUrl>v1/step-files/signed?token=<jwt>`; a host without signing (the in-process memory
 * host) answers the file's id, and the piece gets `<apiUrl>v1/step-files/<id>`.
 *
 * A FILE prop given such a URL of this server is read from the store (`FileStore.load` of the
 * whole signed URL, which the server checks: signature, expiry, project), never over HTTP.
 */

/** The prefix of the save name of a piece's file (`ctx.files.write`), before the file's own name. */
export const STEP_FILE_NAME_PREFIX = 'step-file:';

/** The path of step files below the API URL (`<apiUrl>v1/step-files/...`). */
export const STEP_FILES_PATH = 'v1/step-files';

/** The name `ctx.files.write` saves `fileName` under, telling the host it is a piece's file. */
export function stepFileSaveName(fileName: string): string {
  return `${STEP_FILE_NAME_PREFIX}${fileName}`;
}

/** The file name of a save made by `ctx.files.write`; undefined for any other save (an offloaded output). */
export function fileNameOfStepFileSave(name: string): string | undefined {
  return name.startsWith(STEP_FILE_NAME_PREFIX) ? name.slice(STEP_FILE_NAME_PREFIX.length) : undefined;
}

/** A piece's file: its name and bytes. */
export interface StepFileContent {
  fileName: string;
  data: Buffer;
}

const STEP_FILE_KIND = 'piecework.step-file';

/** The text a piece's file is stored as: the JSON of `{kind, fileName, base64}`. */
export function encodeStepFile(fileName: string, data: Uint8Array): string {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return JSON.stringify({ kind: STEP_FILE_KIND, fileName, base64: bytes.toString('base64') });
}

/** The file stored as {@link encodeStepFile}'s `text`; throws when `text` is not one. */
export function decodeStepFile(text: string): StepFileContent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const record = parsed as { kind?: unknown; fileName?: unknown; base64?: unknown } | undefined;
  if (
    typeof record !== 'object' ||
    record === null ||
    record.kind !== STEP_FILE_KIND ||
    typeof record.fileName !== 'string' ||
    typeof record.base64 !== 'string'
  ) {
    throw new Error('It is not a file a step wrote (ctx.files.write)');
  }
  return { fileName: record.fileName, data: Buffer.from(record.base64, 'base64') };
}

/** The signed URL of a step file: `<apiUrl>v1/step-files/signed?token=<token>`. */
export function signedStepFileUrl(apiUrl: string, token: string): string {
  return `${apiUrl}${STEP_FILES_PATH}/signed?token=${encodeURIComponent(token)}`;
}

/**
 * A step-file URL of this server: `signed` with its token (the server's), or `stored` with a file
 * id (a host without signing).
 */
export type StepFileRef =
  | { readonly kind: 'signed'; readonly url: string; readonly token: string }
  | { readonly kind: 'stored'; readonly fileId: string };

/**
 * What `url` names when it is a step-file URL below `apiUrl` (same scheme, host, port and path
 * prefix); undefined for any other URL, which is downloaded as usual.
 */
export function parseStepFileUrl(url: string, apiUrl: string): StepFileRef | undefined {
  let target: URL;
  let api: URL;
  try {
    target = new URL(url.trim());
    api = new URL(apiUrl);
  } catch {
    return undefined;
  }
  if (target.origin !== api.origin) return undefined;
  const base = `${api.pathname.endsWith('/') ? api.pathname : `${api.pathname}/`}${STEP_FILES_PATH}/`;
  if (!target.pathname.startsWith(base)) return undefined;
  const rest = target.pathname.slice(base.length);
  if (rest === 'signed') {
    const token = target.searchParams.get('token');
    return token ? { kind: 'signed', url: target.href, token } : undefined;
  }
  if (rest === '' || rest.includes('/')) return undefined;
  try {
    return { kind: 'stored', fileId: decodeURIComponent(rest) };
  } catch {
    return undefined;
  }
}
