/**
 * Global setup of the `cluster` project: names this run's Redis keys with a prefix of its own
 * (`PIECEWORK_TEST_REDIS_PREFIX`, inherited by the test processes; each test cluster adds random
 * hex) and, after the run, deletes every key still carrying it (those of clusters restarted on a
 * data directory, or of a test that failed before closing its cluster).
 */
import { randomBytes } from 'node:crypto';
import { testRedisUrl } from '../../packages/server/src/testing/in-process-cluster';
import { deleteRedisKeys } from '../../packages/server/src/testing/scale-out-cluster';

/** Sets this run's Redis key prefix, before any test process starts. */
export function setup(): void {
  process.env['PIECEWORK_TEST_REDIS_PREFIX'] ??= `pwtest-${randomBytes(3).toString('hex')}-`;
}

/** Deletes the Redis keys this run left behind. */
export async function teardown(): Promise<void> {
  const prefix = process.env['PIECEWORK_TEST_REDIS_PREFIX'];
  if (prefix !== undefined) await deleteRedisKeys(testRedisUrl(), prefix);
}
