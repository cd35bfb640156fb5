/**
 * The authentication rate limit (AP_API_RATE_LIMIT_AUTHN_*): each route of
 * {@link AUTHN_RATE_LIMITED_ROUTES} takes at most `max` requests per window from one client IP, and
 * at most `max` per window for one email (the body's `email`, trimmed and lower-cased), whatever
 * the IP. Over either limit: 429 RATE_LIMITED with `Retry-After` (seconds until that window ends).
 * Counting is `@fastify/rate-limit`'s, its counters in Redis when the server has one (every app
 * process shares them) and otherwise in the database (`database-rate-limit-store.ts`).
 *
 * The plugin's limiter takes one key generator; both limits go through it with the key each check
 * names ({@link checkLimit}), so the keys read `<operationId>:ip:<address>` and
 * `<operationId>:email:<address>` in any store.
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { PieceworkError, type Endpoint } from '@piecework/shared';

/**
 * The rate-limited routes, by operationId or by `METHOD /path`: the one place to switch the limit
 * on for a route. The emailed-code and password-reset routes are named by path, so they are
 * limited as soon as they are registered.
 */
export const AUTHN_RATE_LIMITED_ROUTES: ReadonlySet<string> = new Set([
  'authentication.signIn',
  'authentication.signUp',
  'federatedAuthn.claim',
  'managedAuthn.externalToken',
  'POST /v1/otp',
  'POST /v1/authn/local/verify-email',
  'POST /v1/authn/local/reset-password',
]);

/** Whether `endpoint` is one of {@link AUTHN_RATE_LIMITED_ROUTES}. */
export function isAuthnRateLimited(
  endpoint: Pick<Endpoint, 'operationId' | 'method' | 'path'>,
  routes: ReadonlySet<string> = AUTHN_RATE_LIMITED_ROUTES,
): boolean {
  return routes.has(endpoint.operationId) || routes.has(`${endpoint.method} ${endpoint.path}`);
}

/** Where the counters live: a store class (the database's) or an ioredis client. */
export type RateLimitBackend =
  { readonly store: FastifyRateLimitStoreCtor } | { readonly redis: Redis; readonly nameSpace: string };

/** Options of {@link registerAuthnRateLimit}. */
export interface AuthnRateLimitOptions {
  /** Requests per window, per IP and per email (AP_API_RATE_LIMIT_AUTHN_MAX). */
  readonly max: number;
  /** The window in ms (AP_API_RATE_LIMIT_AUTHN_WINDOW). */
  readonly windowMs: number;
  readonly backend: RateLimitBackend;
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** The key each request's current check counts (see the module comment). */
const pendingKey = new WeakMap<FastifyRequest, string>();

/**
 * Registers the plugin on `app` (no route is limited by it on its own) and answers the hook that
 * limits one route: put it in the route's `preHandler`, where the JSON body is parsed.
 */
export async function registerAuthnRateLimit(
  app: FastifyInstance,
  options: AuthnRateLimitOptions,
): Promise<(operationId: string) => preHandlerAsyncHookHandler> {
  await app.register(rateLimit, {
    global: false,
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => pendingKey.get(request) ?? `ip:${request.ip}`,
    ...options.backend,
  });
  const limiter = app.createRateLimit();
  return (operationId) =>
    async function authnRateLimit(request, reply) {
      await checkLimit(limiter, request, reply, `${operationId}:ip:${request.ip}`);
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string') {
        await checkLimit(limiter, request, reply, `${operationId}:email:${email.trim().toLowerCase()}`);
      }
    };
}

/** Counts the request under `key`; over the limit, sets Retry-After and throws 429 RATE_LIMITED. */
async function checkLimit(
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
