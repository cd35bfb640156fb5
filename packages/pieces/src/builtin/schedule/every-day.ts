import { createTrigger } from '../../framework/create-piece';
import { optionalBoolean, requiredInteger, requiredText } from '../common/read-props';
import { hourOfTheDayProp, runOnWeekendsProp, scheduledTriggerHooks, timezoneProp } from './schedule-common';

function scheduleOf(props: Record<string, unknown>) {
  const hour = requiredInteger(props, 'hour_of_the_day', 0, 23);
  const days = optionalBoolean(props, 'run_on_weekends') ? '*' : '1-5';
  return {
    hour_of_the_day: hour,
    timezone: requiredText(props, 'timezone'),
    cron_expression: `0 ${hour} * * ${days}`,
  };
}

/** `every_day`: at `hour_of_the_day` in `timezone`, Monday to Friday unless `run_on_weekends`. */
export const everyDay = createTrigger({
  name: 'every_day',
  displayName: 'Every Day',
  description: 'Triggers the current flow every day',
  type: 'POLLING',
  sampleData: {},
  props: { hour_of_the_day: hourOfTheDayProp(0), timezone: timezoneProp, run_on_weekends: runOnWeekendsProp },
  ...scheduledTriggerHooks(scheduleOf),
});
