/**
 * The stuck-run watchdog: the platform's default limits per waiting status (`platform.stuck*Minutes`,
 * an hour QUEUED or RUNNING, 30 days PAUSED), a flow's overrides (`flow.stuck*Minutes`, null keeps
 * the default), when the watchdog alerted about a run (`flowRun.stuckReportedAt`: once per run) and
 * why a person ended a run (`flowRun.endReason`). `flow_run_waiting_idx` on `flowRun (status,
 * updated)` lets a sweep read only the runs that have been in a waiting status since before a
 * cutoff (`updated` changes exactly when a run's status does). It is partial, holding only runs
 * in progress (QUEUED, RUNNING, PAUSED): it stays as small as the work in flight however large
 * the run table grows, and a run leaves it when it ends.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const STATUS_COLUMNS = ['stuckQueuedMinutes', 'stuckRunningMinutes', 'stuckPausedMinutes'] as const;
const PLATFORM_DEFAULTS = [60, 60, 30 * 24 * 60] as const;

async function up(db: Kysely<unknown>): Promise<void> {
  for (const [index, column] of STATUS_COLUMNS.entries()) {
    await db.schema
      .alterTable('platform')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(PLATFORM_DEFAULTS[index]))
      .execute();
    await db.schema.alterTable('flow').addColumn(column, 'integer').execute();
  }
  await db.schema.alterTable('flowRun').addColumn('stuckReportedAt', 'text').execute();
  await db.schema.alterTable('flowRun').addColumn('endReason', 'text').execute();
  await sql`create index flow_run_waiting_idx on "flowRun" ("status", "updated") where "status" in ('QUEUED', 'RUNNING', 'PAUSED')`.execute(
    db,
  );
}

/** Migration 0024: the stuck-run watchdog's limits and marks. */
export const stuckRunWatchdog: Migration = { up };
