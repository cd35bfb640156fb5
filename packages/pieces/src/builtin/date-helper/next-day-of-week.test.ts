import { describe, expect, it } from 'vitest';
import { pinProcessTimeZone } from '../testing/process-time-zone';
import { runAction } from '../testing/test-services';
import { dateHelperPiece } from './index';

pinProcessTimeZone('UTC');

// The test clock is Thursday 2026-01-15 10:00 UTC.
const next = (propsValue: Record<string, unknown>) =>
  runAction(dateHelperPiece, 'next_day_of_week', {
    timeFormat: 'YYYY-MM-DD HH:mm',
    timeZone: 'UTC',
    ...propsValue,
  });

describe('next_day_of_week', () => {
  it.each([
    ['a later weekday', { weekday: 5, time: '09:00' }, '2026-01-16 09:00'],
    ['an earlier weekday, next week', { weekday: 1 }, '2026-01-19 00:00'],
    ['today while the time is ahead', { weekday: 4, time: '11:00' }, '2026-01-15 11:00'],
    ['today at this very minute', { weekday: 4, time: '10:00' }, '2026-01-15 10:00'],
    ['a week ahead once the time is past', { weekday: 4, time: '09:00' }, '2026-01-22 09:00'],
    ['the current time', { weekday: 0, time: '03:00', currentTime: true }, '2026-01-18 10:00'],
    ['weekday as text', { weekday: '2', time: '' }, '2026-01-20 00:00'],
    ['the calendar of the zone', { weekday: 4, time: '18:00', timeZone: 'Asia/Tokyo' }, '2026-01-22 18:00'],
    ['a zone already on Friday', { weekday: 5, timeZone: 'Pacific/Kiritimati' }, '2026-01-16 00:00'],
    [
      'the default format',
      { weekday: 6, timeFormat: 'DDD MMM DD YYYY HH:mm:ss' },
      'Sat Jan 17 2026 00:00:00',
    ],
  ])('finds %s', async (_, propsValue, result) => {
    expect(await next(propsValue)).toEqual({ status: 'SUCCEEDED', output: { result } });
  });

  it.each([
    [{ weekday: 7 }, 'Input "weekday" must be a whole number from 0 to 6, got the number 7'],
    [{}, 'Input "weekday" is required'],
    [
      { weekday: 1, time: '9:00' },
      'Input "time" must be a 24h time from 00:00 to 23:59, got the text "9:00"',
    ],
    [
      { weekday: 1, time: '24:00' },
      'Input "time" must be a 24h time from 00:00 to 23:59, got the text "24:00"',
    ],
    [{ weekday: 1, timeZone: 'Mars/Base' }, 'Input "timeZone" is not a known time zone: Mars/Base'],
  ])('fails on %j', async (propsValue, message) => {
    expect(await next(propsValue)).toEqual({ status: 'FAILED', message });
  });
});
