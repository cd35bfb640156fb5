import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredInteger, requiredText } from '../common/read-props';
import { hourOfTheDayProp, scheduledTriggerHooks, timezoneProp, type ScheduleOf } from './schedule-common';

/** On `day_of_the_month` at `hour_of_the_day` in `timezone`. */
export const everyMonthSchedule: ScheduleOf = (props) => {
  const hour = requiredInteger(props, 'hour_of_the_day', 0, 23);
  const day = requiredInteger(props, 'day_of_the_month', 1, 31);
  const timezone = requiredText(props, 'timezone');
  const cronExpression = `0 ${hour} ${day} * *`;
  return {
    cronExpression,
    timezone,
    payload: { hour_of_the_day: hour, day_of_the_month: day, cron_expression: cronExpression, timezone },
  };
};

/** `every_month`: on `day_of_the_month` (1 to 31; months without it are skipped) at `hour_of_the_day`. */
export const everyMonth = createTrigger({
  name: 'every_month',
  displayName: 'Every Month',
  description: 'Triggers the current flow every month',
  type: 'POLLING',
  sampleData: {},
  props: {
    day_of_the_month: Property.StaticDropdown({
      displayName: 'Day of the month',
      required: true,
      options: { options: Array.from({ length: 31 }, (_, i) => ({ label: String(i + 1), value: i + 1 })) },
    }),
    hour_of_the_day: hourOfTheDayProp(),
    timezone: timezoneProp,
  },
  ...scheduledTriggerHooks(everyMonthSchedule),
});
