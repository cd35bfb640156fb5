import { createTrigger } from '../../framework/create-piece';
import { optionalBoolean } from '../common/read-props';
import { runOnWeekendsProp, scheduledTriggerHooks, type ScheduleOf } from './schedule-common';

/** On the hour in UTC, Monday to Friday unless `run_on_weekends`; the payload reports it. */
export const everyHourSchedule: ScheduleOf = (props) => {
  const cronExpression = optionalBoolean(props, 'run_on_weekends') ? '0 * * * *' : '0 * * * 1-5';
  return { cronExpression, timezone: 'UTC', payload: { cron_expression: cronExpression, timezone: 'UTC' } };
};

/** `every_hour`: on the hour in UTC, Monday to Friday unless `run_on_weekends`. */
export const everyHour = createTrigger({
  name: 'every_hour',
  displayName: 'Every Hour',
  description: 'Triggers the current flow every hour',
  type: 'POLLING',
  sampleData: {},
  props: { run_on_weekends: runOnWeekendsProp },
  ...scheduledTriggerHooks(everyHourSchedule),
});
