/**
 * The rate limits as the configuration says: the authentication routes' (off with
 * AP_API_RATE_LIMIT_AUTHN_ENABLED=false) and the public submissions' (AP_HUMAN_INPUT_RATE_LIMIT_*);
 * counters in Redis when the server has one (the scale-out Redis, its own connection, keys under
 * `<AP_REDIS_KEY_PREFIX>:rate-limit:`), else in the database.
 */
import { isRedisConfigured } from '@piecework/shared';
import { Redis } from 'ioredis';
import type { ServerSettings } from '../../config/server-settings';
import { redisConnectionOptions } from '../../config/redis-connection-options';
import type { DataStore } from '../../storage/data-store';
import { DatabaseRateLimitCounters, databaseRateLimitStore } from './database-rate-limit-store';
import type { RateLimitOptions } from './register-rate-limits';

/** The limits' options and what closes their Redis connection (nothing without one). */
export interface OpenedRateLimits {
  readonly options: RateLimitOptions;
  close(): Promise<void>;
}

/** Opens the rate limits of an app process. */
export function openRateLimits(settings: ServerSettings, store: DataStore): OpenedRateLimits {
  const { config } = settings;
  const limits = {
    authn: config.apiRateLimitAuthnEnabled
      ? { max: config.apiRateLimitAuthnMax, windowMs: config.apiRateLimitAuthnWindow }
      : undefined,
    publicSubmissions: { max: config.humanInputRateLimitMax, windowMs: config.humanInputRateLimitWindow },
  };
  if (!isRedisConfigured(config)) {
    const backend = { store: databaseRateLimitStore(new DatabaseRateLimitCounters(store)) };
    return { options: { ...limits, backend }, close: () => Promise.resolve() };
  }
  // A request waits on its counter: fail after a few retries rather than queue while Redis is away.
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
