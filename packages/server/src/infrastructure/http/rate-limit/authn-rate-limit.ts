/**
 * The authentication rate limit (AP_API_RATE_LIMIT_AUTHN_*): each route of
 * {@link AUTHN_RATE_LIMITED_ROUTES} takes at most `max` requests per window from one client IP, and
 * at most `max` per window for one email (the body's `email`, trimmed and lower-cased), whatever
 * the IP. Over either limit: 429 RATE_LIMITED with `Retry-After` (seconds until that window ends).
 * Counting is `@fastify/rate-limit`'s (see `register-rate-limits.ts`); the keys read
 * `<operationId>:ip:<address>` and `<operationId>:email:<address>` in any store. The second step of
 * a password sign-in (two-factor) counts as the sign-in itself ({@link AUTHN_COUNTED_AS}), its
 * email read from the sign-in's challenge: guessing codes uses up the same attempts as guessing
 * passwords.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import { decodeJwt } from 'jose';
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
  'twoFactor.signIn',
  'twoFactor.startSignInEnrolment',
]);

/** Routes whose requests count against another route's limit: operationId -> the counted one. */
export const AUTHN_COUNTED_AS: Readonly<Record<string, string>> = {
  'twoFactor.signIn': 'authentication.signIn',
  'twoFactor.startSignInEnrolment': 'authentication.signIn',
};

/**
 * The email a request's attempts count against: the body's `email`, else the `email` claim of the
 * body's `challenge` (a two-factor sign-in's token, read without checking its signature: a forged
 * one is refused by the route after being counted).
 */
function limitedEmail(body: unknown): string | undefined {
  const { email, challenge } = (body ?? {}) as { email?: unknown; challenge?: unknown };
  if (typeof email === 'string') return email;
  if (typeof challenge !== 'string') return undefined;
  try {
    const claimed = decodeJwt(challenge)['email'];
    return typeof claimed === 'string' ? claimed : undefined;
  } catch {
    return undefined;
  }
}

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
  return (operationId) => {
    const counted = AUTHN_COUNTED_AS[operationId] ?? operationId;
    return async function authnRateLimit(request, reply) {
      await checkLimit(limiter, request, reply, `${counted}:ip:${request.ip}`);
      const email = limitedEmail(request.body);
      if (email !== undefined) {
        await checkLimit(limiter, request, reply, `${counted}:email:${email.trim().toLowerCase()}`);
      }
    };
  };
}
