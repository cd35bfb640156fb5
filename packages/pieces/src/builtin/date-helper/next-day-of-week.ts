import { createAction } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredInteger } from '../common/read-props';
import { readTimeOfDay, timeOfDayProps } from './time-of-day';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * `next_day_of_week`: the next `weekday` (0 = Sunday ... 6 = Saturday) at `time` (or the current
 * time) on the calendar of `timeZone`, as `{result}` in `timeFormat`. Today counts while that
 * time is not past; otherwise it is a week ahead (dayjs day arithmetic, as on Activepieces).
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
    const { now, at, result } = readTimeOfDay(ctx);
    const today = at(now);
    let days = weekday - today.day();
    if (days < 0 || (days === 0 && today.isBefore(now))) days += 7;
    return result(today.add(days, 'day'));
  },
});
