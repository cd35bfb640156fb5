/**
 * Event destinations: a platform's HTTP endpoints for its audit events (`eventDestination`: the
 * URL, the kinds of event it takes as a JSON array, empty for all, whether it is enabled, and its
 * signing secret sealed with the secret box), and the delivery queue and log in one table
 * (`eventDelivery`: one row per attempt to deliver one event to one destination; a `PENDING` row
 * is due at `dueAt`, which a dispatcher moves forward as its lease while it sends).
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('eventDestination')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('displayName', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('sealedSecret', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_destination_platform_idx')
    .on('eventDestination')
    .columns(['platformId', 'created', 'id'])
    .execute();

  await db.schema
    .createTable('eventDelivery')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('destinationId', 'text', (c) =>
      c.notNull().references('eventDestination.id').onDelete('cascade'),
    )
    .addColumn('eventId', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dueAt', 'text', (c) => c.notNull())
    .addColumn('statusCode', 'integer')
    .addColumn('error', 'text')
    .addColumn('durationMs', 'integer')
    .addColumn('nextAttemptAt', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_delivery_due_idx')
    .on('eventDelivery')
    .columns(['status', 'dueAt'])
    .execute();
  await db.schema
    .createIndex('event_delivery_destination_idx')
    .on('eventDelivery')
    .columns(['destinationId', 'created', 'id'])
    .execute();
}

/** Platforms' event destinations and their deliveries (queue and log). */
export const eventDestinations: Migration = { up };
