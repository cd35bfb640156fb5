/**
 * The date helper's format and unit choices: the Activepieces piece's dropdown lists (data, which
 * no dayjs plugin provides) and its one format correction, `DDD`/`DDDD` to dayjs's `ddd`/`dddd`.
 */
import type { DropdownOption } from '../../framework/properties';

/** The formats the date helper offers (dayjs-style tokens, as on Activepieces). */
export const TIME_FORMATS = [
  ['DDD MMM DD YYYY HH:mm:ss', 'Sun Sep 17 2023 11:23:58'],
  ['DDD MMM DD HH:mm:ss YYYY', 'Sun Sep 17 11:23:58 2023'],
  ['MMMM DD YYYY HH:mm:ss', 'September 17 2023 11:23:58'],
  ['MMMM DD YYYY', 'September 17 2023'],
  ['MMM DD YYYY', 'Sep 17 2023'],
  ['YYYY-MM-DDTHH:mm:ss', '2023-09-17T11:23:58'],
  ['YYYY-MM-DD HH:mm:ss', '2023-09-17 11:23:58'],
  ['YYYY-MM-DD', '2023-09-17'],
  ['MM-DD-YYYY', '09-17-2023'],
  ['MM/DD/YYYY', '09/17/2023'],
  ['MM/DD/YY', '09/17/23'],
  ['DD-MM-YYYY', '17-09-2023'],
  ['DD/MM/YYYY', '17/09/2023'],
  ['DD/MM/YY', '17/09/23'],
  ['X', '1410715640'],
  ['x', '1410715640579'],
] as const;

/** The default format: `DDD MMM DD YYYY HH:mm:ss`. */
export const DEFAULT_TIME_FORMAT = TIME_FORMATS[0][0];

/** Dropdown choices of {@link TIME_FORMATS}. */
export const TIME_FORMAT_OPTIONS: DropdownOption[] = TIME_FORMATS.map(([value, example]) => ({
  label: `${value} (${example})`,
  value,
}));

/** How the format tokens read. */
export const TIME_FORMAT_DESCRIPTION = [
  'YYYY: year (2023), YY: year (23), MMMM: month (September), MMM: month (Sep), MM: month (09),',
  'DDDD: day (Sunday), DDD: day (Sun), DD: day of the month (17), HH: hour (11), mm: minute (23),',
  'ss: second (58), X: Unix time in seconds (1694949838), x: Unix time in milliseconds (1410715640579).',
].join(' ');

/**
 * Activepieces' formats say `DDD`/`DDDD` for day names; dayjs's tokens are `ddd`/`dddd`. Apply
 * it to every format before handing it to dayjs, as Activepieces does.
 */
export const correctedFormat = (format: string) => format.replaceAll('DDDD', 'dddd').replaceAll('DDD', 'ddd');

/** The units of additions and differences. */
export const TIME_UNITS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
