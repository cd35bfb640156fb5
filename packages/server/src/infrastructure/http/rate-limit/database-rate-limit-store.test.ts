/**
 * The database counters on SQLite and on PostgreSQL (a database of its own on the test server):
 * windows count up and start again once over, concurrent requests of one key each get their own
 * count (the upsert is atomic), two stores on one PostgreSQL database (as two processes have) share
 * their counters, expired rows are purged, and the `@fastify/rate-limit` store interface answers.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStore, type DataStore } from '../../storage/data-store';
import { openPostgresStore } from '../../storage/open-postgres';
import { tempDatabaseDir } from '../../storage/test-database';
import { createTestPostgresDatabase, testPostgresSettings } from '../../../testing/test-postgres';
import {
  DatabaseRateLimitCounters,
  databaseRateLimitStore,
  PURGE_INTERVAL_MS,
  type RateLimitCount,
} from './database-rate-limit-store';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Opens `count` stores on one fresh database of `engine` (SQLite: one file, so one store). */
async function openStores(engine: 'SQLITE' | 'POSTGRES', count = 1): Promise<DataStore[]> {
  if (engine === 'SQLITE') {
    const dir = tempDatabaseDir();
    const store = await openSqliteStore(dir.file());
    cleanups.push(() => store.close().finally(dir.remove));
    return Array.from({ length: count }, () => store);
  }
  const database = await createTestPostgresDatabase();
  const stores: DataStore[] = [];
  for (let i = 0; i < count; i += 1) {
    stores.push(await openPostgresStore(testPostgresSettings(database.url, 4)));
  }
  cleanups.push(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await database.drop();
  });
  return stores;
}

/** A clock the test moves. */
function pinnedClock(start = Date.parse('2026-01-01T00:00:00.000Z')) {
  const clock = { now: start, read: () => clock.now };
  return clock;
}

describe.each(['SQLITE', 'POSTGRES'] as const)('database rate-limit counters on %s', (engine) => {
  it('counts up within a window and starts again at 1 once it is over', async () => {
    const [store] = await openStores(engine);
    const clock = pinnedClock();
    const counters = new DatabaseRateLimitCounters(store!, clock.read);
    expect(await counters.increment('k', 1000)).toEqual({ current: 1, ttl: 1000 });
    clock.now += 400;
    expect(await counters.increment('k', 1000)).toEqual({ current: 2, ttl: 600 });
    expect(await counters.increment('other', 1000)).toEqual({ current: 1, ttl: 1000 });
    clock.now += 600;
    expect(await counters.increment('k', 1000)).toEqual({ current: 1, ttl: 1000 });
  });

  it('gives each of many concurrent requests of one key its own count', async () => {
    const [store] = await openStores(engine);
    const counters = new DatabaseRateLimitCounters(store!);
    const results = await Promise.all(Array.from({ length: 25 }, () => counters.increment('busy', 60_000)));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
  });

  it('shares the counters between two stores on one database', async () => {
    const stores = await openStores(engine, 2);
    const [first, second] = stores.map((store) => new DatabaseRateLimitCounters(store));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? first! : second!).increment('shared', 60_000)),
    );
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('deletes expired rows as it writes, at most once per purge interval', async () => {
    const [store] = await openStores(engine);
    const clock = pinnedClock();
    const counters = new DatabaseRateLimitCounters(store!, clock.read);
    for (let i = 0; i < 10; i += 1) await counters.increment(`old-${String(i)}`, 1000);
    const rows = () => store!.db.selectFrom('rateLimit').select('key').orderBy('key').execute();
    expect(await rows()).toHaveLength(10);
    clock.now += 2000;
    await counters.increment('new-1', 1000);
    expect(await rows()).toHaveLength(11);
    clock.now += PURGE_INTERVAL_MS;
    await counters.increment('new-2', 1000);
    expect((await rows()).map((row) => row.key)).toEqual(['new-2']);
  });

  it('answers through the @fastify/rate-limit store interface', async () => {
    const [store] = await openStores(engine);
    const Store = databaseRateLimitStore(new DatabaseRateLimitCounters(store!));
    const limiterStore = new Store({}).child({} as never);
    const incr = () =>
      new Promise<RateLimitCount>((resolve, reject) =>
        limiterStore.incr(
          'via-plugin',
          (error, result) => (error ? reject(error) : resolve(result!)),
          5000,
          3,
        ),
      );
    expect((await incr()).current).toBe(1);
    const second = await incr();
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(4000);
    expect(second.ttl).toBeLessThanOrEqual(5000);
  });
});
