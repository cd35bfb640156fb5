/**
 * Serves the web app beside the API: its files at their paths (hashed `/assets/*` cached for a
 * year as immutable, the rest revalidated by ETag), and `index.html` for every other GET outside
 * `/api` (the app's own routes: `/flows`, `/projects/:id/runs/:runId`...). Answers are Brotli or
 * gzip encoded when the browser accepts it. Unknown `/api/...` paths keep the API's JSON 404, and
 * a missing `/assets/...` file is a 404 (a stale tab must not get HTML for a script).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendRouteNotFound } from '../route-not-found';
import { encodedBody, listWebAppFiles, loadWebAppFile, type WebAppFile } from './web-app-files';

/**
 * The Content-Security-Policy of the app's pages: scripts from this origin only, inline styles
 * (the canvas and the code editor set them), images also from https (pieces' logos), stylesheets
 * and fonts also from https (an embedding host's `styling.fontUrl`, e.g. Google Fonts), calls to
 * this origin only, framing by this origin and the allowed embed origins only (`frameAncestors`,
 * written as given: browsers apply a `https://*.example.com` wildcard as `embedOriginMatches`
 * does), or by any site (`'*'`: the public pages, {@link isPublicPage}). Pages never carry
 * X-Frame-Options, which would override it.
 */
export function webAppCsp(frameAncestors: readonly string[] | '*' = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: https:",
    "font-src 'self' data: https:",
    "connect-src 'self'",
    frameAncestors === '*' ? 'frame-ancestors *' : ["frame-ancestors 'self'", ...frameAncestors].join(' '),
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** The page CSP of a server that allows no embed origin. */
export const WEB_APP_CSP = webAppCsp();

/**
 * The pages any site may frame (`frame-ancestors *`): the public forms and chat pages
 * (`/forms/:flowId`, `/chats/:flowId`), which use no session and are meant to be embedded.
 */
export const PUBLIC_PAGE_PREFIXES: readonly string[] = ['/forms', '/chats'];

/** Whether the page at `path` is one of {@link PUBLIC_PAGE_PREFIXES}. */
export function isPublicPage(path: string): boolean {
  return PUBLIC_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Options of {@link serveWebApp}. */
export interface ServeWebAppOptions {
  /** The origins allowed to frame the pages besides `'self'` (read on every page). Default none. */
  readonly frameAncestors?: () => Promise<readonly string[]>;
}

/** Registers the web app of `dir` (the built `dist/app` folder) on `app`. */
export function serveWebApp(app: FastifyInstance, dir: string, options: ServeWebAppOptions = {}): void {
  const frameAncestors = options.frameAncestors ?? (() => Promise.resolve([]));
  const files = listWebAppFiles(dir);
  const index = files.get('/index.html');
  if (index === undefined) throw new Error(`${dir} has no index.html: build the web app (npm run build)`);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = safeDecode(request.url.split('?')[0] ?? '/');
    if (path === '/api' || path.startsWith('/api/')) return sendRouteNotFound(request, reply);
    const file = path === '/' ? undefined : files.get(path);
    if (file !== undefined && path !== '/index.html')
      return sendFile(request, reply, file, path, frameAncestors);
    if (path.startsWith('/assets/')) return sendRouteNotFound(request, reply);
    const ancestors = isPublicPage(path) ? () => Promise.resolve('*' as const) : frameAncestors;
    return sendFile(request, reply, index, '/index.html', ancestors);
  };
  app.get('/', handler);
  app.get('/*', handler);
}

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: WebAppFile,
  path: string,
  frameAncestors: () => Promise<readonly string[] | '*'>,
): Promise<FastifyReply> {
  reply.header('cache-control', file.immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  const { etag } = loadWebAppFile(file);
  reply.header('etag', etag);
  reply.header('vary', 'accept-encoding');
  if (path.endsWith('.html')) reply.header('content-security-policy', webAppCsp(await frameAncestors()));
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  const accept = request.headers['accept-encoding'];
  const { body, encoding } = encodedBody(file, path, Array.isArray(accept) ? accept.join(',') : accept);
  if (encoding !== undefined) reply.header('content-encoding', encoding);
  return reply.code(200).type(file.contentType).send(body);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
