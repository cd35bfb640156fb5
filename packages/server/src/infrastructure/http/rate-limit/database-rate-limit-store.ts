/**
 * The rate-limit counters in the database (the `rateLimit` table), for a server without Redis: a
 * store of `@fastify/rate-limit`'s custom store interface (`incr`, `child`). One counter is one
 * row: `count` requests in the window that ends at `expiresAt`. Each request is one upsert, atomic
 * on SQLite and PostgreSQL alike (`insert ... on conflict do update`, evaluated against the row as
 * it was): a new or expired row starts a new window at 1, a live one counts up. So every process
 * on one database shares the counters. Expired rows are deleted as counters are written, at most
 * once per {@link PURGE_INTERVAL_MS} per store, so they never pile up.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { DataStore } from '../../storage/data-store';

/** How often a store deletes expired counters, at most (ms). */
export const PURGE_INTERVAL_MS = 60_000;

/** A counter after one request: how many in its window, and how long the window still runs (ms). */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

/** The database counters: count one request of `key` in a window of `windowMs`. */
export class DatabaseRateLimitCounters {
  private nextPurgeAt = 0;

  constructor(
    private readonly store: DataStore,
    /** The wall clock in ms (tests pin it). */
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one request of `key` and answers the count in its window and the window's rest. */
  async increment(key: string, windowMs: number): Promise<RateLimitCount> {
    const nowMs = this.clock();
    const now = new Date(nowMs).toISOString();
    const purge = nowMs >= this.nextPurgeAt;
    if (purge) this.nextPurgeAt = nowMs + PURGE_INTERVAL_MS;
    const row = await this.store.write(async (trx) => {
      if (purge) await trx.deleteFrom('rateLimit').where('expiresAt', '<=', now).execute();
      const expired = sql<boolean>`${sql.ref('rateLimit.expiresAt')} <= ${now}`;
      return trx
        .insertInto('rateLimit')
        .values({ key, count: 1, expiresAt: new Date(nowMs + windowMs).toISOString() })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else ${sql.ref('rateLimit.count')} + 1 end`,
            expiresAt: sql<string>`case when ${expired} then ${sql.ref('excluded.expiresAt')} else ${sql.ref('rateLimit.expiresAt')} end`,
          }),
        )
        .returning(['count', 'expiresAt'])
        .executeTakeFirstOrThrow();
    });
    return { current: Number(row.count), ttl: Math.max(0, Date.parse(row.expiresAt) - nowMs) };
  }
}

/**
 * A `@fastify/rate-limit` store class over `counters` (the plugin builds it with `new`). Keys are
 * used as the limiter makes them; `child` stores share the counters (the keys name their route).
 */
export function databaseRateLimitStore(counters: DatabaseRateLimitCounters): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitCount) => void,
      timeWindow: number,
    ): void {
      counters.increment(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
