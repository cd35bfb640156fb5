import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredInteger } from '../common/read-props';
import { readTimeOfDay, timeOfDayProps } from './time-of-day';
import { MONTHS } from './date-text';
import { daysInMonth } from './wall-clock';

/**
 * `next_day_of_year`: the next `month`/`day` (month 1 to 12) at `time` (or the current time) on
 * the calendar of `timeZone`, as `{result}` in `timeFormat`: this year's while it is not past,
 * else next year's. February 29 gives the next leap year's; a day no month has (April 31) fails.
 */
export const nextDayOfYear = createAction({
  name: 'next_day_of_year',
  displayName: 'Next Day of Year',
  description: 'Get the date and time of the next day of the year',
  props: {
    month: Property.StaticDropdown({
      displayName: 'Month',
      description: 'The month that you would like to get the date and time of.',
      required: true,
      options: { options: MONTHS.map((label, index) => ({ label, value: index + 1 })) },
    }),
    day: Property.Number({
      displayName: 'Day of Month',
      description: 'The day of the month that you would like to get the date and time of.',
      required: true,
      defaultValue: 1,
    }),
    ...timeOfDayProps(),
  },
  async run(ctx) {
    const month = requiredInteger(ctx.propsValue, 'month', 1, 12);
    const day = requiredInteger(ctx.propsValue, 'day', 1, 31);
    if (day > daysInMonth(2024, month))
      throw new Error(`Input "day": ${MONTHS[month - 1]} has no day ${day}`);
    const { now, today, at, result } = readTimeOfDay(ctx);
    for (let year = today.year; ; year++) {
      if (day > daysInMonth(year, month)) continue;
      const ms = at({ year, month, day });
      if (ms >= now) return result(ms);
    }
  },
});
