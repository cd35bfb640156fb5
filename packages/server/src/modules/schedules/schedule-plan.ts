/**
 * The schedule a flow version's trigger asks for: a PIECE_TRIGGER of the schedule piece gives its
 * cron expression, time zone and run payload (read by the pieces package, as the trigger's
 * `onEnable` and `run` would); any other trigger gives none.
 */
import {
  nextScheduledTime,
  SCHEDULE_PIECE_NAME,
  scheduleOfTrigger,
  type SchedulePlan,
} from '@piecework/pieces';
import type { Trigger } from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';
import { timestampOf } from '../../infrastructure/storage/timestamp';

/**
 * The schedule of `trigger`, or null when it is not a schedule trigger. An invalid schedule input
 * is refused with 409 VALIDATION naming the input (as enabling fails on Activepieces).
 */
export function schedulePlanOf(trigger: Trigger): SchedulePlan | null {
  if (trigger.type !== 'PIECE_TRIGGER' || trigger.settings.pieceName !== SCHEDULE_PIECE_NAME) return null;
  const triggerName = trigger.settings.triggerName ?? '';
  try {
    return scheduleOfTrigger(triggerName, trigger.settings.input);
  } catch (error) {
    throw ruleViolation(`The schedule of trigger ${triggerName} is not valid: ${(error as Error).message}`, {
      triggerName,
    });
  }
}

/** The first instant strictly after `after` (ISO) at which `plan` fires, as ISO, or null if never. */
export function nextRunAfter(
  plan: Pick<SchedulePlan, 'cronExpression' | 'timezone'>,
  after: string,
): string | null {
  const next = nextScheduledTime(plan.cronExpression, plan.timezone, new Date(after));
  return next === null || next === undefined ? null : timestampOf(next);
}
