/**
 * Project releases (`projectRelease`): one row per release applied to a project, with who made
 * it, where it came from (another project or an exported file) and the project state it applied
 * (JSON, without secrets), kept for history. Listed per project, newest first.
 */
import type { Kysely, Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projectRelease')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('platformId', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('sourceProjectId', 'text')
    .addColumn('importedBy', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_release_project_idx')
    .on('projectRelease')
    .columns(['projectId', 'created', 'id'])
    .execute();
}

/** The `projectRelease` table. */
export const projectReleases: Migration = { up };
