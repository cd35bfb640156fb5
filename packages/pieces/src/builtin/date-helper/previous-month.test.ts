import { describe, expect, it } from 'vitest';
import { pinProcessTimeZone } from '../testing/process-time-zone';
import { runAction, testServices } from '../testing/test-services';
import { dateHelperPiece } from './index';

pinProcessTimeZone('UTC');

// The test clock is Thursday 2026-01-15 10:00 UTC; some cases move it to 2026-03-31 23:30 UTC.
const END_OF_MARCH = Date.parse('2026-03-31T23:30:00Z');
const run = (action: string, propsValue: Record<string, unknown>, now?: number) =>
  runAction(
    dateHelperPiece,
    action,
    { timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC', ...propsValue },
    now === undefined ? {} : { services: testServices({ now: () => now }) },
  );

describe.each([
  [
    'first_day_of_previous_month',
    [
      '2025-12-01 00:00',
      '2025-12-01 08:30',
      '2025-12-01 10:00',
      '2026-02-01 00:00',
      '2026-03-01 00:00',
      'Mon Dec 01 2025 00:00:00',
    ],
  ],
  [
    'last_day_of_previous_month',
    [
      '2025-12-31 00:00',
      '2025-12-31 08:30',
      '2025-12-31 10:00',
      '2026-02-28 00:00',
      '2026-03-31 00:00',
      'Wed Dec 31 2025 00:00:00',
    ],
  ],
] as const)('%s', (action, results) => {
  it.each([
    ['across a year', {}, undefined, results[0]],
    ['at a time', { time: '08:30' }, undefined, results[1]],
    ['at the current time', { time: '08:30', currentTime: true }, undefined, results[2]],
    ['in February', {}, END_OF_MARCH, results[3]],
    ['on the calendar of the zone', { timeZone: 'Asia/Tokyo' }, END_OF_MARCH, results[4]],
    ['in the default format', { timeFormat: 'DDD MMM DD YYYY HH:mm:ss' }, undefined, results[5]],
  ])('gives the day %s', async (_, propsValue, now, result) => {
    expect(await run(action, propsValue, now)).toEqual({ status: 'SUCCEEDED', output: { result } });
  });

  it.each([
    [{ time: '7:5' }, 'Input "time" must be a 24h time from 00:00 to 23:59, got the text "7:5"'],
    [{ timeZone: 'Nowhere' }, 'Input "timeZone" is not a known time zone: Nowhere'],
    [{ timeFormat: null }, 'Input "timeFormat" is required'],
  ])('fails on %j', async (propsValue, message) => {
    expect(await run(action, propsValue)).toEqual({ status: 'FAILED', message });
  });
});
