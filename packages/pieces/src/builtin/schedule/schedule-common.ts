import { Cron } from 'croner';
import type { TriggerContext } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';
import { assertTimeZone, timeZoneDropdownOptions } from '../common/time-zones';

/**
 * How croner reads schedules: a 5-field cron expression (a 6-field one with seconds is accepted
 * too). Numeric step prefixes such as Activepieces' default `0/5 * * * *` are allowed
 * (`sloppyRanges`), so flows exported with them enable unchanged.
 */
const CRON_OPTIONS = { paused: true, mode: '5-or-6-parts', sloppyRanges: true } as const;

/** Throws unless `cronExpression` is a valid cron expression (see {@link CRON_OPTIONS}); returns it. */
export function assertCronExpression(cronExpression: string): string {
  try {
    new Cron(cronExpression, CRON_OPTIONS).stop();
  } catch (error) {
    throw new Error(`Invalid cron expression "${cronExpression}": ${(error as Error).message}`);
  }
  return cronExpression;
}

/**
 * The first instant strictly after `after` at which `cronExpression` fires in `timezone`, or null
 * when it never fires again. Throws for an invalid expression or time zone.
 */
export function nextScheduledTime(cronExpression: string, timezone: string, after: Date): Date | null {
  const cron = new Cron(cronExpression, { ...CRON_OPTIONS, timezone });
  try {
    return cron.nextRun(after);
  } finally {
    cron.stop();
  }
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
  options: timeZoneDropdownOptions(),
});

/** `run_on_weekends`: without it, hourly and daily schedules run Monday to Friday only. */
export const runOnWeekendsProp = Property.Checkbox({
  displayName: 'Run on weekends (Sat,Sun)',
  required: true,
  defaultValue: false,
});

/** The days of the week (`day_of_the_week` values 0 = Sunday to 6 = Saturday). */
export const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** What a schedule trigger's input means: when it fires, and the payload each of its runs receives. */
export interface SchedulePlan {
  cronExpression: string;
  timezone: string;
  /** The trigger's output in every run it starts (what its `run` returns). */
  payload: Record<string, unknown>;
}

/** Reads a schedule trigger's input (defaults applied) into its {@link SchedulePlan}; throws on bad input. */
export type ScheduleOf = (props: Record<string, unknown>) => SchedulePlan;

/**
 * `onEnable`, `onDisable` and `run` of a schedule trigger whose props describe the schedule:
 * `onEnable` validates and sets it, `run` reports its payload.
 */
export function scheduledTriggerHooks(scheduleOf: ScheduleOf) {
  return {
    async onEnable(ctx: TriggerContext): Promise<void> {
      const schedule = scheduleOf(ctx.propsValue);
      setValidSchedule(ctx, schedule.cronExpression, schedule.timezone);
    },
    async onDisable(): Promise<void> {},
    async run(ctx: TriggerContext): Promise<unknown[]> {
      return [scheduleOf(ctx.propsValue).payload];
    },
  };
}
