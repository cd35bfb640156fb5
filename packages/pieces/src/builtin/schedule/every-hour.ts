import { createTrigger } from '../../framework/create-piece';
import { optionalBoolean } from '../common/read-props';
import { runOnWeekendsProp, setValidSchedule } from './schedule-common';

const cronOf = (props: Record<string, unknown>) =>
  optionalBoolean(props, 'run_on_weekends') ? '0 * * * *' : '0 * * * 1-5';

/** `every_hour`: on the hour in UTC, Monday to Friday unless `run_on_weekends`. */
export const everyHour = createTrigger({
  name: 'every_hour',
  displayName: 'Every Hour',
  description: 'Triggers the current flow every hour',
  type: 'POLLING',
  sampleData: {},
  props: { run_on_weekends: runOnWeekendsProp },
  async onEnable(ctx) {
    setValidSchedule(ctx, cronOf(ctx.propsValue), 'UTC');
  },
  async onDisable() {},
  async run(ctx) {
    return [{ cron_expression: cronOf(ctx.propsValue), timezone: 'UTC' }];
  },
});
