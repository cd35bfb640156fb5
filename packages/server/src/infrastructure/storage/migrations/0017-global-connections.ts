/**
 * Global connections: platform-scope rows of `appConnection` (scope PLATFORM), which have no
 * `projectId` but a `platformId`, the projects that may use them in `appConnectionProject`, and
 * `preSelectForNewProjects` (every project created afterwards is added to them). The externalId of
 * a global connection is unique per platform (project rows have a null `platformId`, and NULLs
 * never clash in a unique index).
 *
 * `appConnection` is rebuilt (new table, copy, drop, rename) so that `projectId` may be null:
 * SQLite cannot drop a NOT NULL in place, and the rebuild reads the same on PostgreSQL. Nothing
 * references `appConnection`, so the drop touches no other row.
 */
import { sql, type Kysely, type Migration } from 'kysely';

const KEPT_COLUMNS = [
  'id',
  'projectId',
  'externalId',
  'value',
  'type',
  'pieceName',
  'pieceVersion',
  'displayName',
  'status',
  'scope',
  'ownerId',
  'metadata',
  'refreshLeaseId',
  'refreshLeaseUntil',
  'created',
  'updated',
];

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('appConnectionNext')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('projectId', 'text', (c) => c.references('project.id').onDelete('cascade'))
    .addColumn('platformId', 'text', (c) => c.references('platform.id').onDelete('cascade'))
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
    .addColumn('refreshLeaseId', 'text')
    .addColumn('refreshLeaseUntil', 'text')
    .addColumn('preSelectForNewProjects', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  const columns = sql.join(KEPT_COLUMNS.map((column) => sql.ref(column)));
  await sql`insert into ${sql.table('appConnectionNext')} (${columns}) select ${columns} from ${sql.table('appConnection')}`.execute(
    db,
  );
  await db.schema.dropTable('appConnection').execute();
  await db.schema.alterTable('appConnectionNext').renameTo('appConnection').execute();
  await db.schema
    .createIndex('app_connection_project_external_unique')
    .on('appConnection')
    .columns(['projectId', 'externalId'])
    .unique()
    .execute();
  await db.schema
    .createIndex('app_connection_project_created_idx')
    .on('appConnection')
    .columns(['projectId', 'created', 'id'])
    .execute();
  await db.schema
    .createIndex('app_connection_platform_external_unique')
    .on('appConnection')
    .columns(['platformId', 'externalId'])
    .unique()
    .execute();
  await db.schema
    .createIndex('app_connection_platform_created_idx')
    .on('appConnection')
    .columns(['platformId', 'created', 'id'])
    .execute();

  await db.schema
    .createTable('appConnectionProject')
    .addColumn('connectionId', 'text', (c) => c.notNull().references('appConnection.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('app_connection_project_pk', ['connectionId', 'projectId'])
    .execute();
  await db.schema
    .createIndex('app_connection_project_project_idx')
    .on('appConnectionProject')
    .columns(['projectId', 'connectionId'])
    .execute();
}

/** Platform-scope (global) connections and the projects they are shared with. */
export const globalConnections: Migration = { up };
