/**
 * Keeps the `schedule` row of a flow in step with its publication, inside the transaction that
 * changes the flow: an ENABLED flow whose published version has a schedule trigger has a row
 * (cron expression, time zone, next due instant); any other flow has none. A deleted flow's row
 * goes with it (foreign key, on delete cascade).
 */
import type { Flow, FlowVersion } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { findVersionOfFlow } from '../flow-definitions/flow-repository';
import { flowVersionFromRow } from '../flow-definitions/flow-rows';
import { nextRunAfter, schedulePlanOf } from './schedule-plan';
import { deleteSchedule, findSchedule, upsertSchedule } from './schedule-repository';

/**
 * Writes (or removes) the schedule of `flow` as saved in `trx` at `now`. `latest` is the flow's
 * latest version as saved (used when it is the published one; otherwise the published version is
 * read in `trx`). An unchanged schedule (same cron expression and time zone) keeps its nextRunAt,
 * so a due run is not skipped; a new or changed one is next due at its first instant after `now`.
 * An invalid schedule input refuses the change (409 VALIDATION).
 */
export async function syncSchedule(
  trx: Kysely<Database>,
  flow: Flow,
  latest: FlowVersion,
  now: string,
): Promise<void> {
  const published = await publishedVersionOf(trx, flow, latest);
  const plan = published === null ? null : schedulePlanOf(published.trigger);
  const existing = await findSchedule(trx, flow.id);
  const unchanged =
    existing !== undefined &&
    plan !== null &&
    existing.cronExpression === plan.cronExpression &&
    existing.timezone === plan.timezone;
  const nextRunAt = plan === null ? null : unchanged ? existing.nextRunAt : nextRunAfter(plan, now);
  if (published === null || plan === null || nextRunAt === null) {
    if (existing !== undefined) await deleteSchedule(trx, flow.id);
    return;
  }
  await upsertSchedule(trx, {
    flowId: flow.id,
    projectId: flow.projectId,
    flowVersionId: published.id,
    cronExpression: plan.cronExpression,
    timezone: plan.timezone,
    nextRunAt,
    created: existing?.created ?? now,
    updated: now,
  });
}

/**
 * {@link syncSchedule} after a flow operation that started from `before`, when the operation
 * changed the flow's status or published version (a published version's content never changes).
 */
export async function syncScheduleAfterChange(
  trx: Kysely<Database>,
  before: Flow,
  saved: { readonly flow: Flow; readonly version: FlowVersion },
  now: string,
): Promise<void> {
  const { flow } = saved;
  if (flow.status === before.status && flow.publishedVersionId === before.publishedVersionId) return;
  await syncSchedule(trx, flow, saved.version, now);
}

/**
 * The published version of an ENABLED flow as saved in `trx` (`latest` when it is that one);
 * null for a disabled or unpublished flow.
 */
export async function publishedVersionOf(
  trx: Kysely<Database>,
  flow: Flow,
  latest: FlowVersion,
): Promise<FlowVersion | null> {
  const publishedVersionId = flow.publishedVersionId ?? null;
  if (flow.status !== 'ENABLED' || publishedVersionId === null) return null;
  if (latest.id === publishedVersionId) return latest;
  const row = await findVersionOfFlow(trx, flow.id, publishedVersionId);
  return row === undefined ? null : flowVersionFromRow(row);
}
