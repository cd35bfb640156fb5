import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredInteger } from '../common/read-props';
import { scheduledTriggerHooks, type ScheduleOf } from './schedule-common';

/** `*\/X * * * *` in UTC, X from 1 to 59; the payload reports it. */
export const everyXMinutesSchedule: ScheduleOf = (props) => {
  const cronExpression = `*/${requiredInteger(props, 'minutes', 1, 59)} * * * *`;
  return { cronExpression, timezone: 'UTC', payload: { cron_expression: cronExpression, timezone: 'UTC' } };
};

/** `every_x_minutes`: `*\/X * * * *` in UTC, X from 1 to 59. */
export const everyXMinutes = createTrigger({
  name: 'every_x_minutes',
  displayName: 'Every X Minutes',
  description: 'Triggers the current flow every X minutes',
  type: 'POLLING',
  sampleData: {},
  props: {
    minutes: Property.StaticDropdown({
      displayName: 'Minutes',
      description: 'Valid value between 1 to 59.',
      required: true,
      defaultValue: 1,
      options: {
        options: Array.from({ length: 59 }, (_, i) => ({
          label: `${i + 1} minute${i === 0 ? '' : 's'}`,
          value: i + 1,
        })),
      },
    }),
  },
  ...scheduledTriggerHooks(everyXMinutesSchedule),
});
