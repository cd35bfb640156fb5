/**
 * The HTTP stage of the server's assembly: the Fastify app over the routes (authentication,
 * access checks, limits, timeouts), the rate limits, the MCP endpoints at the
 * domain root and the web app.
 */
import type { FastifyInstance } from 'fastify';
import type { CreateServerOptions } from '../create-server';
import { buildHttpApp } from '../infrastructure/http/build-http-app';
import { resolveHttpTimeouts } from '../infrastructure/http/http-timeouts';
import { openRateLimits, type OpenedRateLimits } from '../infrastructure/http/rate-limit/open-rate-limits';
import type { RouteDefinition } from '../infrastructure/http/route';
import { locateWebApp } from '../infrastructure/http/web-app/locate-web-app';
import { serveWebApp } from '../infrastructure/http/web-app/serve-web-app';
import { authenticate } from '../modules/access/authenticate';
import { authorizeAccess } from '../modules/access/authorize-access';
import { mcpEndpoint } from '../modules/mcp/mcp-endpoint';
import { mcpOAuthRootRoutes } from '../modules/mcp-oauth/mcp-oauth-root-routes';
import type { ServerContext } from '../server-context';
import type { Infrastructure } from './open-infrastructure';

const MB = 1024 * 1024;

/** What {@link buildHttp} builds. */
export interface ServerHttp {
  readonly app: FastifyInstance;
  /** Whether the web app is served at `/`. */
  readonly servesWebApp: boolean;
  /** The rate limits of an app (closed with the server); undefined on a worker. */
  readonly rateLimits: OpenedRateLimits | undefined;
}

/** Builds the HTTP app of the server; a worker serves its routes only, never the MCP endpoints or the web app. */
export async function buildHttp(
  infrastructure: Infrastructure,
  context: ServerContext,
  routes: readonly RouteDefinition[],
  options: Pick<CreateServerOptions, 'http' | 'validateResponses' | 'webApp'>,
): Promise<ServerHttp> {
  const { settings, store, logger, servesApi } = infrastructure;
  const { config } = settings;
  const rateLimits = servesApi ? openRateLimits(settings, store) : undefined;
  const app = await buildHttpApp({
    routes,
    logger,
    authenticate: (header) => authenticate(context, header),
    authorize: (access, principal, parts) => authorizeAccess(context, access, principal, parts),
    bodyLimit: Math.max(config.maxFileSizeMb + 4, config.maxFlowRunLogSizeMb + 4, 25) * MB,
    logKeepSlowMs: config.logKeepSlowMs,
    timeouts: resolveHttpTimeouts(options.http ?? {}, config.webhookTimeoutSeconds * 1000),
    ...(options.validateResponses === undefined ? {} : { validateResponses: options.validateResponses }),
    ...(rateLimits === undefined ? {} : { rateLimits: rateLimits.options }),
  });
  // The MCP authorization server and `/mcp` sit at the domain root, before the web app's catch-all.
  if (servesApi) {
    await app.register(mcpOAuthRootRoutes(context));
    await app.register(mcpEndpoint(context, routes));
  }
  const webApp = servesApi ? (options.webApp ?? locateWebApp()) : false;
  if (webApp !== false && webApp !== undefined) {
    serveWebApp(app, webApp, { frameAncestors: () => context.embedOrigins.allowed() });
  }
  return { app, servesWebApp: webApp !== false && webApp !== undefined, rateLimits };
}
