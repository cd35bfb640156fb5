import { describe, expect, it } from 'vitest';
import { runAction } from '../testing/test-services';
import { dateHelperPiece } from './index';

const ALL = ['year', 'month', 'day', 'hour', 'minute', 'second', 'dayOfWeek', 'monthName'];
const extract = (propsValue: Record<string, unknown>) =>
  runAction(dateHelperPiece, 'extract_date_parts', propsValue);

describe('extract_date_parts', () => {
  it.each([
    [
      'every unit',
      { inputDate: '2023-09-17 11:23:58', inputFormat: 'YYYY-MM-DD HH:mm:ss', unitExtract: ALL },
      {
        year: 2023,
        month: 9,
        day: 17,
        hour: 11,
        minute: 23,
        second: 58,
        dayOfWeek: 'Sunday',
        monthName: 'September',
      },
    ],
    [
      'names',
      {
        inputDate: 'September 17 2023',
        inputFormat: 'MMMM DD YYYY',
        unitExtract: ['dayOfWeek', 'monthName'],
      },
      { dayOfWeek: 'Sunday', monthName: 'September' },
    ],
    [
      'a Unix time',
      { inputDate: '1694949838', inputFormat: 'X', unitExtract: ['hour', 'second'] },
      { hour: 11, second: 58 },
    ],
    [
      'a two-digit year of the last century',
      { inputDate: '02/29/96', inputFormat: 'MM/DD/YY', unitExtract: ['year', 'month', 'day'] },
      { year: 1996, month: 2, day: 29 },
    ],
    [
      'a day the month lacks as one of the next month (February 30 is March 2)',
      { inputDate: '2023-02-30', inputFormat: 'YYYY-MM-DD', unitExtract: ['month', 'day'] },
      { month: 3, day: 2 },
    ],
    ['no units', { inputDate: '2023-09-17', inputFormat: 'YYYY-MM-DD', unitExtract: [] }, {}],
  ])('extracts %s', async (_, propsValue, output) => {
    expect(await extract(propsValue)).toEqual({ status: 'SUCCEEDED', output });
  });

  it.each([
    [
      'units that are not a list',
      { inputDate: '2023-09-17', inputFormat: 'YYYY-MM-DD', unitExtract: 'year' },
      'Input "unitExtract" must be a list, got the text "year"',
    ],
    [
      'an unknown unit',
      { inputDate: '2023-09-17', inputFormat: 'YYYY-MM-DD', unitExtract: ['year', 'unix_time'] },
      'Input "unitExtract" may list year, month, day, hour, minute, second, dayOfWeek, monthName; got the text "unix_time"',
    ],
    [
      'a date that does not parse',
      { inputDate: 'soon', inputFormat: 'YYYY-MM-DD', unitExtract: ['year'] },
      'Failed to parse the date: soon with format: YYYY-MM-DD',
    ],
    [
      'a format with day names (dayjs reads none)',
      {
        inputDate: 'Sun Sep 17 2023 11:23:58',
        inputFormat: 'DDD MMM DD YYYY HH:mm:ss',
        unitExtract: ['day'],
      },
      'Failed to parse the date: Sun Sep 17 2023 11:23:58 with format: ddd MMM DD YYYY HH:mm:ss',
    ],
    [
      'an ISO date in another format',
      { inputDate: '2024-02-29T23:00:00Z', inputFormat: 'MM/DD/YYYY', unitExtract: ['day'] },
      'Failed to parse the date: 2024-02-29T23:00:00Z with format: MM/DD/YYYY',
    ],
    ['a missing date', { inputFormat: 'YYYY-MM-DD', unitExtract: ['day'] }, 'Input "inputDate" is required'],
  ])('fails on %s', async (_, propsValue, message) => {
    expect(await extract(propsValue)).toEqual({ status: 'FAILED', message });
  });
});
