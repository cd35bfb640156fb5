import { describe, expect, it } from 'vitest';
import { pinProcessTimeZone } from '../testing/process-time-zone';
import { runAction } from '../testing/test-services';
import { dateHelperPiece } from './index';

pinProcessTimeZone('UTC');

// The test clock is Thursday 2026-01-15 10:00 UTC.
const next = (propsValue: Record<string, unknown>) =>
  runAction(dateHelperPiece, 'next_day_of_year', {
    timeFormat: 'YYYY-MM-DD HH:mm',
    timeZone: 'UTC',
    ...propsValue,
  });

describe('next_day_of_year', () => {
  it.each([
    ['a later day this year', { month: 3, day: 1 }, '2026-03-01 00:00'],
    ['an earlier day, next year', { month: 1, day: 1 }, '2027-01-01 00:00'],
    ['today while the time is ahead', { month: 1, day: 15, time: '12:00' }, '2026-01-15 12:00'],
    ['next year once the time is past', { month: 1, day: 15, time: '09:00' }, '2027-01-15 09:00'],
    ['the current time', { month: 1, day: 15, currentTime: true }, '2026-01-15 10:00'],
    ['March 1 for February 29 of a common year', { month: 2, day: 29 }, '2026-03-01 00:00'],
    ['May 1 for April 31', { month: 4, day: 31 }, '2026-05-01 00:00'],
    ['text numbers', { month: '12', day: '31', time: '23:59' }, '2026-12-31 23:59'],
    [
      'the calendar of the zone',
      { month: 1, day: 15, time: '18:00', timeZone: 'Asia/Tokyo' },
      '2027-01-15 18:00',
    ],
  ])('finds %s', async (_, propsValue, result) => {
    expect(await next(propsValue)).toEqual({ status: 'SUCCEEDED', output: { result } });
  });

  it.each([
    [{ month: 1, day: 0 }, 'Input "day" must be a whole number from 1 to 31, got the number 0'],
    [{ month: 13, day: 1 }, 'Input "month" must be a whole number from 1 to 12, got the number 13'],
    [{ month: 1, day: 1.5 }, 'Input "day" must be a whole number from 1 to 31, got the number 1.5'],
    [
      { month: 1, day: 1, time: 'noon' },
      'Input "time" must be a 24h time from 00:00 to 23:59, got the text "noon"',
    ],
  ])('fails on %j', async (propsValue, message) => {
    expect(await next(propsValue)).toEqual({ status: 'FAILED', message });
  });
});
