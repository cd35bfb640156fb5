/**
 * The schedule of a flow's schedule trigger, read without running the trigger: what its
 * `onEnable` would set (cron expression and time zone) and the payload its `run` would give each
 * run. The server uses it to keep the schedule of an enabled flow.
 */
import type { BuiltinTriggerDefinition } from '../../framework/create-piece';
import { assertTimeZone } from '../common/time-zones';
import { cronExpression, cronExpressionSchedule } from './cron-expression';
import { everyDay, everyDaySchedule } from './every-day';
import { everyHour, everyHourSchedule } from './every-hour';
import { everyMonth, everyMonthSchedule } from './every-month';
import { everyWeek, everyWeekSchedule } from './every-week';
import { everyXMinutes, everyXMinutesSchedule } from './every-x-minutes';
import { assertCronExpression, type ScheduleOf, type SchedulePlan } from './schedule-common';

/** The npm name of the schedule piece. */
export const SCHEDULE_PIECE_NAME = '@activepieces/piece-schedule';

const SCHEDULE_TRIGGERS: ReadonlyMap<string, { trigger: BuiltinTriggerDefinition; scheduleOf: ScheduleOf }> =
  new Map(
    (
      [
        [everyXMinutes, everyXMinutesSchedule],
        [everyHour, everyHourSchedule],
        [everyDay, everyDaySchedule],
        [everyWeek, everyWeekSchedule],
        [everyMonth, everyMonthSchedule],
        [cronExpression, cronExpressionSchedule],
      ] as const
    ).map(([trigger, scheduleOf]) => [trigger.name, { trigger, scheduleOf }]),
  );

/**
 * The schedule that trigger `triggerName` of the schedule piece sets for `input` (missing inputs
 * take their defaults, as in `onEnable`), or null when the piece has no such trigger. Throws an
 * Error naming the input when it is not valid (the same message `onEnable` fails with).
 *
 * @example
 * ```ts
 * scheduleOfTrigger('every_x_minutes', { minutes: 5 });
 * // { cronExpression: '*\/5 * * * *', timezone: 'UTC', payload: { cron_expression: '*\/5 * * * *', timezone: 'UTC' } }
 * ```
 */
export function scheduleOfTrigger(triggerName: string, input: Record<string, unknown>): SchedulePlan | null {
  const found = SCHEDULE_TRIGGERS.get(triggerName);
  if (found === undefined) return null;
  const props = { ...defaultsOf(found.trigger), ...definedEntries(input) };
  const schedule = found.scheduleOf(props);
  return {
    ...schedule,
    cronExpression: assertCronExpression(schedule.cronExpression),
    timezone: assertTimeZone(schedule.timezone),
  };
}

function defaultsOf(trigger: BuiltinTriggerDefinition): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(trigger.props)
      .filter(([, prop]) => prop.defaultValue !== undefined)
      .map(([name, prop]) => [name, prop.defaultValue]),
  );
}

function definedEntries(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
