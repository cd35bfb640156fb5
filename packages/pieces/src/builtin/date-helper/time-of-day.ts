/**
 * The inputs and reading shared by the "next/previous day" actions. Choosing the day is each
 * action's dayjs arithmetic; this sets the chosen time of day on it and formats the result.
 */
import type { ActionContext } from '../../context/action-context';
import { Property } from '../../framework/properties';
import { describeValue, optionalBoolean, optionalText, requiredText } from '../common/read-props';
import { assertTimeZone } from '../common/time-zones';
import { correctedFormat } from './date-formats';
import type { Dayjs } from './date-library';
import { formatProp, timeZoneProp } from './date-props';
import { zonedNow } from './zoned-now';

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

/** The read {@link timeOfDayProps}. */
export interface TimeOfDay {
  /** Now, in the zone. */
  now: Dayjs;
  /** `day` at the chosen time of day (seconds zero), as Activepieces sets it. */
  at(day: Dayjs): Dayjs;
  /** `{result}`: the date in the chosen format. */
  result(date: Dayjs): { result: string };
}

/** Reads {@link timeOfDayProps}; throws naming the input when `time` is not "HH:mm" (00:00-23:59). */
export function readTimeOfDay(ctx: ActionContext): TimeOfDay {
  const props = ctx.propsValue;
  const timeZone = assertTimeZone(requiredText(props, 'timeZone'), 'timeZone');
  const format = correctedFormat(requiredText(props, 'timeFormat'));
  const time = optionalText(props, 'time') ?? '00:00';
  const match = /^(\d\d):(\d\d)$/.exec(time);
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) {
    throw new Error(`Input "time" must be a 24h time from 00:00 to 23:59, got ${describeValue(time)}`);
  }
  const now = zonedNow(ctx, timeZone);
  const useNow = optionalBoolean(props, 'currentTime');
  const hour = useNow ? now.hour() : Number(match[1]);
  const minute = useNow ? now.minute() : Number(match[2]);
  return {
    now,
    at: (day) => day.hour(hour).minute(minute).second(0).millisecond(0),
    result: (date) => ({ result: date.format(format) }),
  };
}
