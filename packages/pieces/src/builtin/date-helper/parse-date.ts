import { correctedFormat } from './date-formats';
import { dayjs } from './date-library';
import type { Dayjs } from './date-library';

/**
 * Reads `text` written in `format` (Activepieces' format choices, see {@link correctedFormat})
 * as a UTC date, as Activepieces' `parseDate` does: dayjs's customParseFormat, not strict, so
 * a two-digit year is 1969-2068 (`99` is 1999), an overflowing day or month rolls over (February
 * 30 is March 2, month 13 next January) and `X`/`x` read Unix seconds/milliseconds. Throws
 * Activepieces' message when dayjs reads no date (it reads no day names: `ddd` formats never parse).
 */
export function parseDate(text: string, format: string): Dayjs {
  const corrected = correctedFormat(format);
  const date = dayjs.utc(text, corrected);
  if (!date.isValid()) throw new Error(`Failed to parse the date: ${text} with format: ${corrected}`);
  return date;
}
