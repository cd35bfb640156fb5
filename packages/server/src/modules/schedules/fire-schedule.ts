/**
 * One firing of a due schedule, safe against a crash at any point: neither skipped nor doubled.
 *
 * The run is created by `ctx.runs.createRun`, which has its own transaction, so a firing is three
 * steps keyed by the scheduled instant: (1) in a write transaction, re-read the schedule (still
 * due? flow still ENABLED?) and look for a run of this flow with `triggeredBy` =
 * `SCHEDULE:<instant>`; (2) create the run with that `triggeredBy`; (3) in a write transaction,
 * advance nextRunAt. A crash before (2) leaves the schedule due: it fires at the next start. A
 * crash between (2) and (3) leaves it due too, but step (1) then finds its run and only advances.
 *
 * nextRunAt advances to the first instant after now, not after the instant that fired: a schedule
 * due several times while the server was down runs once, not once per missed instant.
 */
import type { SchedulePlan } from '@piecework/pieces';
import type { Trigger } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { NewRun } from '../../execution/run-runtime';
import type { ServerContext } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { nextRunAfter, schedulePlanOf } from './schedule-plan';
import {
  advanceSchedule,
  deleteSchedule,
  findRunTriggeredBy,
  findSchedule,
  findScheduledFlow,
  type ScheduleRow,
} from './schedule-repository';

/** What a firing did. */
export type FireOutcome =
  | { kind: 'NOT_DUE' }
  /** The flow is no longer ENABLED with a schedule trigger: its schedule row was removed. */
  | { kind: 'DROPPED' }
  /** A previous process created the run of this instant but stopped before advancing. */
  | { kind: 'ALREADY_RAN'; scheduledAt: string }
  | { kind: 'RAN'; scheduledAt: string; runId: string };

/** The `triggeredBy` of the run of flow schedule instant `scheduledAt` (its idempotency key). */
export function scheduleTriggeredBy(scheduledAt: string): string {
  return `SCHEDULE:${scheduledAt}`;
}

/** What firing a schedule uses from the server context: its store, clock and run machinery. */
export type FireScheduleDependencies = Pick<ServerContext, 'store' | 'now' | 'runs'>;

/** Fires the schedule of flow `flowId` if it is due (see the module comment). */
export async function fireSchedule(ctx: FireScheduleDependencies, flowId: string): Promise<FireOutcome> {
  const prepared = await ctx.store.write((trx) => prepareFiring(trx, flowId, ctx.now()));
  if (prepared.kind !== 'DUE') return prepared;
  const created = await ctx.runs.createRun(prepared.run);
  await ctx.store.write((trx) => advance(trx, prepared.schedule, ctx.now()));
  return { kind: 'RAN', scheduledAt: prepared.schedule.nextRunAt, runId: created.run.id };
}

type Prepared = Exclude<FireOutcome, { kind: 'RAN' }> | { kind: 'DUE'; schedule: ScheduleRow; run: NewRun };

/** Step (1): is the schedule still due, is its flow still enabled, was its run created already? */
async function prepareFiring(trx: Kysely<Database>, flowId: string, now: string): Promise<Prepared> {
  const schedule = await findSchedule(trx, flowId);
  if (schedule === undefined || schedule.nextRunAt > now) return { kind: 'NOT_DUE' };
  const triggeredBy = scheduleTriggeredBy(schedule.nextRunAt);
  const existing = await findRunTriggeredBy(trx, flowId, triggeredBy);
  if (existing !== undefined) {
    await advance(trx, schedule, now);
    return { kind: 'ALREADY_RAN', scheduledAt: schedule.nextRunAt };
  }
  const flow = await findScheduledFlow(trx, flowId);
  const versionRow =
    flow?.status === 'ENABLED' && flow.publishedVersionId !== null
      ? await findVersionOfFlow(trx, flowId, flow.publishedVersionId)
      : undefined;
  const version = versionRow === undefined ? undefined : flowVersionFromRow(versionRow);
  const plan = version === undefined ? null : planOrNull(version.trigger);
  if (flow === undefined || version === undefined || plan === null) {
    await deleteSchedule(trx, flowId);
    return { kind: 'DROPPED' };
  }
  return {
    kind: 'DUE',
    schedule,
    run: {
      projectId: schedule.projectId,
      platformId: flow.platformId,
      flowId,
      flowVersionId: version.id,
      flowDisplayName: version.displayName,
      environment: 'PRODUCTION',
      triggerPayload: plan.payload,
      triggeredBy,
    },
  };
}

/** Step (3): the schedule's next instant after `now`, if it still is at the instant that fired. */
async function advance(trx: Kysely<Database>, schedule: ScheduleRow, now: string): Promise<void> {
  await advanceSchedule(trx, schedule.flowId, schedule.nextRunAt, nextRunAfter(schedule, now), now);
}

/** The plan of a published trigger; an input that became invalid counts as no schedule. */
function planOrNull(trigger: Trigger): SchedulePlan | null {
  try {
    return schedulePlanOf(trigger);
  } catch {
    return null;
  }
}
