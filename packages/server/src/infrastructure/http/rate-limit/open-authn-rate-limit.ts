/**
 * The authentication rate limit as the configuration says: off with
 * AP_API_RATE_LIMIT_AUTHN_ENABLED=false; counters in Redis when the server has one (the scale-out
 * Redis, its own connection, keys under `<AP_REDIS_KEY_PREFIX>:rate-limit:`), else in the database.
 */
import { isRedisConfigured } from '@piecework/shared';
import { Redis } from 'ioredis';
import type { ServerSettings } from '../../config/server-settings';
import { redisConnectionOptions } from '../../config/redis-connection-options';
import type { DataStore } from '../../storage/data-store';
import type { AuthnRateLimitOptions } from './authn-rate-limit';
import { DatabaseRateLimitCounters, databaseRateLimitStore } from './database-rate-limit-store';

/** The limit's options and what closes its Redis connection (nothing without one). */
export interface OpenedAuthnRateLimit {
  readonly options: AuthnRateLimitOptions;
  close(): Promise<void>;
}

/** Opens the authentication rate limit; undefined when it is switched off. */
export function openAuthnRateLimit(
  settings: ServerSettings,
  store: DataStore,
): OpenedAuthnRateLimit | undefined {
  const { config } = settings;
  if (!config.apiRateLimitAuthnEnabled) return undefined;
  const limits = { max: config.apiRateLimitAuthnMax, windowMs: config.apiRateLimitAuthnWindow };
  if (!isRedisConfigured(config)) {
    const backend = { store: databaseRateLimitStore(new DatabaseRateLimitCounters(store)) };
    return { options: { ...limits, backend }, close: () => Promise.resolve() };
  }
  // A sign-in waits on its counter: fail after a few retries rather than queue while Redis is away.
  const redis = new Redis({ ...redisConnectionOptions(config), maxRetriesPerRequest: 2 });
  return {
    options: { ...limits, backend: { redis, nameSpace: `${config.redisKeyPrefix}:rate-limit:` } },
    // Counters need no flushing; a Redis that never answered would keep a graceful QUIT waiting.
    close: () => {
      redis.disconnect();
      return Promise.resolve();
    },
  };
}
