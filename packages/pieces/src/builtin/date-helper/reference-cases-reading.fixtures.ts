/**
 * Outputs of the Activepieces piece, `@activepieces/piece-date-helper` (activepieces/activepieces,
 * packages/pieces/community/date-helper, the version whose actions share `apDayjs` and
 * `parseDate` from lib/common), which is not on the npm registry. Source of every expected value:
 * a throwaway script ran the Activepieces actions' `run` code, calling dayjs exactly as they do
 * (`dayjs(date, format)` with customParseFormat, `.tz(zone, true)`, `.add`, `.hour`, `.startOf`,
 * `dayjs.duration(end.diff(start))` ...), against the dayjs installed here (1.11.23, extended with
 * customParseFormat, utc, timezone, advancedFormat and duration) with `TZ=UTC` and the
 * reference's `apDayjs()` read at the case's clock (`now`, else 2026-01-15T10:00:00.000Z); its
 * outputs are pasted below as literals. They keep Activepieces' quirks: formats with day names
 * (`ddd`) never parse, a day past a month's end rolls over, `X` of a zoned date counts its wall
 * clock, and a day added to a zoned date keeps the offset it had (a DST change in between shifts
 * the result by the change).
 */
import type { ReferenceCase } from './reference-case';

/** Reading and writing dates: the clock, formats (Unix times included), zones, parts and differences. */
export const READING_CASES: readonly ReferenceCase[] = [
  {
    name: 'default format in UTC',
    action: 'get_current_date',
    props: { timeFormat: 'DDD MMM DD YYYY HH:mm:ss', timeZone: 'UTC' },
    expected: { output: { result: 'Thu Jan 15 2026 10:00:00' } },
  },
  {
    name: 'a zone with a half-hour offset',
    action: 'get_current_date',
    props: { timeFormat: 'YYYY-MM-DD HH:mm:ss', timeZone: 'Asia/Kolkata' },
    expected: { output: { result: '2026-01-15 15:30:00' } },
  },
  {
    name: 'the other day-name format',
    action: 'get_current_date',
    props: { timeFormat: 'DDD MMM DD HH:mm:ss YYYY', timeZone: 'America/Los_Angeles' },
    expected: { output: { result: 'Thu Jan 15 02:00:00 2026' } },
  },
  {
    name: 'Unix seconds',
    action: 'get_current_date',
    props: { timeFormat: 'X', timeZone: 'UTC' },
    expected: { output: { result: '1768471200' } },
  },
  {
    name: 'Unix milliseconds',
    action: 'get_current_date',
    props: { timeFormat: 'x', timeZone: 'UTC' },
    expected: { output: { result: '1768471200000' } },
  },
  {
    name: "Unix seconds of a zoned date (the wall clock's)",
    action: 'get_current_date',
    props: { timeFormat: 'X', timeZone: 'Asia/Tokyo' },
    expected: { output: { result: '1768503600' } },
  },
  {
    name: 'between zones',
    action: 'format_date',
    props: {
      inputDate: '2023-09-17 11:23:58',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'Europe/Paris',
      outputFormat: 'DDD MMM DD YYYY HH:mm:ss',
      outputTimeZone: 'America/New_York',
    },
    expected: { output: { result: 'Sun Sep 17 2023 05:23:58' } },
  },
  {
    name: 'a two-digit year 99 is 1999',
    action: 'format_date',
    props: {
      inputDate: '01/02/99',
      inputFormat: 'MM/DD/YY',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '1999-01-02' } },
  },
  {
    name: 'a two-digit year 68 is 2068',
    action: 'format_date',
    props: {
      inputDate: '12/31/68',
      inputFormat: 'MM/DD/YY',
      inputTimeZone: 'UTC',
      outputFormat: 'MMMM DD YYYY',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: 'December 31 2068' } },
  },
  {
    name: 'from Unix seconds',
    action: 'format_date',
    props: {
      inputDate: '1694949838',
      inputFormat: 'X',
      inputTimeZone: 'UTC',
      outputFormat: 'MMMM DD YYYY HH:mm:ss',
      outputTimeZone: 'Asia/Tokyo',
    },
    expected: { output: { result: 'September 17 2023 20:23:58' } },
  },
  {
    name: 'from Unix milliseconds',
    action: 'format_date',
    props: {
      inputDate: '1694949838579',
      inputFormat: 'x',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DDTHH:mm:ss',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '2023-09-17T11:23:58' } },
  },
  {
    name: 'to Unix seconds',
    action: 'format_date',
    props: {
      inputDate: '17/09/23',
      inputFormat: 'DD/MM/YY',
      inputTimeZone: 'UTC',
      outputFormat: 'X',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '1694908800' } },
  },
  {
    name: 'from a zone to Unix milliseconds',
    action: 'format_date',
    props: {
      inputDate: 'Sep 17 2023',
      inputFormat: 'MMM DD YYYY',
      inputTimeZone: 'Australia/Sydney',
      outputFormat: 'x',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '1694872800000' } },
  },
  {
    name: 'month names',
    action: 'format_date',
    props: {
      inputDate: 'September 17 2023',
      inputFormat: 'MMMM DD YYYY',
      inputTimeZone: 'UTC',
      outputFormat: 'DD-MM-YYYY',
      outputTimeZone: 'Asia/Kathmandu',
    },
    expected: { output: { result: '17-09-2023' } },
  },
  {
    name: "a day past the month's end rolls over",
    action: 'format_date',
    props: {
      inputDate: '2023-02-30',
      inputFormat: 'YYYY-MM-DD',
      inputTimeZone: 'UTC',
      outputFormat: 'MM/DD/YYYY',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '03/02/2023' } },
  },
  {
    name: 'the T format',
    action: 'format_date',
    props: {
      inputDate: '2023-09-17T11:23:58',
      inputFormat: 'YYYY-MM-DDTHH:mm:ss',
      inputTimeZone: 'America/Sao_Paulo',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '2023-09-17 14:23:58' } },
  },
  {
    name: 'the default format does not parse',
    action: 'format_date',
    props: {
      inputDate: 'Sun Sep 17 2023 11:23:58',
      inputFormat: 'DDD MMM DD YYYY HH:mm:ss',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      outputTimeZone: 'UTC',
    },
    expected: {
      error: 'Failed to parse the date: Sun Sep 17 2023 11:23:58 with format: ddd MMM DD YYYY HH:mm:ss',
    },
  },
  {
    name: 'an ISO date in another format does not parse',
    action: 'format_date',
    props: {
      inputDate: '2024-02-29T23:00:00Z',
      inputFormat: 'MM/DD/YYYY',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      outputTimeZone: 'UTC',
    },
    expected: { error: 'Failed to parse the date: 2024-02-29T23:00:00Z with format: MM/DD/YYYY' },
  },
  {
    name: 'every unit',
    action: 'extract_date_parts',
    props: {
      inputDate: '2023-09-17 11:23:58',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      unitExtract: ['year', 'month', 'day', 'hour', 'minute', 'second', 'dayOfWeek', 'monthName'],
    },
    expected: {
      output: {
        year: 2023,
        month: 9,
        day: 17,
        hour: 11,
        minute: 23,
        second: 58,
        dayOfWeek: 'Sunday',
        monthName: 'September',
      },
    },
  },
  {
    name: 'from Unix seconds',
    action: 'extract_date_parts',
    props: { inputDate: '1694949838', inputFormat: 'X', unitExtract: ['hour', 'second', 'dayOfWeek'] },
    expected: { output: { hour: 11, second: 58, dayOfWeek: 'Sunday' } },
  },
  {
    name: 'a two-digit year',
    action: 'extract_date_parts',
    props: { inputDate: '12/31/99', inputFormat: 'MM/DD/YY', unitExtract: ['year', 'month', 'monthName'] },
    expected: { output: { year: 1999, month: 12, monthName: 'December' } },
  },
  {
    name: "a day past the month's end rolls over",
    action: 'extract_date_parts',
    props: { inputDate: '2023-02-30', inputFormat: 'YYYY-MM-DD', unitExtract: ['month', 'day'] },
    expected: { output: { month: 3, day: 2 } },
  },
  {
    name: 'the default format does not parse',
    action: 'extract_date_parts',
    props: {
      inputDate: 'Sun Sep 17 2023 11:23:58',
      inputFormat: 'DDD MMM DD YYYY HH:mm:ss',
      unitExtract: ['year'],
    },
    expected: {
      error: 'Failed to parse the date: Sun Sep 17 2023 11:23:58 with format: ddd MMM DD YYYY HH:mm:ss',
    },
  },
  {
    name: 'every unit',
    action: 'date_difference',
    props: {
      startDate: '2023-01-01',
      startDateFormat: 'YYYY-MM-DD',
      endDate: '2024-03-01 12:30:00',
      endDateFormat: 'YYYY-MM-DD HH:mm:ss',
      unitDifference: ['year', 'month', 'day', 'hour', 'minute', 'second'],
    },
    expected: { output: { year: 1, month: 1, day: 30, hour: 2, minute: 30, second: 0 } },
  },
  {
    name: 'every unit, negative',
    action: 'date_difference',
    props: {
      startDate: '2024-03-01 12:30:00',
      startDateFormat: 'YYYY-MM-DD HH:mm:ss',
      endDate: '2023-01-01',
      endDateFormat: 'YYYY-MM-DD',
      unitDifference: ['year', 'month', 'day', 'hour', 'minute', 'second'],
    },
    expected: { output: { year: -1, month: -1, day: -30, hour: -2, minute: -30, second: 0 } },
  },
  {
    name: 'Unix seconds to milliseconds',
    action: 'date_difference',
    props: {
      startDate: '1694949838',
      startDateFormat: 'X',
      endDate: '1700000000000',
      endDateFormat: 'x',
      unitDifference: ['month', 'day', 'second'],
    },
    expected: { output: { month: 1, day: 28, second: 22 } },
  },
  {
    name: 'remainders, not totals',
    action: 'date_difference',
    props: {
      startDate: '01-01-2024',
      startDateFormat: 'MM-DD-YYYY',
      endDate: '15-02-2024',
      endDateFormat: 'DD-MM-YYYY',
      unitDifference: ['day'],
    },
    expected: { output: { day: 14 } },
  },
];
