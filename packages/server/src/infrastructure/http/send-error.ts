/**
 * Answers a thrown error with the one error shape (`{code, params}`); the server's own failures are
 * logged. Headers set before the error that Node would refuse to send are removed first, so the
 * error answer itself can always be written (else Fastify falls back to its own error shape).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from './error-response';
import { isSendableHeader } from './header-values';

/** Sends the answer of `error` on `reply`, logging it when it is the server's fault. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = errorResponse(error, request.id);
  if (answer.unexpected) {
    request.log.error({ err: error, req: { id: request.id } }, 'unexpected error');
  }
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (!isSendableHeader(name, value)) reply.removeHeader(name);
  }
  return reply.code(answer.status).send(answer.body);
}
