import { describe, expect, it } from 'vitest';
import { pinProcessTimeZone } from '../testing/process-time-zone';
import { runAction } from '../testing/test-services';
import { dateHelperPiece } from './index';

pinProcessTimeZone('UTC');

describe('get_current_date', () => {
  it.each([
    [{ timeFormat: 'DDD MMM DD YYYY HH:mm:ss', timeZone: 'UTC' }, 'Thu Jan 15 2026 10:00:00'],
    [{ timeFormat: 'YYYY-MM-DD HH:mm:ss', timeZone: 'Asia/Tokyo' }, '2026-01-15 19:00:00'],
    [{ timeFormat: 'x', timeZone: 'UTC' }, String(Date.parse('2026-01-15T10:00:00Z'))],
  ])('%j', async (propsValue, result) => {
    expect(await runAction(dateHelperPiece, 'get_current_date', propsValue)).toEqual({
      status: 'SUCCEEDED',
      output: { result },
    });
  });
});

describe('format_date', () => {
  it('converts between formats and time zones', async () => {
    const outcome = await runAction(dateHelperPiece, 'format_date', {
      inputDate: '2023-09-17 11:23:58',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'Europe/Paris',
      outputFormat: 'DDD MMM DD YYYY HH:mm:ss',
      outputTimeZone: 'America/New_York',
    });
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: { result: 'Sun Sep 17 2023 05:23:58' } });
  });

  it('fails on a date that does not match', async () => {
    const outcome = await runAction(dateHelperPiece, 'format_date', {
      inputDate: 'soon',
      inputFormat: 'YYYY-MM-DD',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD',
      outputTimeZone: 'UTC',
    });
    expect(outcome).toEqual({
      status: 'FAILED',
      message: 'Failed to parse the date: soon with format: YYYY-MM-DD',
    });
  });
});

describe('add_subtract_date', () => {
  const base = {
    inputDate: '2024-01-31 10:00:00',
    inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
    outputFormat: 'YYYY-MM-DD HH:mm:ss',
  };
  it.each([
    ['adds hours and minutes', { expression: '+ 2 hour + 30 minutes' }, '2024-01-31 12:30:00'],
    ['clamps month ends', { expression: '+1 month' }, '2024-02-29 10:00:00'],
    ['subtracts across lines', { expression: '- 1 year\n- 3 day' }, '2023-01-28 10:00:00'],
    ['works in a time zone', { expression: '+ 1 day', timeZone: 'Asia/Tokyo' }, '2024-02-01 19:00:00'],
    [
      'sets the time of day in the zone',
      { expression: '+ 1 day', timeZone: 'Europe/Paris', setTime: '08:15' },
      '2024-02-01 08:15:00',
    ],
    [
      'uses the current time when asked',
      { expression: '+ 0 day', timeZone: 'UTC', useCurrentTime: true },
      '2024-01-31 10:00:00',
    ],
    [
      'ignores setTime without a time zone',
      { expression: '+ 1 second', setTime: '08:15' },
      '2024-01-31 10:00:01',
    ],
  ])('%s', async (_, props, result) => {
    expect(await runAction(dateHelperPiece, 'add_subtract_date', { ...base, ...props })).toEqual({
      status: 'SUCCEEDED',
      output: { result },
    });
  });

  it('adds a day across a DST change as Activepieces does (24 hours)', async () => {
    const outcome = await runAction(dateHelperPiece, 'add_subtract_date', {
      inputDate: '2026-03-07 17:00:00',
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ssZ',
      expression: '+ 1 day',
      timeZone: 'America/New_York',
    });
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: { result: '2026-03-08 13:00:00-04:00' } });
  });

  it.each([
    [{ expression: '+ 2 fortnights' }, 'Unknown unit "fortnights"'],
    [{ expression: 'tomorrow' }, 'Cannot read the expression "tomorrow"'],
    [{ expression: '+ 1 day', inputDateFormat: 'ddd MMM DD YYYY HH:mm:ss' }, 'Failed to parse the date'],
    [
      { expression: '+1 day', timeZone: 'UTC', setTime: '8am' },
      'Input "setTime" must be a time such as 14:30',
    ],
    [{ expression: '+1 day', timeZone: 'UTC', setTime: '25:00' }, 'Invalid time 25:00'],
  ])('fails on %j', async (props, message) => {
    expect(await runAction(dateHelperPiece, 'add_subtract_date', { ...base, ...props })).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(message),
    });
  });
});

describe('date_difference', () => {
  const dates = {
    startDate: '2023-01-01',
    startDateFormat: 'YYYY-MM-DD',
    endDate: '2024-03-01 12:30:00',
    endDateFormat: 'YYYY-MM-DD HH:mm:ss',
  };
  it.each([
    [['year'], { year: 1 }],
    [['month', 'day'], { month: 1, day: 30 }],
    [['hour', 'minute', 'second'], { hour: 2, minute: 30, second: 0 }],
    ['day', { day: 30 }],
  ])('in %j, each what is left after the larger units', async (unitDifference, output) => {
    expect(await runAction(dateHelperPiece, 'date_difference', { ...dates, unitDifference })).toEqual({
      status: 'SUCCEEDED',
      output,
    });
  });

  it('fails on an unknown unit', async () => {
    expect(
      await runAction(dateHelperPiece, 'date_difference', { ...dates, unitDifference: ['week'] }),
    ).toEqual({
      status: 'FAILED',
      message: expect.stringContaining(
        'Input "unitDifference" must list units among year, month, day, hour, minute, second',
      ),
    });
  });
});
