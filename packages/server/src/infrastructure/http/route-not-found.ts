/** The answer to a request no route takes: 404 ENTITY_NOT_FOUND naming the method and path. */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Sends the 404 of an unknown route (API paths the web app's fallback must not take, too). */
export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({
    code: 'ENTITY_NOT_FOUND',
    params: {
      message: `No route ${request.method} ${request.url.split('?')[0] ?? ''}`,
      entityType: 'route',
    },
  });
}
