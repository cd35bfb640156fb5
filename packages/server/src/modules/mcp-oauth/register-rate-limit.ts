/**
 * The rate limit of `POST /register`: registration is open to anyone, so each client IP may
 * register at most {@link DEFAULT_REGISTER_RATE_LIMIT} clients per window. Counting reuses the
 * database rate-limit counters of the authentication limit (`http/rate-limit/`), shared by every
 * app process on the database, under the key `mcpOAuth.register:ip:<address>`. Like the
 * authentication limit it is off with AP_API_RATE_LIMIT_AUTHN_ENABLED=false. Over the limit:
 * 429 with `Retry-After` and an OAuth body (`temporarily_unavailable`, RFC 6749 has no better code).
 */
import type { ServerContext } from '../../server-context';
import { DatabaseRateLimitCounters } from '../../infrastructure/http/rate-limit/database-rate-limit-store';
import { OAuthError } from './oauth-error';

/** A budget: at most `max` registrations per `windowMs` from one IP. */
export interface RegisterRateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/** 20 registrations per 10 minutes per IP: plenty for a person connecting a few clients. */
export const DEFAULT_REGISTER_RATE_LIMIT: RegisterRateLimit = { max: 20, windowMs: 10 * 60_000 };

/** A check to run before each registration; `undefined` when the limit is off. */
export type RegisterLimiter = (ip: string) => Promise<void>;

/** The registration limiter of a server: `limit` (default {@link DEFAULT_REGISTER_RATE_LIMIT}), or none when off. */
export function registerLimiter(
  ctx: Pick<ServerContext, 'store' | 'settings'>,
  limit: RegisterRateLimit | false = DEFAULT_REGISTER_RATE_LIMIT,
): RegisterLimiter | undefined {
  if (limit === false || !ctx.settings.config.apiRateLimitAuthnEnabled) return undefined;
  const counters = new DatabaseRateLimitCounters(ctx.store);
  return async (ip) => {
    const { current, ttl } = await counters.increment(`mcpOAuth.register:ip:${ip}`, limit.windowMs);
    if (current <= limit.max) return;
    const retryAfter = Math.max(1, Math.ceil(ttl / 1000));
    throw new OAuthError(
      'temporarily_unavailable',
      `Too many client registrations; try again in ${String(retryAfter)} seconds`,
      429,
      { 'retry-after': String(retryAfter) },
    );
  };
}
