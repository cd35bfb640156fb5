import { builtinEnv } from '../../context/builtin-env';
import { dayjs } from './date-library';
import type { Dayjs } from './date-library';

/**
 * Activepieces' `apDayjs().tz(timeZone)`: now, in `timeZone`. Now is the built-in env's clock
 * (`builtinEnv(ctx).now()`), which hosts and tests pin.
 */
export const zonedNow = (ctx: object, timeZone: string): Dayjs =>
  dayjs.utc(builtinEnv(ctx).now()).tz(timeZone);
