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
      'names from the default format',
      {
        inputDate: 'Sun Sep 17 2023 11:23:58',
        inputFormat: 'DDD MMM DD YYYY HH:mm:ss',
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
      'an ISO date whatever the format',
      { inputDate: '2024-02-29T23:00:00Z', inputFormat: 'MM/DD/YYYY', unitExtract: ['month', 'day'] },
      { month: 2, day: 29 },
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
      'a day the month does not have',
      { inputDate: '2023-02-30', inputFormat: 'YYYY-MM-DD', unitExtract: ['day'] },
      'Failed to parse the date: 2023-02-30 with format: YYYY-MM-DD',
    ],
    ['a missing date', { inputFormat: 'YYYY-MM-DD', unitExtract: ['day'] }, 'Input "inputDate" is required'],
  ])('fails on %s', async (_, propsValue, message) => {
    expect(await extract(propsValue)).toEqual({ status: 'FAILED', message });
  });
});
