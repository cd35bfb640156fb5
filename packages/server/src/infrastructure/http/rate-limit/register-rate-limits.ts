/**
 * The server's rate limits on one `@fastify/rate-limit` plugin: the authentication routes'
 * (AP_API_RATE_LIMIT_AUTHN_*, see `authn-rate-limit.ts`) and the public submissions' (forms and
 * chat pages and the webhooks of their flows, AP_HUMAN_INPUT_RATE_LIMIT_*: per client IP, keys
 * `public-submission:ip:<address>`). Counters are in Redis when the server has one (every app
 * process shares them), otherwise in the database (`database-rate-limit-store.ts`).
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Redis } from 'ioredis';
import { authnLimitHook } from './authn-rate-limit';
import { checkLimit, pendingLimitKey } from './check-limit';

/** Where the counters live: a store class (the database's) or an ioredis client. */
export type RateLimitBackend =
  { readonly store: FastifyRateLimitStoreCtor } | { readonly redis: Redis; readonly nameSpace: string };

/** One limit: requests per window. */
export interface RateLimitWindow {
  readonly max: number;
  /** The window in ms. */
  readonly windowMs: number;
}

/** Options of {@link registerRateLimits}. */
export interface RateLimitOptions {
  readonly backend: RateLimitBackend;
  /** The authentication routes' limit (AP_API_RATE_LIMIT_AUTHN_MAX/_WINDOW); absent: off. */
  readonly authn?: RateLimitWindow | undefined;
  /** Public submissions per client IP (AP_HUMAN_INPUT_RATE_LIMIT_MAX/_WINDOW). */
  readonly publicSubmissions: RateLimitWindow;
}

/** Counts a request against the public submissions' limit; throws 429 RATE_LIMITED over it. */
export type PublicSubmissionLimit = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** What {@link registerRateLimits} answers: the hooks that apply each limit. */
export interface RegisteredRateLimits {
  /** The hook limiting one authentication route, by operationId; undefined when that limit is off. */
  readonly authn: ((operationId: string) => preHandlerAsyncHookHandler) | undefined;
  readonly publicSubmission: PublicSubmissionLimit;
}

/** Registers the plugin on `app` (no route is limited by it on its own) and answers the limits' hooks. */
export async function registerRateLimits(
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<RegisteredRateLimits> {
  await app.register(rateLimit, { global: false, keyGenerator: pendingLimitKey, ...options.backend });
  const limiterOf = ({ max, windowMs }: RateLimitWindow) =>
    app.createRateLimit({ max, timeWindow: windowMs });
  const submissions = limiterOf(options.publicSubmissions);
  return {
    authn: options.authn === undefined ? undefined : authnLimitHook(limiterOf(options.authn)),
    publicSubmission: (request, reply) =>
      checkLimit(submissions, request, reply, `public-submission:ip:${request.ip}`),
  };
}
