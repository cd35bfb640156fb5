/**
 * Counting one request against a `@fastify/rate-limit` limiter under a key the caller names, and
 * the 429 answer over the limit. The plugin's limiter takes one key generator; every limit goes
 * through it with the key {@link checkLimit} names, so one plugin (one store) serves them all.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PieceworkError } from '@piecework/shared';

/** A limiter made by the plugin's `createRateLimit`. */
export type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The key each request's current check counts. */
const pendingKey = new WeakMap<FastifyRequest, string>();

/** The plugin's key generator: the key {@link checkLimit} named for this request. */
export function pendingLimitKey(request: FastifyRequest): string {
  return pendingKey.get(request) ?? `ip:${request.ip}`;
}

/** Counts the request under `key`; over the limit, sets Retry-After and throws 429 RATE_LIMITED. */
export async function checkLimit(
  limiter: Limiter,
  request: FastifyRequest,
  reply: { header(name: string, value: string): unknown },
  key: string,
): Promise<void> {
  pendingKey.set(request, key);
  const result = await limiter(request).finally(() => pendingKey.delete(request));
  if (result.isAllowed || !result.isExceeded) return;
  const retryAfter = Math.max(1, result.ttlInSeconds);
  reply.header('retry-after', String(retryAfter));
  throw new PieceworkError('RATE_LIMITED', {
    message: `Too many attempts; try again in ${String(retryAfter)} seconds`,
    retryAfterSeconds: retryAfter,
  });
}
