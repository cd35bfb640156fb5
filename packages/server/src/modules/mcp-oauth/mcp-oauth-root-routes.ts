/**
 * The MCP OAuth 2.1 authorization server at the domain root, as a Fastify plugin: discovery
 * (`/.well-known/oauth-authorization-server[/mcp]`, `/.well-known/oauth-protected-resource[/mcp]`),
 * `POST /register`, `GET /authorize`, `POST /token` and `POST /revoke`. These speak OAuth, not the
 * API's `{code, params}`: inside this plugin's scope bodies may be form-encoded (or JSON), every
 * error is `{error, error_description}` (`oauth-error.ts`), and /register, /token and /revoke
 * answer `Cache-Control: no-store` always and 405 (`Allow: POST`) to any other method. Each path
 * has an explicit handler for each method it answers, so the web app's catch-all never serves
 * its page there.
 *
 * Tokens: one grant per consent is the token family. Codes and refresh tokens are single use
 * (a replay revokes the family); access tokens are self-contained 15-minute JWTs checked against
 * their grant on every `/mcp` call, so revoking either kind of token at `/revoke` ends the grant.
 *
 * @example
 * ```ts
 * await app.register(mcpOAuthRootRoutes(context)); // after buildHttpApp, before serveWebApp
 * ```
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isPieceworkError, MCP_PATHS } from '@piecework/shared';
import type { ServerContext } from '../../server-context';
import { authorizeLocation } from './authorize-request';
import { NO_STORE_HEADERS, OAuthError } from './oauth-error';
import { authorizationServerMetadata, protectedResourceMetadata } from './oauth-metadata';
import { FormBody, formParams, queryParams } from './oauth-params';
import { registerClient } from './register-client';
import { registerLimiter, type RegisterRateLimit } from './register-rate-limit';
import { revokeEndpoint } from './revoke-endpoint';
import { tokenEndpoint } from './token-endpoint';

/** The largest body the authorization server reads (its requests are a few parameters). */
const BODY_LIMIT_BYTES = 64 * 1024;

/** Options of {@link mcpOAuthRootRoutes}. */
export interface McpOAuthRootOptions {
  /** The registration budget per IP, or false for none. Default `DEFAULT_REGISTER_RATE_LIMIT`. */
  readonly registerRateLimit?: RegisterRateLimit | false;
}

/** What the authorization server uses of the server context. */
export type McpOAuthRootDependencies = Pick<ServerContext, 'store' | 'now' | 'settings' | 'mcpAccessTokens'>;

/** The plugin serving the authorization server of `ctx`. */
export function mcpOAuthRootRoutes(ctx: McpOAuthRootDependencies, options: McpOAuthRootOptions = {}) {
  const limitRegistration = registerLimiter(ctx, options.registerRateLimit);
  const { publicUrl } = ctx.settings;
  return async function mcpOAuthRoot(scope: FastifyInstance): Promise<void> {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, done) => done(null, new FormBody(String(body))),
    );
    scope.setErrorHandler(sendOAuthError);

    const json = (document: Record<string, unknown>) => async (_: FastifyRequest, reply: FastifyReply) =>
      reply.header('cache-control', 'public, max-age=3600').send(document);
    const asMetadata = json(authorizationServerMetadata(publicUrl));
    const rsMetadata = json(protectedResourceMetadata(publicUrl));
    scope.get(MCP_PATHS.authorizationServerMetadata, asMetadata);
    scope.get(`${MCP_PATHS.authorizationServerMetadata}/mcp`, asMetadata);
    scope.get(MCP_PATHS.protectedResourceMetadata, rsMetadata);
    scope.get('/.well-known/oauth-protected-resource', rsMetadata);

    scope.get(MCP_PATHS.authorize, async (request, reply) => {
      const location = await authorizeLocation(ctx, queryParams(request.url));
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    });

    postOnly(scope, MCP_PATHS.register, async (request, reply) => {
      await limitRegistration?.(request.ip);
      if (request.body instanceof FormBody) {
        throw new OAuthError('invalid_request', 'Send the client metadata as JSON (RFC 7591)');
      }
      const registration = await registerClient(ctx, request.body);
      return reply.code(201).headers(NO_STORE_HEADERS).send(registration);
    });
    postOnly(scope, MCP_PATHS.token, async (request, reply) => {
      const answer = await tokenEndpoint(ctx, request.headers.authorization, formParams(request.body));
      return reply.headers(NO_STORE_HEADERS).send(answer);
    });
    postOnly(scope, MCP_PATHS.revoke, async (request, reply) => {
      const answer = await revokeEndpoint(ctx, request.headers.authorization, formParams(request.body));
      return reply.headers(NO_STORE_HEADERS).send(answer);
    });
  };
}

/** Registers `handler` for POST `path` and a 405 (`Allow: POST`) for every other method. */
function postOnly(
  scope: FastifyInstance,
  path: string,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  scope.post(path, { bodyLimit: BODY_LIMIT_BYTES }, handler);
  scope.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: path,
    handler: async (_request, reply) =>
      reply
        .code(405)
        .headers({ ...NO_STORE_HEADERS, allow: 'POST' })
        .send({ error: 'invalid_request', error_description: `${path} answers POST only` }),
  });
}

/**
 * Answers an error of this scope as an OAuth error: an {@link OAuthError} as it says; a request
 * Fastify refused (unreadable body, too large, unknown content type) as `invalid_request` with
 * its status; the database being away as 503 `temporarily_unavailable`; anything else as 500
 * `server_error` (logged).
 */
function sendOAuthError(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.headers(NO_STORE_HEADERS);
  if (error instanceof OAuthError) {
    return reply.code(error.status).headers(error.headers).send(error.toJSON());
  }
  const status = isPieceworkError(error) ? error.status : (error as FastifyError).statusCode;
  if (status !== undefined && status >= 400 && status < 500) {
    return reply.code(status).send({ error: 'invalid_request', error_description: error.message });
  }
  if (status === 503) {
    return reply.code(503).send({ error: 'temporarily_unavailable', error_description: error.message });
  }
  request.log.error({ err: error, req: { id: request.id } }, 'unexpected error');
  return reply.code(500).send({ error: 'server_error', error_description: 'The server failed; try again' });
}
