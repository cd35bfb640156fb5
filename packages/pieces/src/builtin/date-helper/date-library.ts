/**
 * The date helper's dates are dayjs's, extended with the plugins the Activepieces piece extends:
 * customParseFormat (reading a date in a format), utc, timezone (zones and their DST rules,
 * through Intl), advancedFormat (the `X`/`x` Unix-time output tokens) and duration (date
 * differences). dayjs does all parsing, formatting, zone conversion and calendar arithmetic.
 *
 * Activepieces runs in UTC, so its "local" dates are UTC dates: here they are made with
 * `dayjs.utc`, which gives the same results whatever the process's time zone. dayjs's timezone
 * plugin goes through the process's local time for zoned dates (`.tz()`): it is exact when the
 * process runs in UTC (or another zone without DST), as on Activepieces.
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import duration from 'dayjs/plugin/duration.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(advancedFormat);
dayjs.extend(duration);

/** dayjs with the Activepieces piece's plugins; import it from here, never from `dayjs` directly. */
export { dayjs };
export type { Dayjs } from 'dayjs';
