/**
 * Run signals between an app and two workers over a real Redis: answers reach the app (and a
 * worker only once it asks to hear them, as one running an agent's flow tools does), cancels
 * reach every process, and each process hears its own signal exactly once.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FlowRun } from '@piecework/shared';
import { deleteRedisKeys } from '../../testing/scale-out-cluster';
import { RedisRunSignals } from './redis-run-signals';
import type { RunSignal } from './run-signals';

const redisUrl = 'redis://127.0.0.1:6379';

describe('RedisRunSignals', () => {
  let prefix: string;
  let opened: RedisRunSignals[];
  const open = async (hears: 'ALL' | 'CANCELS') => {
    const signals = await RedisRunSignals.open({
      connect: () => new Redis(redisUrl),
      prefix,
      hears,
      logger: pino({ level: 'silent' }),
    });
    opened.push(signals);
    const heard: RunSignal[] = [];
    signals.subscribe((signal) => heard.push(signal));
    return { signals, heard };
  };

  beforeEach(() => {
    prefix = `pwtest-${randomBytes(5).toString('hex')}:`;
    opened = [];
  });
  afterEach(async () => {
    for (const signals of opened) await signals.close();
    await deleteRedisKeys(redisUrl, prefix);
  });

  it('sends answers to the app only, and cancels to every process', async () => {
    const app = await open('ALL');
    const worker = await open('CANCELS');
    const other = await open('CANCELS');
    const responded: RunSignal = {
      type: 'responded',
      runId: 'r1',
      response: { status: 200, body: 1, headers: {} },
    };
    const ended: RunSignal = { type: 'ended', run: { id: 'r1' } as FlowRun, paused: false };
    worker.signals.publish(responded);
    worker.signals.publish(ended);
    await expect.poll(() => app.heard).toEqual([responded, ended]);

    const cancel: RunSignal = { type: 'cancel', projectId: 'p', runIds: ['r2'] };
    app.signals.publish(cancel);
    await expect.poll(() => other.heard).toEqual([cancel]);
    await expect.poll(() => worker.heard).toEqual([responded, ended, cancel]);
    // Nothing more arrives late: the other worker never hears the first worker's answers, and
    // the app hears its own cancel once (its echo from Redis is ignored). A later signal that both
    // hear comes after anything Redis would have delivered before it.
    const later: RunSignal = { type: 'cancel', projectId: 'p', runIds: ['r3'] };
    worker.signals.publish(later);
    await expect.poll(() => other.heard.at(-1)).toEqual(later);
    await expect.poll(() => app.heard.at(-1)).toEqual(later);
    expect(other.heard).toEqual([cancel, later]);
    expect(app.heard).toEqual([responded, ended, cancel, later]);
  });

  it('sends answers to a worker from the moment it asks to hear them', async () => {
    const worker = await open('CANCELS');
    const other = await open('CANCELS');
    const answer = (runId: string): RunSignal => ({
      type: 'responded',
      runId,
      response: { status: 200, body: runId, headers: {} },
    });
    // A cancel published after the answer: once the worker heard it, the answer would have come.
    const marker: RunSignal = { type: 'cancel', projectId: 'p', runIds: ['r0'] };
    other.signals.publish(answer('before'));
    other.signals.publish(marker);
    await expect.poll(() => worker.heard).toEqual([marker]);

    await Promise.all([worker.signals.hearAnswers(), worker.signals.hearAnswers()]);
    other.signals.publish(answer('after'));
    await expect.poll(() => worker.heard).toEqual([marker, answer('after')]);
    // Asked twice, subscribed once: the answer arrives once (a second copy would come before the
    // answer published after it).
    other.signals.publish(answer('last'));
    await expect.poll(() => worker.heard.at(-1)).toEqual(answer('last'));
    expect(worker.heard).toEqual([marker, answer('after'), answer('last')]);
  });
});
