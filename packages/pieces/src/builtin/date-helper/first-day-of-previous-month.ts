import { createAction } from '../../framework/create-piece';
import { readTimeOfDay, timeOfDayProps } from './time-of-day';

/**
 * `first_day_of_previous_month`: the 1st of the month before the current one on the calendar of
 * `timeZone`, at `time` (or the current time), as `{result}` in `timeFormat`.
 */
export const firstDayOfPreviousMonth = createAction({
  name: 'first_day_of_previous_month',
  displayName: 'First Day of Previous Month',
  description: 'Get the date and time of the first day of the previous month',
  props: timeOfDayProps(),
  async run(ctx) {
    const { now, at, result } = readTimeOfDay(ctx);
    return result(at(now.subtract(1, 'month').startOf('month')));
  },
});
