import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredInteger } from '../common/read-props';
import { readTimeOfDay, timeOfDayProps } from './time-of-day';
import { addDays } from './wall-clock';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * `next_day_of_week`: the next `weekday` (0 = Sunday ... 6 = Saturday) at `time` (or the current
 * time) on the calendar of `timeZone`, as `{result}` in `timeFormat`. Today counts while that
 * time is not past; otherwise it is a week ahead.
 */
export const nextDayOfWeek = createAction({
  name: 'next_day_of_week',
  displayName: 'Next Day of Week',
  description: 'Get the date and time of the next day of the week',
  props: {
    weekday: Property.StaticDropdown({
      displayName: 'Weekday',
      description: 'The weekday that you would like to get the date and time of.',
      required: true,
      options: { options: WEEKDAYS.map((label, value) => ({ label, value })) },
    }),
    ...timeOfDayProps(),
  },
  async run(ctx) {
    const weekday = requiredInteger(ctx.propsValue, 'weekday', 0, 6);
    const { now, today, at, result } = readTimeOfDay(ctx);
    const todayWeekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
    let days = weekday - todayWeekday;
    if (days < 0 || (days === 0 && at(today) < now)) days += 7;
    return result(at(addDays(today, days)));
  },
});
