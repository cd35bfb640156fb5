import { createAction } from '../../framework/create-piece';
import { readTimeOfDay, timeOfDayProps } from './time-of-day';

/**
 * `last_day_of_previous_month`: the last day of the month before the current one on the
 * calendar of `timeZone`, at `time` (or the current time), as `{result}` in `timeFormat`.
 */
export const lastDayOfPreviousMonth = createAction({
  name: 'last_day_of_previous_month',
  displayName: 'Last Day of Previous Month',
  description: 'Get the date and time of the last day of the previous month',
  props: timeOfDayProps(),
  async run(ctx) {
    const { now, at, result } = readTimeOfDay(ctx);
    return result(at(now.subtract(1, 'month').endOf('month')));
  },
});
