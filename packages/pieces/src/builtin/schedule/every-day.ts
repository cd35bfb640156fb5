import { createTrigger } from '../../framework/create-piece';
import { optionalBoolean, requiredInteger, requiredText } from '../common/read-props';
import {
  hourOfTheDayProp,
  runOnWeekendsProp,
  scheduledTriggerHooks,
  timezoneProp,
  type ScheduleOf,
} from './schedule-common';

/** At `hour_of_the_day` in `timezone`, Monday to Friday unless `run_on_weekends`. */
export const everyDaySchedule: ScheduleOf = (props) => {
  const hour = requiredInteger(props, 'hour_of_the_day', 0, 23);
  const days = optionalBoolean(props, 'run_on_weekends') ? '*' : '1-5';
  const timezone = requiredText(props, 'timezone');
  const cronExpression = `0 ${hour} * * ${days}`;
  return {
    cronExpression,
    timezone,
    payload: { hour_of_the_day: hour, timezone, cron_expression: cronExpression },
  };
};

/** `every_day`: at `hour_of_the_day` in `timezone`, Monday to Friday unless `run_on_weekends`. */
export const everyDay = createTrigger({
  name: 'every_day',
  displayName: 'Every Day',
  description: 'Triggers the current flow every day',
  type: 'POLLING',
  sampleData: {},
  props: { hour_of_the_day: hourOfTheDayProp(0), timezone: timezoneProp, run_on_weekends: runOnWeekendsProp },
  ...scheduledTriggerHooks(everyDaySchedule),
});
