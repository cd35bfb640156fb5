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

/**
 * Across DST in America/New_York (2026-03-08, 2026-11-01) and Europe/London (2026-03-29,
 * 2026-10-25): a day and 24 hours added over the change, and 01:30 of the fall-back day.
 */
export const DST_CASES: readonly ReferenceCase[] = [
  {
    name: 'New York, + 1 day over spring forward',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-03-07 17:00:00',
      expression: '+ 1 day',
      timeZone: 'America/New_York',
    },
    expected: { output: { result: '2026-03-08 13:00:00 -04:00' } },
  },
  {
    name: 'New York, + 24 hours over spring forward',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-03-07 17:00:00',
      expression: '+ 24 hours',
      timeZone: 'America/New_York',
    },
    expected: { output: { result: '2026-03-08 13:00:00 -04:00' } },
  },
  {
    name: 'New York, + 1 day over fall back',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-10-31 16:00:00',
      expression: '+ 1 day',
      timeZone: 'America/New_York',
    },
    expected: { output: { result: '2026-11-01 11:00:00 -05:00' } },
  },
  {
    name: 'New York, + 24 hours over fall back',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-10-31 16:00:00',
      expression: '+ 24 hours',
      timeZone: 'America/New_York',
    },
    expected: { output: { result: '2026-11-01 11:00:00 -05:00' } },
  },
  {
    name: 'New York, + 1 day over spring forward, set to 09:00',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-03-07 17:00:00',
      expression: '+ 1 day',
      timeZone: 'America/New_York',
      setTime: '09:00',
    },
    expected: { output: { result: '2026-03-08 09:00:00 -04:00' } },
  },
  {
    name: 'London, + 1 day over spring forward',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-03-28 12:00:00',
      expression: '+ 1 day',
      timeZone: 'Europe/London',
    },
    expected: { output: { result: '2026-03-29 13:00:00 +01:00' } },
  },
  {
    name: 'London, + 24 hours over spring forward',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-03-28 12:00:00',
      expression: '+ 24 hours',
      timeZone: 'Europe/London',
    },
    expected: { output: { result: '2026-03-29 13:00:00 +01:00' } },
  },
  {
    name: 'London, + 1 day over fall back',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-10-24 11:00:00',
      expression: '+ 1 day',
      timeZone: 'Europe/London',
    },
    expected: { output: { result: '2026-10-25 11:00:00 +00:00' } },
  },
  {
    name: 'London, + 24 hours over fall back',
    action: 'add_subtract_date',
    props: {
      inputDateFormat: 'YYYY-MM-DD HH:mm:ss',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      inputDate: '2026-10-24 11:00:00',
      expression: '+ 24 hours',
      timeZone: 'Europe/London',
    },
    expected: { output: { result: '2026-10-25 11:00:00 +00:00' } },
  },
  {
    name: 'New York 01:30, first of the fall-back day',
    action: 'format_date',
    props: {
      inputDate: '2026-11-01 05:30:00',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      outputTimeZone: 'America/New_York',
    },
    expected: { output: { result: '2026-11-01 01:30:00 -04:00' } },
  },
  {
    name: 'New York 01:30, second of the fall-back day',
    action: 'format_date',
    props: {
      inputDate: '2026-11-01 06:30:00',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      outputTimeZone: 'America/New_York',
    },
    expected: { output: { result: '2026-11-01 01:30:00 -05:00' } },
  },
  {
    name: 'New York 01:30 of the fall-back day read',
    action: 'format_date',
    props: {
      inputDate: '2026-11-01 01:30:00',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'America/New_York',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '2026-11-01 05:30:00 +00:00' } },
  },
  {
    name: 'London 01:30, first of the fall-back day',
    action: 'format_date',
    props: {
      inputDate: '2026-10-25 00:30:00',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      outputTimeZone: 'Europe/London',
    },
    expected: { output: { result: '2026-10-25 01:30:00 +01:00' } },
  },
  {
    name: 'London 01:30, second of the fall-back day',
    action: 'format_date',
    props: {
      inputDate: '2026-10-25 01:30:00',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      outputTimeZone: 'Europe/London',
    },
    expected: { output: { result: '2026-10-25 01:30:00 +00:00' } },
  },
  {
    name: 'London 01:30 of the fall-back day read',
    action: 'format_date',
    props: {
      inputDate: '2026-10-25 01:30:00',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'Europe/London',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '2026-10-25 01:30:00 +00:00' } },
  },
  {
    name: 'New York 02:30 of the spring-forward day read',
    action: 'format_date',
    props: {
      inputDate: '2026-03-08 02:30:00',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'America/New_York',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '2026-03-08 07:30:00 +00:00' } },
  },
  {
    name: 'London 01:30 of the spring-forward day read',
    action: 'format_date',
    props: {
      inputDate: '2026-03-29 01:30:00',
      inputFormat: 'YYYY-MM-DD HH:mm:ss',
      inputTimeZone: 'Europe/London',
      outputFormat: 'YYYY-MM-DD HH:mm:ss Z',
      outputTimeZone: 'UTC',
    },
    expected: { output: { result: '2026-03-29 00:30:00 +00:00' } },
  },
  {
    name: "now is New York's second 01:30",
    action: 'get_current_date',
    props: { timeFormat: 'YYYY-MM-DD HH:mm:ss Z', timeZone: 'America/New_York' },
    now: '2026-11-01T06:30:00.000Z',
    expected: { output: { result: '2026-11-01 01:30:00 -05:00' } },
  },
  {
    name: "now is London's first 01:30",
    action: 'get_current_date',
    props: { timeFormat: 'YYYY-MM-DD HH:mm:ss Z', timeZone: 'Europe/London' },
    now: '2026-10-25T00:30:00.000Z',
    expected: { output: { result: '2026-10-25 01:30:00 +01:00' } },
  },
  {
    name: 'New York Sunday noon after spring forward',
    action: 'next_day_of_week',
    props: {
      time: '12:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm:ss Z',
      timeZone: 'America/New_York',
      weekday: 0,
    },
    now: '2026-03-07T15:00:00.000Z',
    expected: { output: { result: '2026-03-08 12:00:00 -05:00' } },
  },
  {
    name: 'London Sunday noon after fall back',
    action: 'next_day_of_week',
    props: {
      time: '12:00',
      currentTime: false,
      timeFormat: 'YYYY-MM-DD HH:mm:ss Z',
      timeZone: 'Europe/London',
      weekday: 0,
    },
    now: '2026-10-24T09:00:00.000Z',
    expected: { output: { result: '2026-10-25 12:00:00 +01:00' } },
  },
];
