import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import { scheduledTriggerHooks, timezoneProp, type ScheduleOf } from './schedule-common';

/** `cronExpression` (trimmed) in `timezone`; the payload is empty, as on Activepieces. */
export const cronExpressionSchedule: ScheduleOf = (props) => ({
  cronExpression: requiredText(props, 'cronExpression').trim(),
  timezone: requiredText(props, 'timezone'),
  payload: {},
});

/** `cron_expression`: any cron expression (validated with croner) in `timezone`. */
export const cronExpression = createTrigger({
  name: 'cron_expression',
  displayName: 'Cron Expression',
  description: 'Trigger based on cron expression',
  type: 'POLLING',
  sampleData: {},
  props: {
    cronExpression: Property.ShortText({
      displayName: 'Cron Expression',
      description: 'Cron expression to trigger',
      required: true,
      defaultValue: '0/5 * * * *',
    }),
    timezone: timezoneProp,
  },
  ...scheduledTriggerHooks(cronExpressionSchedule),
});
