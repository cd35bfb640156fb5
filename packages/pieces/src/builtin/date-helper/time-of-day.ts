import type { ActionContext } from '../../context/action-context';
import { Property } from '../../framework/properties';
import { builtinEnv } from '../common/builtin-env';
import { describeValue, optionalBoolean, optionalText, requiredText } from '../common/read-props';
import { assertTimeZone } from '../common/time-zones';
import { formatProp, timeZoneProp } from './date-props';
import { formatDate } from './date-text';
import { fromWallClock, toWallClock } from './wall-clock';
import type { WallClock } from './wall-clock';

/**
 * The inputs shared by the "next/previous day" actions: `time` ("HH:mm", default `00:00`),
 * `currentTime` (use the current time of day instead; default false), `timeFormat` (of the
 * result; default `DDD MMM DD YYYY HH:mm:ss`) and `timeZone` (of the calendar; default `UTC`).
 */
export const timeOfDayProps = () => ({
  time: Property.ShortText({
    displayName: '24h Time',
    description: 'The time that you would like to get the date and time of. This must be in 24h format.',
    required: false,
    defaultValue: '00:00',
  }),
  currentTime: Property.Checkbox({
    displayName: 'Use Current Time',
    description: 'If checked, the current time will be used instead of the time specified above.',
    required: false,
    defaultValue: false,
  }),
  timeFormat: formatProp('To Time Format'),
  timeZone: timeZoneProp('Time Zone', true),
});

/** The read {@link timeOfDayProps}: today's wall clock in the zone, and how to finish a day. */
export interface TimeOfDay {
  now: number;
  today: WallClock;
  /** The instant of `day` (year, month, day) at the chosen time of day in the zone. */
  at(day: Pick<WallClock, 'year' | 'month' | 'day'>): number;
  /** `{result}`: the instant in the chosen format and zone. */
  result(ms: number): { result: string };
}

/** Reads {@link timeOfDayProps}; throws naming the input when `time` is not "HH:mm" (00:00-23:59). */
export function readTimeOfDay(ctx: ActionContext): TimeOfDay {
  const props = ctx.propsValue;
  const timeZone = assertTimeZone(requiredText(props, 'timeZone'), 'timeZone');
  const format = requiredText(props, 'timeFormat');
  const time = optionalText(props, 'time') ?? '00:00';
  const match = /^(\d\d):(\d\d)$/.exec(time);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
    throw new Error(`Input "time" must be a 24h time from 00:00 to 23:59, got ${describeValue(time)}`);
  }
  const now = builtinEnv(ctx).now();
  const today = toWallClock(now, timeZone);
  const useNow = optionalBoolean(props, 'currentTime');
  const hour = useNow ? today.hour : Number(match[1]);
  const minute = useNow ? today.minute : Number(match[2]);
  return {
    now,
    today,
    at: (day) => fromWallClock({ ...day, hour, minute, second: 0, millisecond: 0 }, timeZone),
    result: (ms) => ({ result: formatDate(ms, format, timeZone) }),
  };
}
