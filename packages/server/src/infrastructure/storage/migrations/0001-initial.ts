/**
 * The first schema: platforms, users, projects, members, API keys, folders, flows, flow versions,
 * app connections, stored files (sample data, later run logs) and audit events.
 *
 * Only portable types are used (see `../database.ts`): `text` for ids, timestamps and JSON,
 * `integer` for counts and 0/1 booleans, `real` for fractional numbers. No SQLite-only features
 * (no `autoincrement`, no `without rowid`, no JSON functions), so this migration also runs on
 * PostgreSQL. Cursor pages order by `(created, id)`, hence the composite indexes.
 */
import type { Kysely, Migration } from 'kysely';

/** Creates every table of the first schema, with its keys and indexes. */
async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('passwordHash', 'text', (c) => c.notNull())
    .addColumn('firstName', 'text', (c) => c.notNull())
    .addColumn('lastName', 'text', (c) => c.notNull())
    .addColumn('platformRole', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_platform_email_unique', ['platformId', 'email'])
    .execute();
  await db.schema.createIndex('user_email_idx').on('user').column('email').execute();
  await db.schema
    .createIndex('user_platform_created_idx')
    .on('user')
    .columns(['platformId', 'created', 'id'])
    .execute();

  await db.schema
    .createTable('project')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('ownerId', 'text', (c) => c.notNull().references('user.id'))
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('iconColor', 'text')
    .addColumn('releasesEnabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('maxConcurrentJobs', 'integer')
    .addColumn('externalId', 'text')
    .addColumn('metadata', 'text')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_platform_created_idx')
    .on('project')
    .columns(['platformId', 'created', 'id'])
    .execute();
  await db.schema.createIndex('project_owner_idx').on('project').column('ownerId').execute();

  await db.schema
    .createTable('projectMember')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('projectRole', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addUniqueConstraint('project_member_project_user_unique', ['projectId', 'userId'])
    .execute();
  await db.schema.createIndex('project_member_user_idx').on('projectMember').column('userId').execute();

  await db.schema
    .createTable('apiKey')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('hashedValue', 'text', (c) => c.notNull().unique())
    .addColumn('truncatedValue', 'text', (c) => c.notNull())
    .addColumn('lastUsedAt', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_key_platform_idx').on('apiKey').column('platformId').execute();

  await db.schema
    .createTable('folder')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('displayOrder', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addUniqueConstraint('folder_project_name_unique', ['projectId', 'displayName'])
    .execute();

  await db.schema
    .createTable('flow')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('folderId', 'text', (c) => c.references('folder.id').onDelete('set null'))
    .addColumn('externalId', 'text')
    .addColumn('ownerId', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('operationStatus', 'text', (c) => c.notNull())
    // No foreign key: flow and flowVersion reference each other; the data layer keeps this valid.
    .addColumn('publishedVersionId', 'text')
    .addColumn('metadata', 'text')
    .addColumn('timeSavedPerRun', 'real')
    .addColumn('templateId', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_project_created_idx')
    .on('flow')
    .columns(['projectId', 'created', 'id'])
    .execute();
  await db.schema.createIndex('flow_folder_idx').on('flow').column('folderId').execute();
  await db.schema
    .createIndex('flow_project_external_idx')
    .on('flow')
    .columns(['projectId', 'externalId'])
    .execute();

  await db.schema
    .createTable('flowVersion')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flowId', 'text', (c) => c.notNull().references('flow.id').onDelete('cascade'))
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('schemaVersion', 'text')
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updatedBy', 'text')
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('connectionIds', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('flow_version_flow_created_idx')
    .on('flowVersion')
    .columns(['flowId', 'created', 'id'])
    .execute();

  await db.schema
    .createTable('appConnection')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('externalId', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('pieceName', 'text', (c) => c.notNull())
    .addColumn('pieceVersion', 'text')
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('ownerId', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('metadata', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addUniqueConstraint('app_connection_project_external_unique', ['projectId', 'externalId'])
    .execute();
  await db.schema
    .createIndex('app_connection_project_created_idx')
    .on('appConnection')
    .columns(['projectId', 'created', 'id'])
    .execute();

  await db.schema
    .createTable('file')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_project_idx').on('file').column('projectId').execute();

  await db.schema
    .createTable('auditEvent')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('projectId', 'text')
    .addColumn('projectDisplayName', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('userId', 'text')
    .addColumn('userEmail', 'text')
    .addColumn('ip', 'text')
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('audit_event_platform_created_idx')
    .on('auditEvent')
    .columns(['platformId', 'created', 'id'])
    .execute();
}

/** The first schema. */
export const initial: Migration = { up };
