/**
 * The built web app's files: listed at start-up (one directory walk, no file read, so serving the
 * app costs the server's start nothing measurable), each read into memory on its first request
 * and kept, with its ETag and its gzip and Brotli encodings, made on first request too.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One file of the web app, by its URL path (`/assets/index-abc123.js`). */
export interface WebAppFile {
  /** Where it is on disk. */
  readonly path: string;
  readonly contentType: string;
  /** Its bytes and ETag, once read (see {@link loadWebAppFile}). */
  loaded?: { readonly body: Buffer; readonly etag: string };
  /** Hashed build output under `/assets/`: never changes, cached for a year. */
  readonly immutable: boolean;
  /** The encodings made so far (`br`, `gzip`). */
  readonly encoded: Map<'br' | 'gzip', Buffer>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files not worth compressing (already compressed). */
const PRECOMPRESSED = new Set(['.png', '.ico', '.woff2']);

/** Lists every file under `dir` (the `dist/app` folder), keyed by URL path; reads none. */
export function listWebAppFiles(dir: string): Map<string, WebAppFile> {
  const files = new Map<string, WebAppFile>();
  for (const path of walk(dir)) {
    const url = `/${relative(dir, path).split(sep).join('/')}`;
    files.set(url, {
      path,
      contentType: CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      immutable: url.startsWith('/assets/'),
      encoded: new Map(),
    });
  }
  return files;
}

/** The bytes and ETag of `file`, read from disk the first time and kept. */
export function loadWebAppFile(file: WebAppFile): { body: Buffer; etag: string } {
  if (file.loaded === undefined) {
    const body = readFileSync(file.path);
    file.loaded = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
  }
  return file.loaded;
}

/**
 * The body of `file` in the best encoding `acceptEncoding` allows (Brotli, then gzip), or as it
 * is; with the encoding's name for `Content-Encoding`.
 */
export function encodedBody(
  file: WebAppFile,
  path: string,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding: 'br' | 'gzip' | undefined } {
  const { body: raw } = loadWebAppFile(file);
  if (PRECOMPRESSED.has(extname(path)) || raw.length < 512 || acceptEncoding === undefined) {
    return { body: raw, encoding: undefined };
  }
  const accepts = (name: string) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?(,|$))`).test(acceptEncoding);
  const encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
  if (encoding === undefined) return { body: raw, encoding };
  let body = file.encoded.get(encoding);
  if (body === undefined) {
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 9,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : gzipSync(raw, { level: 9 });
    file.encoded.set(encoding, body);
  }
  return { body, encoding };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
