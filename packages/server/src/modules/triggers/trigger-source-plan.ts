/**
 * What enabling a trigger records, computed from its `onEnable` outcome: the strategy; for a
 * POLLING trigger the cron its `onEnable` set (`ctx.setSchedule`), or every
 * AP_TRIGGER_DEFAULT_POLL_INTERVAL minutes, and its first poll; for a WEBHOOK trigger with a CRON
 * `renewConfiguration` its renewal cron and first renewal.
 */
import type { TriggerRunOutcome } from '@piecework/pieces';
import { ruleViolation } from '../../infrastructure/errors';
import type { TriggerSourceRow } from './trigger-source-repository';
import { nextRunAfter } from '../schedules/schedule-plan';
import { triggerLabel, type HookedTrigger } from './trigger-hooks';

/** A trigger source row before it is stamped with its creation and update times. */
export type PlannedTriggerSource = Omit<TriggerSourceRow, 'created' | 'updated'>;

/**
 * The cron of a poll every `minutes` minutes: `*\/m * * * *` under an hour, `0 *\/h * * *` for
 * whole hours under a day, once a day beyond.
 */
export function defaultPollCron(minutes: number): string {
  if (minutes < 60) return `*/${String(minutes)} * * * *`;
  if (minutes % 60 === 0 && minutes < 24 * 60) return `0 */${String(minutes / 60)} * * *`;
  return '0 0 * * *';
}

/**
 * The source of `target` enabled with `outcome` at `now`. A schedule or renewal cron that is not
 * valid refuses the enabling (409 VALIDATION naming the trigger).
 */
export function planTriggerSource(
  target: HookedTrigger,
  outcome: Extract<TriggerRunOutcome, { status: 'SUCCEEDED' }>,
  now: string,
  defaultPollIntervalMinutes: number,
): PlannedTriggerSource {
  const { settings } = target.trigger;
  const strategy = outcome.strategy ?? 'WEBHOOK';
  const polling = strategy === 'POLLING';
  const pollCron = polling
    ? (outcome.schedule?.cronExpression ?? defaultPollCron(defaultPollIntervalMinutes))
    : null;
  const pollTimezone = polling ? (outcome.schedule?.timezone ?? 'UTC') : null;
  const renewCron = strategy === 'WEBHOOK' ? (outcome.renewal?.cronExpression ?? null) : null;
  return {
    flowId: target.flowId,
    projectId: target.projectId,
    flowVersionId: target.flowVersionId,
    pieceName: settings.pieceName,
    pieceVersion: settings.pieceVersion,
    triggerName: settings.triggerName ?? '',
    strategy,
    pollCron,
    pollTimezone,
    nextPollAt: pollCron === null ? null : firstAfter(target, pollCron, pollTimezone ?? 'UTC', now),
    renewCron,
    nextRenewAt: renewCron === null ? null : firstAfter(target, renewCron, 'UTC', now),
  };
}

function firstAfter(
  target: HookedTrigger,
  cronExpression: string,
  timezone: string,
  now: string,
): string | null {
  try {
    return nextRunAfter({ cronExpression, timezone }, now);
  } catch (error) {
    throw ruleViolation(
      `Trigger ${triggerLabel(target.trigger)} asked for the schedule "${cronExpression}" (${timezone}), which is not valid: ${(error as Error).message}`,
      { cronExpression, timezone },
    );
  }
}
