import { describe, expect, it } from 'vitest';
import { pinProcessTimeZone } from '../testing/process-time-zone';
import { runAction } from '../testing/test-services';
import { dateHelperPiece } from './index';
import { parseDate } from './parse-date';

pinProcessTimeZone('UTC');

describe('parseDate', () => {
  it.each([
    ['01/02/99', 'MM/DD/YY', '1999-01-02T00:00:00.000Z'],
    ['01/02/68', 'MM/DD/YY', '2068-01-02T00:00:00.000Z'],
    ['02/01/69', 'DD/MM/YY', '1969-01-02T00:00:00.000Z'],
    ['September 17 2023 11:23:58', 'MMMM DD YYYY HH:mm:ss', '2023-09-17T11:23:58.000Z'],
    ['Sep 17 2023', 'MMM DD YYYY', '2023-09-17T00:00:00.000Z'],
    ['2023-09-17T11:23:58', 'YYYY-MM-DDTHH:mm:ss', '2023-09-17T11:23:58.000Z'],
    ['17-09-2023', 'DD-MM-YYYY', '2023-09-17T00:00:00.000Z'],
    ['1694949838', 'X', '2023-09-17T11:23:58.000Z'],
    ['1694949838123', 'x', '2023-09-17T11:23:58.123Z'],
    ['2023-02-30', 'YYYY-MM-DD', '2023-03-02T00:00:00.000Z'],
    ['2023-13-01', 'YYYY-MM-DD', '2024-01-01T00:00:00.000Z'],
  ])('reads %s as %s in UTC', (text, format, iso) => {
    expect(parseDate(text, format).toISOString()).toBe(iso);
  });

  it.each([
    ['Sun Sep 17 2023 11:23:58', 'DDD MMM DD YYYY HH:mm:ss', 'ddd MMM DD YYYY HH:mm:ss'],
    ['2024-02-29T23:00:00Z', 'MM/DD/YYYY', 'MM/DD/YYYY'],
    ['not a date', 'YYYY-MM-DD', 'YYYY-MM-DD'],
  ])('refuses %s as %s, as Activepieces does', (text, format, corrected) => {
    expect(() => parseDate(text, format)).toThrow(
      `Failed to parse the date: ${text} with format: ${corrected}`,
    );
  });
});

describe('format_date with a two-digit year', () => {
  it.each([
    ['01/02/99', 'MM/DD/YY', '1999-01-02'],
    ['02/01/99', 'DD/MM/YY', '1999-01-02'],
    ['01/02/30', 'MM/DD/YY', '2030-01-02'],
  ])('reads %s (%s) as %s', async (inputDate, inputFormat, result) => {
    const outcome = await runAction(dateHelperPiece, 'format_date', {
      inputDate,
      inputFormat,
      inputTimeZone: 'UTC',
      outputFormat: 'YYYY-MM-DD',
      outputTimeZone: 'UTC',
    });
    expect(outcome).toEqual({ status: 'SUCCEEDED', output: { result } });
  });
});
