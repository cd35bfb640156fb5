/**
 * Builds the Fastify app from route declarations: request ids, CORS, security headers, body
 * limit, query strings parsed with `qs` (arrays and nested filters), validation of every part by
 * the shared schemas, authentication, one error shape for every failure, and sampled request logs.
 * JSON bodies are read by the one JSON body policy (`json-body.ts`), decoded first when they come
 * with a `Content-Encoding` (`content-encoding.ts`).
 * JSON routes sit at the root (JSON bodies only); raw-body routes (`rawRoute`: webhooks, resume
 * requests) sit in their own plugin scope, which takes any content type as bytes.
 */
import { Readable } from 'node:stream';
import cors from '@fastify/cors';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Logger } from 'pino';
import qs from 'qs';
import { generateId } from '@piecework/shared';
import type { Principal } from '../auth/principal';
import { entityFields } from '../logging/create-logger';
import { answerClientError } from './client-error';
import { decodeContentEncoding } from './content-encoding';
import { HttpReply } from './http-reply';
import { runRoute, type AuthorizeAccess } from './invoke-route';
import { resolveHttpTimeouts, type HttpTimeouts } from './http-timeouts';
import { parseJsonBody } from './json-body';
import { isAuthnRateLimited } from './rate-limit/authn-rate-limit';
import {
  registerRateLimits,
  type RateLimitOptions,
  type RegisteredRateLimits,
} from './rate-limit/register-rate-limits';
import { rawBodyScope } from './raw-body-scope';
import type { RouteDefinition } from './route';
import { sendRouteNotFound } from './route-not-found';
import { sendError, type ErrorFormat } from './send-error';
import { applySecurityHeaders } from './security-headers';

/** Options of {@link buildHttpApp}. */
export interface HttpAppOptions {
  routes: readonly RouteDefinition[];
  logger: Logger;
  authenticate: (authorization: string | undefined) => Promise<Principal>;
  /**
   * The one access check (`modules/access/authorize-access.ts`): enforces the endpoint's declared access
   * before its handler runs and answers the project the call is authorized on.
   */
  authorize: AuthorizeAccess;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Requests slower than this are always logged (AP_LOG_KEEP_SLOW_MS). */
  logKeepSlowMs: number;
  /** Check every answer against its declared schema (tests turn this on; a mismatch is a 500). */
  validateResponses?: boolean;
  /** How long to wait on clients (see `http-timeouts.ts`); default its defaults for no `/sync` wait. */
  timeouts?: HttpTimeouts;
  /**
   * The rate limits (`rate-limit/register-rate-limits.ts`): the authentication routes' and the
   * public submissions' (handlers apply it through `RequestMeta.limitPublicSubmission`); default none.
   */
  rateLimits?: RateLimitOptions;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** How the route answers its errors when not as `{code, params}` (`RouteDefinition.errorBody`). */
    errorFormat?: ErrorFormat;
  }
}

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const logFieldsOf = new WeakMap<FastifyRequest, Record<string, unknown>>();

/** Every route of `options.routes` under `/api`, ready to `listen`. */
export async function buildHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const timeouts = options.timeouts ?? resolveHttpTimeouts({}, 0);
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => `req_${generateId()}`,
    bodyLimit: options.bodyLimit,
    connectionTimeout: timeouts.idleTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    requestTimeout: timeouts.requestTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    clientErrorHandler: answerClientError,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: {
      ignoreTrailingSlash: true,
      querystringParser: (text) => qs.parse(text, { depth: 5, arrayLimit: 100, parameterLimit: 1000 }),
    },
  });
  app.removeContentTypeParser('application/json');
  // JSON bodies, also under the JSON media types endpoints declare (SCIM's application/scim+json).
  const jsonMediaTypes = new Set(['application/json']);
  for (const route of options.routes) {
    if (route.endpoint.mediaType !== undefined) jsonMediaTypes.add(route.endpoint.mediaType);
  }
  app.addContentTypeParser(
    [...jsonMediaTypes],
    { parseAs: 'buffer' },
    async (request: FastifyRequest, body: Buffer) => {
      const encoding = request.headers['content-encoding'];
      const bytes =
        encoding === undefined
          ? body
          : await decodeContentEncoding(body, encoding, request.routeOptions.bodyLimit);
      return parseJsonBody(bytes.toString('utf8'));
    },
  );
  await app.register(cors, {
    origin: '*',
    methods: [...ALL_METHODS],
    exposedHeaders: ['x-request-id', 'x-webhook-id'],
  });

  const limits =
    options.rateLimits === undefined ? undefined : await registerRateLimits(app, options.rateLimits);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    applySecurityHeaders(reply);
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const responseTime = Math.round(reply.elapsedTime * 100) / 100;
    const fields = {
      req: { id: request.id, method: request.method, url: request.routeOptions.url ?? request.url },
      res: { statusCode: reply.statusCode },
      responseTime,
      ...logFieldsOf.get(request),
      ...(responseTime >= options.logKeepSlowMs ? { keep: true } : {}),
    };
    if (reply.statusCode >= 500) {
      request.log.error(fields, 'request failed');
    } else {
      request.log.info(fields, 'request completed');
    }
    done();
  });

  app.setErrorHandler((error, request, reply) => sendError(error, request, reply, errorFormatOf(request)));
  app.setNotFoundHandler(sendRouteNotFound);

  const register = (scope: FastifyInstance, route: RouteDefinition) =>
    registerRoute(scope, route, options, limits);
  const rawRoutes = options.routes.filter((route) => route.rawBody !== undefined);
  for (const route of options.routes) {
    if (route.rawBody === undefined) register(app, route);
  }
  if (rawRoutes.length > 0) {
    await app.register(rawBodyScope(rawRoutes, register));
  }
  return app;
}

