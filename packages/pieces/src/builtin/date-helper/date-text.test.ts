import { describe, expect, it } from 'vitest';
import { formatDate, parseDate } from './date-text';
import { fromWallClock, toWallClock } from './wall-clock';

const NOW = Date.parse('2026-01-15T10:00:00.000Z');
const at = (iso: string) => Date.parse(iso);

describe('formatDate', () => {
  it.each([
    ['DDD MMM DD YYYY HH:mm:ss', 'UTC', 'Sun Sep 17 2023 11:23:58'],
    ['DDDD, MMMM D YYYY h:mm A', 'UTC', 'Sunday, September 17 2023 11:23 AM'],
    ['YYYY-MM-DDTHH:mm:ss', 'America/New_York', '2023-09-17T07:23:58'],
    ['YYYY-MM-DD HH:mm:ssZ', 'Asia/Kolkata', '2023-09-17 16:53:58+05:30'],
    ['DD/MM/YY', 'UTC', '17/09/23'],
    ['X', 'Asia/Tokyo', '1694949838'],
    ['x', 'UTC', '1694949838000'],
    ['[Day] D', 'UTC', 'Day 17'],
  ])('%s in %s', (format, zone, text) => {
    expect(formatDate(at('2023-09-17T11:23:58Z'), format, zone)).toBe(text);
  });
});

describe('parseDate', () => {
  it.each([
    ['Sun Sep 17 2023 11:23:58', 'DDD MMM DD YYYY HH:mm:ss', 'UTC', '2023-09-17T11:23:58.000Z'],
    ['September 17 2023', 'MMMM DD YYYY', 'UTC', '2023-09-17T00:00:00.000Z'],
    ['09/17/23', 'MM/DD/YY', 'UTC', '2023-09-17T00:00:00.000Z'],
    ['2023-09-17 11:23:58', 'YYYY-MM-DD HH:mm:ss', 'Europe/Paris', '2023-09-17T09:23:58.000Z'],
    ['1694949838', 'X', 'Europe/Paris', '2023-09-17T11:23:58.000Z'],
    ['1694949838123', 'x', 'UTC', '2023-09-17T11:23:58.123Z'],
    ['2023-09-17T11:23:58.000Z', 'YYYY-MM-DDTHH:mm:ss', 'Europe/Paris', '2023-09-17T09:23:58.000Z'],
    ['2023-09-17T11:23:58+02:00', 'DD/MM/YYYY', 'UTC', '2023-09-17T09:23:58.000Z'],
    ['2023-09-17', 'MMM DD YYYY', 'UTC', '2023-09-17T00:00:00.000Z'],
  ])('%s as %s in %s', (text, format, zone, iso) => {
    expect(new Date(parseDate(text, format, zone, NOW)).toISOString()).toBe(iso);
  });

  it.each([
    ['31/02/2023', 'DD/MM/YYYY'],
    ['not a date', 'YYYY-MM-DD'],
    ['2023-13-01', 'YYYY-MM-DD'],
  ])('refuses %s as %s', (text, format) => {
    expect(() => parseDate(text, format, 'UTC', NOW)).toThrow(
      `Failed to parse the date: ${text} with format: ${format}`,
    );
  });
});

describe('wall clocks across DST', () => {
  it.each([
    ['a normal time', { hour: 12, minute: 0 }, '2026-03-08T16:00:00.000Z'],
    ['a time in the spring gap moves after it', { hour: 2, minute: 30 }, '2026-03-08T07:30:00.000Z'],
  ])('%s (New York, 2026-03-08)', (_, time, iso) => {
    const clock = { year: 2026, month: 3, day: 8, second: 0, millisecond: 0, ...time };
    expect(new Date(fromWallClock(clock, 'America/New_York')).toISOString()).toBe(iso);
  });

  it('takes the first of a repeated time', () => {
    const clock = { year: 2026, month: 11, day: 1, hour: 1, minute: 30, second: 0, millisecond: 0 };
    expect(new Date(fromWallClock(clock, 'America/New_York')).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(toWallClock(at('2026-11-01T06:30:00Z'), 'America/New_York')).toMatchObject({
      hour: 1,
      minute: 30,
    });
  });
});
