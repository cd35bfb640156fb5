import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredInteger } from '../common/read-props';
import { readTimeOfDay, timeOfDayProps } from './time-of-day';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * `next_day_of_year`: the next `month`/`day` (month 1 to 12) at `time` (or the current time) on
 * the calendar of `timeZone`, as `{result}` in `timeFormat`: this year's while it is not past,
 * else a year later. As on Activepieces (dayjs setters), a day the month lacks rolls into the
 * next month (April 31 is May 1; February 29 of a common year is March 1).
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
    const { now, at, result } = readTimeOfDay(ctx);
    const thisYear = at(now.month(month - 1).date(day));
    return result(thisYear.isBefore(now) ? thisYear.add(1, 'year') : thisYear);
  },
});