/**
 * Registers one route on `scope`: its rate limit (authentication routes), authentication, then
 * validation, the access check and the handler (`runRoute`, shared with in-process calls), the answer.
 */
function registerRoute(
  scope: FastifyInstance,
  route: RouteDefinition,
  options: HttpAppOptions,
  limits: RegisteredRateLimits | undefined,
): void {
  const { endpoint } = route;
  const authnLimit = limits?.authn;
  const publicSubmission = limits?.publicSubmission;
  scope.route({
    method: endpoint.method === 'ALL' ? [...ALL_METHODS] : endpoint.method,
    url: `/api${endpoint.path}`,
    ...(authnLimit !== undefined && isAuthnRateLimited(endpoint)
      ? { preHandler: authnLimit(endpoint.operationId) }
      : {}),
    ...(route.rawBody === undefined ? {} : { bodyLimit: route.rawBody.limitBytes }),
    ...(route.errorBody === undefined
      ? {}
      : { config: { errorFormat: { body: route.errorBody, mediaType: endpoint.mediaType } } }),
    handler: async (request, reply) => {
      const principal =
        endpoint.auth === 'principal' ? await options.authenticate(request.headers.authorization) : null;
      const result = await runRoute(
        route,
        { principal, params: request.params, query: request.query, body: request.body },
        {
          authorize: options.authorize,
          requestMeta: ({ params, query, body }) => ({
            ip: request.ip,
            requestId: request.id,
            log: attachLogFields(request, route, params, query, body),
            headers: request.headers,
            method: request.method,
            query: request.query ?? {},
            ...(publicSubmission === undefined
              ? {}
              : { limitPublicSubmission: () => publicSubmission(request, reply) }),
            closedSignal: () => closedSignal(request, reply),
          }),
        },
      );
      if (result instanceof HttpReply) {
        return sendHttpReply(reply, result);
      }
      if (options.validateResponses === true && endpoint.response !== undefined) {
        const check = endpoint.response.safeParse(result);
        if (!check.success) {
          throw new Error(
            `The answer of ${endpoint.operationId} does not match its schema: ${check.error.message}`,
          );
        }
      }
      reply.code(endpoint.status);
      if (endpoint.mediaType !== undefined && result !== undefined) reply.type(endpoint.mediaType);
      return result === undefined ? reply.send() : reply.send(result);
    },
  });
}

/** The error format of the route `request` matched (`RouteDefinition.errorBody`), if it has one. */
function errorFormatOf(request: FastifyRequest): ErrorFormat | undefined {
  return (request.routeOptions.config as { errorFormat?: ErrorFormat } | undefined)?.errorFormat;
}

/**
 * A signal aborted when the client goes away before the answer was sent whole (the socket closed
 * early), for handlers whose answer streams: they stop their work then.
 */
function closedSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort();
  };
  if (reply.raw.destroyed || request.raw.socket.destroyed) onClose();
  else reply.raw.once('close', onClose);
  return controller.signal;
}

/**
 * Sends an {@link HttpReply} as it is: status, headers, and its body raw, as JSON, or none. Bodies
 * go as bytes, so Node writes the header block byte for byte (with a string body it writes headers
 * and body in one UTF-8 string, re-encoding header bytes over 0x7f).
 */
function sendHttpReply(reply: FastifyReply, answer: HttpReply): FastifyReply {
  if (answer.droppedHeaders.length > 0) {
    reply.log.warn({ headers: answer.droppedHeaders }, 'response headers HTTP cannot carry were dropped');
  }
  reply.code(answer.status).headers(answer.headers);
  const { body } = answer;
  if (body === undefined) return reply.send();
  if (body instanceof Readable) return reply.send(body);
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    if (!reply.hasHeader('content-type')) {
      reply.type(typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/octet-stream');
    }
    return reply.send(typeof body === 'string' ? Buffer.from(body) : body);
  }
  if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
  return reply.send(Buffer.from(JSON.stringify(body)));
}

/** Groups the ids a request names (`:id` of the route's entity, `projectId`) into its log lines. */
function attachLogFields(
  request: FastifyRequest,
  route: RouteDefinition,
  params: unknown,
  query: unknown,
  body: unknown,
): FastifyRequest['log'] {
  const id = (params as { id?: unknown } | undefined)?.id;
  const projectId =
    (query as { projectId?: unknown } | undefined)?.projectId ??
    (body as { projectId?: unknown } | undefined)?.projectId;
  const fields: Record<string, unknown> = entityFields({
    projectId: typeof projectId === 'string' ? projectId : undefined,
  });
  if (route.logEntity !== undefined && typeof id === 'string') {
    fields[route.logEntity] = { id };
  }
  if (Object.keys(fields).length === 0) {
    return request.log;
  }
  logFieldsOf.set(request, fields);
  return request.log.child(fields);
}
