/**
 * Templates a platform keeps (`template`): CUSTOM ones (the platform's own, managed by its admins)
 * and SHARED ones (shared by any of its users, `ownerId` names who). Tags, categories, pieces,
 * metadata, flows and table definitions are JSON text. OFFICIAL templates ship with the server
 * as data files and have no rows.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('template')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('ownerId', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('categories', 'text', (c) => c.notNull())
    .addColumn('pieces', 'text', (c) => c.notNull())
    .addColumn('blogUrl', 'text')
    .addColumn('metadata', 'text')
    .addColumn('flows', 'text', (c) => c.notNull())
    .addColumn('tables', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('template_platform_created_idx')
    .on('template')
    .columns(['platformId', 'created', 'id'])
    .execute();
}

/** Templates kept by platforms (CUSTOM and SHARED). */
export const templates: Migration = { up };
