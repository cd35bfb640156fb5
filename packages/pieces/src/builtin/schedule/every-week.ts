import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredInteger, requiredText } from '../common/read-props';
import {
  WEEK_DAYS,
  hourOfTheDayProp,
  scheduledTriggerHooks,
  timezoneProp,
  type ScheduleOf,
} from './schedule-common';

/** On `day_of_the_week` at `hour_of_the_day` in `timezone`. */
export const everyWeekSchedule: ScheduleOf = (props) => {
  const hour = requiredInteger(props, 'hour_of_the_day', 0, 23);
  const day = requiredInteger(props, 'day_of_the_week', 0, 6);
  const timezone = requiredText(props, 'timezone');
  const cronExpression = `0 ${hour} * * ${day}`;
  return {
    cronExpression,
    timezone,
    payload: { hour_of_the_day: hour, day_of_the_week: day, cron_expression: cronExpression, timezone },
  };
};

/** `every_week`: on `day_of_the_week` (0 = Sunday) at `hour_of_the_day` in `timezone`. */
export const everyWeek = createTrigger({
  name: 'every_week',
  displayName: 'Every Week',
  description: 'Triggers the current flow every week',
  type: 'POLLING',
  sampleData: {},
  props: {
    day_of_the_week: Property.StaticDropdown({
      displayName: 'Day of the week',
      required: true,
      options: { options: WEEK_DAYS.map((label, value) => ({ label, value })) },
    }),
    hour_of_the_day: hourOfTheDayProp(),
    timezone: timezoneProp,
  },
  ...scheduledTriggerHooks(everyWeekSchedule),
});
