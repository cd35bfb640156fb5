/**
 * The trigger sources of enabled flows (besides the schedule piece's `schedule` rows): one row per
 * enabled flow whose trigger's `onEnable` ran, holding its strategy, when it is next polled
 * (POLLING) and next renewed (a WEBHOOK with a CRON `renewConfiguration`); the items polls
 * returned and whose runs are still to be created (`triggerEvent`, an outbox: a crash between a
 * poll and its runs loses and doubles nothing); and the app-event listeners of APP_WEBHOOK
 * triggers. Every row goes with its flow (on delete cascade).
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('triggerSource')
    .addColumn('flowId', 'text', (c) => c.primaryKey().references('flow.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('flowVersionId', 'text', (c) => c.notNull())
    .addColumn('pieceName', 'text', (c) => c.notNull())
    .addColumn('pieceVersion', 'text', (c) => c.notNull())
    .addColumn('triggerName', 'text', (c) => c.notNull())
    .addColumn('strategy', 'text', (c) => c.notNull())
    .addColumn('pollCron', 'text')
    .addColumn('pollTimezone', 'text')
    .addColumn('nextPollAt', 'text')
    .addColumn('renewCron', 'text')
    .addColumn('nextRenewAt', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trigger_source_poll_idx').on('triggerSource').column('nextPollAt').execute();
  await db.schema.createIndex('trigger_source_renew_idx').on('triggerSource').column('nextRenewAt').execute();

  await db.schema
    .createTable('triggerEvent')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flowId', 'text', (c) => c.notNull().references('flow.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('flowVersionId', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('appEventListener')
    .addColumn('flowId', 'text', (c) => c.notNull().references('flow.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull())
    .addColumn('pieceName', 'text', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('identifierValue', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_event_listener_pk', ['flowId', 'event', 'identifierValue'])
    .execute();
  await db.schema
    .createIndex('app_event_listener_lookup_idx')
    .on('appEventListener')
    .columns(['pieceName', 'event', 'identifierValue'])
    .execute();
}

/** Trigger sources, the poll outbox and app-event listeners. */
export const triggerSources: Migration = { up };
