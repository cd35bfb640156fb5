/**
 * The authentication rate limit (AP_API_RATE_LIMIT_AUTHN_*): each route of
 * {@link AUTHN_RATE_LIMITED_ROUTES} takes at most `max` requests per window from one client IP, and
 * at most `max` per window for one email (the body's `email`, trimmed and lower-cased), whatever
 * the IP. Over either limit: 429 RATE_LIMITED with `Retry-After` (seconds until that window ends).
 * Counting is `@fastify/rate-limit`'s (see `register-rate-limits.ts`); the keys read
 * `<operationId>:ip:<address>` and `<operationId>:email:<address>` in any store.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Endpoint } from '@piecework/shared';
import { checkLimit, type Limiter } from './check-limit';

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

/**
 * The hook that limits one authentication route (by its operationId) with `limiter`: put it in
 * the route's `preHandler`, where the JSON body is parsed.
 */
export function authnLimitHook(limiter: Limiter): (operationId: string) => preHandlerAsyncHookHandler {
  return (operationId) =>
    async function authnRateLimit(request, reply) {
      await checkLimit(limiter, request, reply, `${operationId}:ip:${request.ip}`);
      const email = (request.body as { email?: unknown } | undefined)?.email;
      if (typeof email === 'string') {
        await checkLimit(limiter, request, reply, `${operationId}:email:${email.trim().toLowerCase()}`);
      }
    };
}
