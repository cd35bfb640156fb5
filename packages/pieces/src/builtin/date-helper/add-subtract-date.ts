import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { optionalBoolean, optionalText, requiredText } from '../common/read-props';
import { assertTimeZone } from '../common/time-zones';
import { DEFAULT_TIME_FORMAT, correctedFormat } from './date-formats';
import type { Dayjs } from './date-library';
import { dateTextProp, formatProp, timeZoneProp } from './date-props';
import { parseDate } from './parse-date';
import { parseTimeExpression } from './time-expression';
import { zonedNow } from './zoned-now';

/** Sets the time of day ("HH:mm"; seconds zero) in `timeZone`, as Activepieces does. */
function atTime(date: Dayjs, time: string, timeZone: string): Dayjs {
  const [hour = NaN, minute = NaN] = time.split(':').map(Number);
  if (!(hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59)) {
    throw new Error(`Invalid time ${time}: hours must be 0-23 and minutes 0-59`);
  }
  return date.tz(timeZone).hour(hour).minute(minute).second(0).millisecond(0);
}

/**
 * `add_subtract_date`: reads `inputDate` (in `inputDateFormat`, as UTC), applies `expression`
 * (e.g. `+ 1 day - 2 hour`, term by term with dayjs's `add`) in `timeZone` (UTC when empty),
 * optionally sets the time of day (`setTime` "HH:mm", or the current time with `useCurrentTime`;
 * both need a `timeZone`, as on Activepieces) and writes it in `outputFormat`, as `{result}`.
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
        'Optional: Set the result to a specific time (e.g., "10:00" or "14:30"). This allows scheduling at a specific time after adding/subtracting dates. Leave empty to keep the calculated time.',
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
    const timeZone = zone === undefined ? undefined : assertTimeZone(zone, 'timeZone');
    const written = optionalText(props, 'setTime');
    const setTime = written?.trim() ? written : undefined;
    if (setTime !== undefined && !/^\d\d:\d\d$/.test(setTime))
      throw new Error(`Input "setTime" must be a time such as 14:30, got ${setTime}`);
    const start = parseDate(requiredText(props, 'inputDate'), requiredText(props, 'inputDateFormat'));
    let date = parseTimeExpression(requiredText(props, 'expression')).reduce(
      (current, { amount, unit }) => current.add(amount, unit),
      timeZone === undefined ? start : start.tz(timeZone),
    );
    if (timeZone !== undefined && optionalBoolean(props, 'useCurrentTime')) {
      date = atTime(date, zonedNow(ctx, timeZone).format('HH:mm'), timeZone);
    } else if (timeZone !== undefined && setTime !== undefined) {
      date = atTime(date, setTime, timeZone);
    }
    const zoned = timeZone === undefined ? date : date.tz(timeZone);
    return { result: zoned.format(correctedFormat(requiredText(props, 'outputFormat'))) };
  },
});
