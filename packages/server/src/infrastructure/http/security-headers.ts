/** Headers every answer carries: no MIME sniffing, HTTPS only, no referrer, no framing of API answers. */
import type { FastifyReply } from 'fastify';

/** Adds the security headers to `reply`, keeping any a route set itself. */
export function applySecurityHeaders(reply: FastifyReply): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  reply.header('referrer-policy', 'no-referrer');
  reply.header('cross-origin-resource-policy', 'cross-origin');
  if (!reply.hasHeader('content-security-policy')) {
    reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
  }
}
