/**
 * How the server connects to Redis (BullMQ's connection), from the `AP_REDIS_*` variables: a URL
 * (AP_REDIS_URL), a host and port (AP_REDIS_HOST...), or a Sentinel set (AP_REDIS_TYPE=SENTINEL).
 */
import { PieceworkError, type PieceworkConfig } from '@piecework/shared';
import type { RedisOptions } from 'bullmq';

/** The `AP_REDIS_*` part of the configuration. */
export type RedisConfig = Pick<
  PieceworkConfig,
  | 'redisUrl'
  | 'redisType'
  | 'redisHost'
  | 'redisPort'
  | 'redisPassword'
  | 'redisDb'
  | 'redisUseSsl'
  | 'redisSentinelHosts'
  | 'redisSentinelName'
  | 'redisSentinelRole'
>;

/**
 * The connection options of every Redis client of the job queue. Use it wherever a BullMQ
 * `Queue`, `Worker` or `QueueEvents` is built. SENTINEL takes the Sentinels, the group name and
 * role; otherwise AP_REDIS_URL (`redis://` or `rediss://` for TLS) wins over AP_REDIS_HOST.
 * AP_REDIS_PASSWORD, AP_REDIS_DB and AP_REDIS_USE_SSL apply where the URL does not say.
 * Requests wait for a reconnection rather than fail (`maxRetriesPerRequest: null`, which BullMQ
 * workers require).
 *
 * @throws PieceworkError `VALIDATION` naming AP_REDIS_URL when no Redis is configured at all.
 */
export function redisConnectionOptions(config: RedisConfig): RedisOptions {
  const common: RedisOptions = {
    maxRetriesPerRequest: null,
    db: config.redisDb,
    ...(config.redisPassword === undefined ? {} : { password: config.redisPassword }),
    ...(config.redisUseSsl ? { tls: {} } : {}),
  };
  if (config.redisType === 'SENTINEL') {
    return {
      ...common,
      sentinels: config.redisSentinelHosts.map(({ host, port }) => ({ host, port })),
      name: config.redisSentinelName,
      role: config.redisSentinelRole,
      ...(config.redisPassword === undefined ? {} : { sentinelPassword: config.redisPassword }),
      ...(config.redisUseSsl ? { enableTLSForSentinelMode: true, sentinelTLS: {} } : {}),
    };
  }
  if (config.redisUrl !== undefined) return { ...common, ...urlOptions(new URL(config.redisUrl)) };
  if (config.redisHost !== undefined) return { ...common, host: config.redisHost, port: config.redisPort };
  throw new PieceworkError('VALIDATION', {
    message: 'AP_REDIS_URL is not set: it (or AP_REDIS_HOST) is required for the Redis job queue',
    variable: 'AP_REDIS_URL',
  });
}

function urlOptions(url: URL): RedisOptions {
  const db = url.pathname.replace(/^\//, '');
  return {
    host: url.hostname,
    port: url.port === '' ? 6379 : Number(url.port),
    ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
    ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
    ...(db === '' ? {} : { db: Number(db) }),
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
