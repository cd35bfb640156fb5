/** Answers a thrown error with the one error shape (`{code, params}`); the server's own failures are logged. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorResponse } from './error-response';

/** Sends the answer of `error` on `reply`, logging it when it is the server's fault. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = errorResponse(error, request.id);
  if (answer.unexpected) {
    request.log.error({ err: error, req: { id: request.id } }, 'unexpected error');
  }
  return reply.code(answer.status).send(answer.body);
}
