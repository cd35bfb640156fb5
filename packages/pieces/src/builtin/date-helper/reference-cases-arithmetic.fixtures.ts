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

/** Calendar arithmetic: expressions, next day of week and of year, first and last day of last month. */
export const ARITHMETIC_CASES: readonly ReferenceCase[] = [
  {
    name: 'hours and minutes',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: '2024-01-31 10:00:00',
      expression: '+ 2 hour + 30 minutes',
    },
    expected: { output: { result: '2024-01-31 12:30:00' } },
  },
  {
    name: 'month ends clamp',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: '2024-01-31 10:00:00',
      expression: '+1 month',
    },
    expected: { output: { result: '2024-02-29 10:00:00' } },
  },
  {
    name: 'subtracts across lines',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: '2024-01-31 10:00:00',
      expression: '- 1 year\n- 3 day',
    },
    expected: { output: { result: '2023-01-28 10:00:00' } },
  },
  {
    name: 'a sign holds for the next terms',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: '2024-01-31 10:00:00',
      expression: '- 1 day 2 hours',
    },
    expected: { output: { result: '2024-01-30 08:00:00' } },
  },
  {
    name: 'in a zone',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: '2024-01-31 10:00:00',
      expression: '+ 1 Day',
      timeZone: 'Asia/Tokyo',
    },
    expected: { output: { result: '2024-02-01 19:00:00' } },
  },
  {
    name: 'sets the time of day in the zone',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: '2024-01-31 10:00:00',
      expression: '+ 1 day',
      timeZone: 'Europe/Paris',
      setTime: '08:15',
    },
    expected: { output: { result: '2024-02-01 08:15:00' } },
  },
  {
    name: 'uses the current time',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: '2024-01-31 10:00:00',
      expression: '+ 0 day',
      timeZone: 'America/Chicago',
      useCurrentTime: true,
    },
    expected: { output: { result: '2024-01-31 04:00:00' } },
  },
  {
    name: 'ignores setTime without a zone',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: '2024-01-31 10:00:00',
      expression: '+ 1 second',
      setTime: '08:15',
    },
    expected: { output: { result: '2024-01-31 10:00:01' } },
  },
  {
    name: 'Unix seconds to milliseconds',
    action: 'add_subtract_date',
    props: { inputDateFormat: 'X', outputFormat: 'x', inputDate: '1694949838', expression: '+ 1 minute' },
    expected: { output: { result: '1694949898000' } },
  },
  {
    name: 'plural units',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'MM/DD/YYYY',
      outputFormat: 'DDD MMM DD HH:mm:ss YYYY',
      inputDate: '09/17/2023',
      expression: '+ 3 months - 1 second',
    },
    expected: { output: { result: 'Sat Dec 16 23:59:59 2023' } },
  },
  {
    name: 'the default input format does not parse',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'ddd MMM DD YYYY HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputDate: 'Sun Sep 17 2023 11:23:58',
      expression: '+ 1 day',
    },
    expected: {
      error: 'Failed to parse the date: Sun Sep 17 2023 11:23:58 with format: ddd MMM DD YYYY HH:mm:ss',
    },
  },
  {
    name: 'a later weekday',
    action: 'next_day_of_week',
    props: { time: '09:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC', weekday: 5 },
    expected: { output: { result: '2026-01-16 09:00' } },
  },
  {
    name: 'an earlier weekday, next week',
    action: 'next_day_of_week',
    props: { time: '00:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC', weekday: 1 },
    expected: { output: { result: '2026-01-19 00:00' } },
  },
  {
    name: 'today while the time is ahead',
    action: 'next_day_of_week',
    props: { time: '11:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC', weekday: 4 },
    expected: { output: { result: '2026-01-15 11:00' } },
  },
  {
    name: 'a week ahead once the time is past',
    action: 'next_day_of_week',
    props: { time: '09:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC', weekday: 4 },
    expected: { output: { result: '2026-01-22 09:00' } },
  },
  {
    name: 'the current time',
    action: 'next_day_of_week',
    props: { time: '03:00', currentTime: true, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC', weekday: 0 },
    expected: { output: { result: '2026-01-18 10:00' } },
  },
  {
    name: 'the calendar of the zone',
    action: 'next_day_of_week',
    props: {
      time: '18:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'Asia/Tokyo',
      weekday: 4,
    },
    expected: { output: { result: '2026-01-22 18:00' } },
  },
  {
    name: 'a zone already on Friday',
    action: 'next_day_of_week',
    props: {
      time: '00:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'Pacific/Kiritimati',
      weekday: 5,
    },
    expected: { output: { result: '2026-01-16 00:00' } },
  },
  {
    name: 'the default format',
    action: 'next_day_of_week',
    props: {
      time: '00:00',
      currentTime: false,
      timeFormat: 'DDD MMM DD YYYY HH:mm:ss',
      timeZone: 'UTC',
      weekday: 6,
    },
    expected: { output: { result: 'Sat Jan 17 2026 00:00:00' } },
  },
  {
    name: 'a later day this year',
    action: 'next_day_of_year',
    props: {
      time: '00:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'UTC',
      month: 3,
      day: 1,
    },
    expected: { output: { result: '2026-03-01 00:00' } },
  },
  {
    name: 'an earlier day, next year',
    action: 'next_day_of_year',
    props: {
      time: '00:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'UTC',
      month: 1,
      day: 1,
    },
    expected: { output: { result: '2027-01-01 00:00' } },
  },
  {
    name: 'today while the time is ahead',
    action: 'next_day_of_year',
    props: {
      time: '12:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'UTC',
      month: 1,
      day: 15,
    },
    expected: { output: { result: '2026-01-15 12:00' } },
  },
  {
    name: 'the current time',
    action: 'next_day_of_year',
    props: {
      time: '00:00',
      currentTime: true,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'UTC',
      month: 1,
      day: 15,
    },
    expected: { output: { result: '2026-01-15 10:00' } },
  },
  {
    name: 'February 29 of a common year is March 1',
    action: 'next_day_of_year',
    props: {
      time: '00:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'UTC',
      month: 2,
      day: 29,
    },
    expected: { output: { result: '2026-03-01 00:00' } },
  },
  {
    name: 'April 31 is May 1',
    action: 'next_day_of_year',
    props: {
      time: '23:59',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'UTC',
      month: 4,
      day: 31,
    },
    expected: { output: { result: '2026-05-01 23:59' } },
  },
  {
    name: 'the calendar of the zone',
    action: 'next_day_of_year',
    props: {
      time: '18:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'Asia/Tokyo',
      month: 1,
      day: 15,
    },
    expected: { output: { result: '2027-01-15 18:00' } },
  },
  {
    name: 'February 29 of a leap year',
    action: 'next_day_of_year',
    props: {
      time: '00:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm',
      timeZone: 'UTC',
      month: 2,
      day: 29,
    },
    now: '2028-01-15T10:00:00.000Z',
    expected: { output: { result: '2028-02-29 00:00' } },
  },
  {
    name: 'across a year',
    action: 'first_day_of_previous_month',
    props: { time: '00:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC' },
    expected: { output: { result: '2025-12-01 00:00' } },
  },
  {
    name: 'at a time, default format',
    action: 'first_day_of_previous_month',
    props: { time: '08:30', currentTime: false, timeFormat: 'DDD MMM DD YYYY HH:mm:ss', timeZone: 'UTC' },
    expected: { output: { result: 'Mon Dec 01 2025 08:30:00' } },
  },
  {
    name: 'at the current time',
    action: 'first_day_of_previous_month',
    props: { time: '00:00', currentTime: true, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC' },
    expected: { output: { result: '2025-12-01 10:00' } },
  },
  {
    name: 'on the calendar of the zone',
    action: 'first_day_of_previous_month',
    props: { time: '00:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'Asia/Tokyo' },
    now: '2026-03-31T23:30:00.000Z',
    expected: { output: { result: '2026-03-01 00:00' } },
  },
  {
    name: 'across a year',
    action: 'last_day_of_previous_month',
    props: { time: '00:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC' },
    expected: { output: { result: '2025-12-31 00:00' } },
  },
  {
    name: 'at a time, default format',
    action: 'last_day_of_previous_month',
    props: { time: '08:30', currentTime: false, timeFormat: 'DDD MMM DD YYYY HH:mm:ss', timeZone: 'UTC' },
    expected: { output: { result: 'Wed Dec 31 2025 08:30:00' } },
  },
  {
    name: 'in February',
    action: 'last_day_of_previous_month',
    props: { time: '00:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'UTC' },
    now: '2026-03-31T23:30:00.000Z',
    expected: { output: { result: '2026-02-28 00:00' } },
  },
  {
    name: 'on the calendar of the zone',
    action: 'last_day_of_previous_month',
    props: { time: '00:00', currentTime: false, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'Asia/Tokyo' },
    now: '2026-03-31T23:30:00.000Z',
    expected: { output: { result: '2026-03-31 00:00' } },
  },
  {
    name: 'at the current time of the zone',
    action: 'last_day_of_previous_month',
    props: { time: '00:00', currentTime: true, timeFormat: 'YYYY-MM-DD HH:mm', timeZone: 'America/New_York' },
    now: '2026-03-31T23:30:00.000Z',
    expected: { output: { result: '2026-02-28 19:30' } },
  },
];
