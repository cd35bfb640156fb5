import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { builtinEnv } from '../common/builtin-env';
import { optionalBoolean, optionalText, requiredText } from '../common/read-props';
import { assertTimeZone } from '../common/time-zones';
import { DEFAULT_TIME_FORMAT, correctedFormat } from './date-formats';
import { dateTextProp, formatProp, timeZoneProp } from './date-props';
import { formatDate, parseDate } from './date-text';
import { applyTerms, parseTimeExpression } from './time-expression';
import { fromWallClock, toWallClock } from './wall-clock';

/** Sets the time of day (hours, minutes; seconds zero) on the calendar of `timeZone`. */
function atTime(ms: number, time: string, timeZone: string): number {
  const [hour, minute] = time.split(':').map(Number);
  if (hour === undefined || minute === undefined || hour > 23 || minute > 59) {
    throw new Error(`Invalid time ${time}: hours must be 0-23 and minutes 0-59`);
  }
  return fromWallClock({ ...toWallClock(ms, timeZone), hour, minute, second: 0, millisecond: 0 }, timeZone);
}

/**
 * `add_subtract_date`: reads `inputDate` (in `inputDateFormat`, as UTC), applies `expression`
 * (e.g. `+ 1 day - 2 hour`) on the calendar of `timeZone` (UTC when empty), optionally sets the
 * time of day (`setTime` "HH:mm", or the current time with `useCurrentTime`; both need a
 * `timeZone`, as on the reference) and writes it in `outputFormat`, as `{result}`.
 */
export const addSubtractDate = createAction({
  name: 'add_subtract_date',
  displayName: 'Add/Subtract Time',
  description: 'Add or subtract time from a date',
  props: {
    inputDate: dateTextProp('Input Date', 'Enter the input date'),
    inputDateFormat: formatProp('From Time Format', correctedFormat(DEFAULT_TIME_FORMAT)),
    outputFormat: formatProp('To Time Format', correctedFormat(DEFAULT_TIME_FORMAT)),
    expression: Property.LongText({
      displayName: 'Expression',
      description:
        'Provide an expression to add or subtract using the following units (year , month , day , hour , minute or second).\nExamples:\n+ 2 second + 1 hour\n+ 1 year - 3 day - 2 month\n+ 5 minute',
      required: true,
    }),
    timeZone: timeZoneProp(
      'Time Zone',
      false,
      'Optional: Set a timezone for the calculation to handle DST correctly',
    ),
    setTime: Property.ShortText({
      displayName: 'Set Time To (24h format)',
      description:
        'Optional: Set the result to a specific time (e.g., "10:00" or "14:30"). Leave empty to keep the calculated time.',
      required: false,
    }),
    useCurrentTime: Property.Checkbox({
      displayName: 'Use Current Time',
      description: 'If checked, the current time will be used instead of the time from "Set Time To" field.',
      required: false,
      defaultValue: false,
    }),
  },
  async run(ctx) {
    const props = ctx.propsValue;
    const zone = optionalText(props, 'timeZone');
    const timeZone = zone ? assertTimeZone(zone, 'timeZone') : 'UTC';
    const setTime = optionalText(props, 'setTime')?.trim();
    if (setTime && !/^\d\d:\d\d$/.test(setTime))
      throw new Error(`Input "setTime" must be a time such as 14:30, got ${setTime}`);
    const now = builtinEnv(ctx).now();
    let ms = parseDate(requiredText(props, 'inputDate'), requiredText(props, 'inputDateFormat'), 'UTC', now);
    ms = applyTerms(ms, parseTimeExpression(requiredText(props, 'expression')), timeZone);
    if (zone && optionalBoolean(props, 'useCurrentTime')) {
      ms = atTime(ms, formatDate(now, 'HH:mm', timeZone), timeZone);
    } else if (zone && setTime) {
      ms = atTime(ms, setTime, timeZone);
    }
    return { result: formatDate(ms, requiredText(props, 'outputFormat'), timeZone) };
  },
});
