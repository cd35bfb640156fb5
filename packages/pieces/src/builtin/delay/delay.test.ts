import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { delayPiece } from './index';

const recordSleeps = () => {
  const sleeps: number[] = [];
  return { sleeps, sleep: async (ms: number) => void sleeps.push(ms) };
};
const resume = { body: {}, headers: {}, queryParams: {} };

describe('delayFor', () => {
  it.each([
    ['1 second', { unit: 'seconds', delayFor: 1 }, 1_000],
    ['10 seconds (the limit)', { unit: 'seconds', delayFor: 10 }, 10_000],
    ['seconds by default', { delayFor: 2 }, 2_000],
    ['numeric text', { unit: 'seconds', delayFor: '0.5' }, 500],
  ])('waits %s in-process', async (_, propsValue, ms) => {
    const { sleeps, sleep } = recordSleeps();
    const outcome = await runAction(delayPiece, 'delayFor', propsValue, { sleep });
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: { delayForInMs: ms, success: true } });
    expect(sleeps).toEqual([ms]);
  });

  it.each([
    ['11 seconds', { unit: 'seconds', delayFor: 11 }, '2026-01-15T10:00:11.000Z'],
    ['5 minutes', { unit: 'minutes', delayFor: 5 }, '2026-01-15T10:05:00.000Z'],
    ['2 hours', { unit: 'hours', delayFor: 2 }, '2026-01-15T12:00:00.000Z'],
    ['1 day', { unit: 'days', delayFor: 1 }, '2026-01-16T10:00:00.000Z'],
  ])('pauses for %s, then succeeds on resume', async (_, propsValue, resumeDateTime) => {
    const { sleeps, sleep } = recordSleeps();
    const paused = await runAction(delayPiece, 'delayFor', propsValue, { sleep });
    expect(paused).toEqual({ status: 'PAUSED', output: {}, pause: { type: 'DELAY', resumeDateTime } });
    expect(sleeps).toEqual([]);

    const resumed = await runAction(delayPiece, 'delayFor', propsValue, { request: { resume } });
    expect(resumed).toMatchObject({ status: 'SUCCEEDED', output: { success: true } });
  });

  it('returns at once in test mode', async () => {
    const outcome = await runAction(
      delayPiece,
      'delayFor',
      { unit: 'days', delayFor: 3 },
      { request: { test: true } },
    );
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: { delayForInMs: 259_200_000, success: true } });
  });

  it.each([
    ['text', { unit: 'seconds', delayFor: 'abc' }, 'Input "delayFor" must be a number, got the text "abc"'],
    ['a negative amount', { unit: 'seconds', delayFor: -1 }, 'Input "delayFor" must not be negative'],
    [
      'an unknown unit',
      { unit: 'weeks', delayFor: 1 },
      'Input "unit" must be one of seconds, minutes, hours, days',
    ],
    ['no amount', { unit: 'seconds' }, 'Input "delayFor" is required'],
  ])('fails on %s', async (_, propsValue, message) => {
    expect(await runAction(delayPiece, 'delayFor', propsValue)).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});

describe('delay_until', () => {
  it('goes on at once for a time in the past', async () => {
    const { sleeps, sleep } = recordSleeps();
    const outcome = await runAction(
      delayPiece,
      'delay_until',
      { delayUntilTimestamp: '2026-01-01T00:00:00Z' },
      { sleep },
    );
    expect(outcome).toEqual({
      status: 'SUCCEEDED',
      output: { delayTill: '2026-01-01T00:00:00.000Z', success: true },
    });
    expect(sleeps).toEqual([]);
  });

  it('waits in-process for a time a few seconds away', async () => {
    const { sleeps, sleep } = recordSleeps();
    const outcome = await runAction(
      delayPiece,
      'delay_until',
      { delayUntilTimestamp: '2026-01-15T10:00:03Z' },
      { sleep },
    );
    expect(outcome).toMatchObject({ status: 'SUCCEEDED', output: { success: true } });
    expect(sleeps).toEqual([3_000]);
  });

  it('pauses until a later time, then succeeds on resume', async () => {
    const propsValue = { delayUntilTimestamp: '2026-02-01T08:30:00+01:00' };
    const paused = await runAction(delayPiece, 'delay_until', propsValue);
    expect(paused).toEqual({
      status: 'PAUSED',
      output: {},
      pause: { type: 'DELAY', resumeDateTime: '2026-02-01T07:30:00.000Z' },
    });

    const resumed = await runAction(delayPiece, 'delay_until', propsValue, { request: { resume } });
    expect(resumed).toEqual({
      status: 'SUCCEEDED',
      output: { delayTill: '2026-02-01T07:30:00.000Z', success: true },
    });
  });

  it('fails on a value that is not a date', async () => {
    const outcome = await runAction(delayPiece, 'delay_until', { delayUntilTimestamp: 'next tuesday' });
    expect(outcome).toEqual({
      status: 'FAILED',
      message: 'Input "delayUntilTimestamp" is not a date: next tuesday',
    });
  });
});
