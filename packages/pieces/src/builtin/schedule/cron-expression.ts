import { createTrigger } from '../../framework/create-piece';
import { Property } from '../../framework/properties';
import { requiredText } from '../common/read-props';
import { setValidSchedule, timezoneProp } from './schedule-common';

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
  async onEnable(ctx) {
    setValidSchedule(
      ctx,
      requiredText(ctx.propsValue, 'cronExpression').trim(),
      requiredText(ctx.propsValue, 'timezone'),
    );
  },
  async onDisable() {},
  async run() {
    return [{}];
  },
});
