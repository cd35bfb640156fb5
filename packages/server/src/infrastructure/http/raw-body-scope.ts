/**
 * The plugin scope of the raw-body routes (webhooks, resume requests). Fastify encapsulates
 * content-type parsers per scope, so this scope's one catch-all parser (any content type, or none,
 * read as a Buffer) leaves the JSON API's parsers as they are.
 *
 * Size limits: each route's `bodyLimit` is its own limit. Fastify refuses a body whose
 * content-length is over it before reading a byte, and counts a chunked body as it streams,
 * stopping at the limit; the 413 then closes the connection, so the rest is never read. A body
 * sent with `Content-Encoding` is decoded here, within the same limit (see `content-encoding.ts`).
 */
import { PieceworkError } from '@piecework/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { decodeContentEncoding } from './content-encoding';
import type { RouteDefinition } from './route';
import { sendError } from './send-error';

interface FastifyLikeError {
  code?: unknown;
}

/** A scope taking raw bodies for `routes`; `register` adds one route to it. */
export function rawBodyScope(
  routes: readonly RouteDefinition[],
  register: (scope: FastifyInstance, route: RouteDefinition) => void,
): FastifyPluginAsync {
  const largestLimit = Math.max(...routes.map((route) => route.rawBody?.limitBytes ?? 0));
  return async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: largestLimit },
      (request: FastifyRequest, body: Buffer, done: (error: Error | null, body?: Buffer) => void) => {
        const encoding = request.headers['content-encoding'];
        if (encoding === undefined) return done(null, body);
        decodeContentEncoding(body, encoding, request.routeOptions.bodyLimit).then(
          (decoded) => done(null, decoded),
          (error: Error) => done(error),
        );
      },
    );
    scope.setErrorHandler((error, request, reply) => sendRawRouteError(error, request, reply));
    for (const route of routes) register(scope, route);
  };
}

/** The scope's errors: a body over the limit names the limit; a malformed content type is 415. */
function sendRawRouteError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const code = (typeof error === 'object' && error !== null ? (error as FastifyLikeError) : {}).code;
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    const limitBytes = request.routeOptions.bodyLimit;
    return sendError(
      new PieceworkError('PAYLOAD_TOO_LARGE', {
        message: `The request body is over the limit of ${String(limitBytes)} bytes`,
        limitBytes,
      }),
      request,
      reply.header('connection', 'close'),
    );
  }
  if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return sendError(
      new PieceworkError('UNSUPPORTED_MEDIA_TYPE', { message: 'The content-type header is malformed' }),
      request,
      reply,
    );
  }
  return sendError(error, request, reply);
}
