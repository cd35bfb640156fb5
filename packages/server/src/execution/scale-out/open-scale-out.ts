/**
 * What a process of a scale-out installation opens beside its store when Redis is configured
 * (AP_REDIS_URL or AP_REDIS_HOST, or a Sentinel set): the BullMQ job queue, the run signals over
 * pub/sub, the registry of the app's release and the workers, and the ticks of timed work.
 * Without Redis there is none of it: one process, the table queue, in-memory signals, its own
 * timers.
 */
import { isRedisConfigured } from '@piecework/shared';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ServerSettings } from '../../infrastructure/config/server-settings';
import { redisConnectionOptions } from '../../infrastructure/config/redis-connection-options';
import { BullJobQueue } from '../bull-job-queue';
import { RedisRunSignals } from '../signals/redis-run-signals';
import { WorkerRegistry } from '../workers/worker-registry';
import type { DataStore } from '../../infrastructure/storage/data-store';
import { startTimedWorkTicks, type TimedWorkTicks } from './timed-work-ticks';

/** The scale-out parts of one process; see the module comment. */
export interface ScaleOut {
  readonly queue: BullJobQueue;
  readonly signals: RedisRunSignals;
  readonly registry: WorkerRegistry;
  /** Starts taking tick jobs of `works` in this process (app processes). */
  startTimers(works: readonly { fireDue(): Promise<unknown> }[]): Promise<TimedWorkTicks>;
  /** Closes what the queue and signals do not own (the registry's connection). */
  close(): Promise<void>;
}

/** What {@link openScaleOut} needs besides the settings. */
export interface ScaleOutDeps {
  store: DataStore;
  logger: Logger;
  /** The server's monotonic clock (row timestamps). */
  now: () => string;
  /** How long a claim survives without its worker's heartbeat, in ms. */
  leaseMs: number;
  /** This process's release. */
  release: string;
}

/** Opens the scale-out parts when Redis is configured; undefined otherwise. */
export async function openScaleOut(
  settings: ServerSettings,
  deps: ScaleOutDeps,
): Promise<ScaleOut | undefined> {
  const { config } = settings;
  if (!isRedisConfigured(config)) return undefined;
  const connection = redisConnectionOptions(config);
  const prefix = config.redisKeyPrefix;
  const connect = () => new Redis(connection);
  const queue = new BullJobQueue(deps.store, {
    connection,
    prefix,
    defaultConcurrentJobsLimit: config.defaultConcurrentJobsLimit,
    leaseMs: deps.leaseMs,
    timestamp: deps.now,
    logger: deps.logger,
  });
  const signals = await RedisRunSignals.open({
    connect,
    prefix: `${prefix}:`,
    hears: config.containerType === 'WORKER' ? 'CANCELS' : 'ALL',
    logger: deps.logger,
  });
  const registryConnection = connect();
  const registry = new WorkerRegistry({
    redis: registryConnection,
    prefix: `${prefix}:`,
    release: deps.release,
    logger: deps.logger,
  });
  return {
    queue,
    signals,
    registry,
    startTimers: (works) => startTimedWorkTicks({ connection, prefix, works, logger: deps.logger }),
    async close() {
      registry.stopApp();
      await registryConnection.quit().catch(() => registryConnection.disconnect());
    },
  };
}
