/**
 * Timed work in scale-out on a real Redis: two app processes' tick consumers on one installation
 * (key prefix) run the due work every tick, and never two ticks at once, so a schedule is never
 * fired by both apps together.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteRedisKeys } from '../../testing/scale-out-cluster';
import { startTimedWorkTicks, type TimedWorkTicks } from './timed-work-ticks';

const redisUrl = 'redis://127.0.0.1:6379';
const prefix = `pwtest-ticks-${randomBytes(4).toString('hex')}`;
const started: TimedWorkTicks[] = [];
afterAll(async () => {
  for (const ticks of started) await ticks.close();
  await deleteRedisKeys(redisUrl, prefix);
});

describe('timed-work ticks', () => {
  it('runs the due work every tick, one app at a time', async () => {
    let running = 0;
    let overlaps = 0;
    const ranBy = [0, 0];
    const work = (app: number) => ({
      async fireDue() {
        running += 1;
        if (running > 1) overlaps += 1;
        ranBy[app]! += 1;
        await new Promise((done) => setTimeout(done, 250));
        running -= 1;
      },
    });
    const logger = pino({ level: 'silent' });
    for (const app of [0, 1]) {
      started.push(
        await startTimedWorkTicks({
          connection: { host: '127.0.0.1', port: 6379, maxRetriesPerRequest: null },
          prefix,
          works: [work(app)],
          logger,
          everyMs: 100,
        }),
      );
    }
    // Each tick's work (250 ms) outlasts the tick interval (100 ms): without the one-at-a-time
    // rule the other app would start the next tick meanwhile.
    const deadline = Date.now() + 10_000;
    while (ranBy[0]! + ranBy[1]! < 6 && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 50));
    }
    expect(ranBy[0]! + ranBy[1]!).toBeGreaterThanOrEqual(6);
    expect(overlaps).toBe(0);
  });
});
