/**
 * Answers a thrown error with the one error shape (`{code, params}`); the server's own failures are
 * logged. Headers set before the error that Node would refuse to send are removed first, so the
 * error answer itself can always be written (else Fastify falls back to its own error shape).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse, type ErrorResponse } from './error-response';
import { isSendableHeader } from './header-values';

/**
 * How a route answers its errors when not as `{code, params}`: the body to send for the mapped
 * answer, in media type `mediaType` (see `RouteDefinition.errorBody`).
 */
export interface ErrorFormat {
  readonly body: (answer: ErrorResponse) => unknown;
  readonly mediaType?: string | undefined;
}

/**
 * Sends the answer of `error` on `reply`, logging it when it is the server's fault; shaped by
 * `format` when the route has one.
 */
export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  format?: ErrorFormat,
): FastifyReply {
  const answer = errorResponse(error, request.id);
  if (answer.unexpected) {
    request.log.error({ err: error, req: { id: request.id } }, 'unexpected error');
  }
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (!isSendableHeader(name, value)) reply.removeHeader(name);
  }
  if (format !== undefined) {
    if (format.mediaType !== undefined) reply.type(format.mediaType);
    return reply.code(answer.status).send(format.body(answer));
  }
  return reply.code(answer.status).send(answer.body);
}
