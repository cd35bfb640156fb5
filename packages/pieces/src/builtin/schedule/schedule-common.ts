import { Cron } from 'croner';
import type { TriggerContext } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';
import { assertTimeZone, TIME_ZONE_OPTIONS } from '../common/time-zones';

/**
 * Throws unless `cronExpression` is a valid 5-field cron expression (a 6-field one with seconds
 * is accepted too). Numeric step prefixes such as the reference's default `0/5 * * * *` are
 * allowed (`sloppyRanges`), so flows exported with them enable unchanged.
 */
export function assertCronExpression(cronExpression: string): string {
  try {
    new Cron(cronExpression, { paused: true, mode: '5-or-6-parts', sloppyRanges: true }).stop();
  } catch (error) {
    throw new Error(`Invalid cron expression "${cronExpression}": ${(error as Error).message}`);
  }
  return cronExpression;
}

/** Validates a schedule and sets it: what every schedule trigger's `onEnable` does. */
export function setValidSchedule(ctx: TriggerContext, cronExpression: string, timezone: string): void {
  ctx.setSchedule({
    cronExpression: assertCronExpression(cronExpression),
    timezone: assertTimeZone(timezone),
  });
}

const HOUR_LABELS = [
  'Midnight',
  ...Array.from({ length: 11 }, (_, h) => `${h + 1} am`),
  'Noon',
  ...Array.from({ length: 11 }, (_, h) => `${h + 1} pm`),
];

/** `hour_of_the_day`: 0 (midnight) to 23. */
export const hourOfTheDayProp = (defaultValue?: number) =>
  Property.StaticDropdown({
    displayName: 'Hour of the day',
    required: true,
    ...(defaultValue === undefined ? {} : { defaultValue }),
    options: { options: HOUR_LABELS.map((label, value) => ({ label, value })) },
  });

/** `timezone`: an IANA zone, `UTC` by default. */
export const timezoneProp = Property.StaticDropdown({
  displayName: 'Timezone',
  required: true,
  defaultValue: 'UTC',
  options: { options: TIME_ZONE_OPTIONS },
});

/** `run_on_weekends`: without it, hourly and daily schedules run Monday to Friday only. */
export const runOnWeekendsProp = Property.Checkbox({
  displayName: 'Run on weekends (Sat,Sun)',
  required: true,
  defaultValue: false,
});

/** The days of the week (`day_of_the_week` values 0 = Sunday to 6 = Saturday). */
export const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * `onEnable`, `onDisable` and `run` of a schedule trigger whose props describe the schedule:
 * `onEnable` validates and sets it, `run` reports it as the run's payload.
 */
export function scheduledTriggerHooks(
  scheduleOf: (props: Record<string, unknown>) => { cron_expression: string; timezone: string },
) {
  return {
    async onEnable(ctx: TriggerContext): Promise<void> {
      const schedule = scheduleOf(ctx.propsValue);
      setValidSchedule(ctx, schedule.cron_expression, schedule.timezone);
    },
    async onDisable(): Promise<void> {},
    async run(ctx: TriggerContext): Promise<unknown[]> {
      return [scheduleOf(ctx.propsValue)];
    },
  };
}
