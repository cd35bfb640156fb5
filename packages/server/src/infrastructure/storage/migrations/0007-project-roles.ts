/**
 * Project roles: the `projectRole` table (the three fixed default roles, `platformId` null, seeded
 * here; and each platform's CUSTOM roles, name unique per platform), and `projectMember` pointing
 * at a role by id (`projectRoleId`) instead of naming it (`projectRole`). Existing members keep
 * their role: names are matched case-insensitively to the default roles; a name that matches none
 * (never written by this server) becomes Viewer, the least privilege. Also gives `user` its
 * nullable `externalId` (Activepieces' id of the user in the embedding product), which
 * `GET /v1/users?externalId=` filters on.
 *
 * `projectMember` is rebuilt (new table, copy, drop, rename) rather than altered: SQLite cannot
 * add a NOT NULL column without a default nor drop one in place portably, and the rebuild reads
 * the same on PostgreSQL. Nothing references `projectMember`, so the drop touches no other row.
 */
import { sql, type Kysely, type Migration } from 'kysely';

/** The default roles and their permissions as of this migration (never changed afterwards here). */
const PERMISSIONS = [
  'READ_APP_CONNECTION',
  'WRITE_APP_CONNECTION',
  'READ_FLOW',
  'WRITE_FLOW',
  'UPDATE_FLOW_STATUS',
  'READ_RUN',
  'WRITE_RUN',
  'READ_INVITATION',
  'WRITE_INVITATION',
  'READ_PROJECT_MEMBER',
  'WRITE_PROJECT_MEMBER',
  'READ_PROJECT_RELEASE',
  'WRITE_PROJECT_RELEASE',
  'READ_FOLDER',
  'WRITE_FOLDER',
  'READ_ALERT',
  'WRITE_ALERT',
  'READ_MCP',
  'WRITE_MCP',
  'READ_PROJECT',
  'WRITE_PROJECT',
  'READ_TABLE',
  'WRITE_TABLE',
  'READ_KNOWLEDGE_BASE',
  'WRITE_KNOWLEDGE_BASE',
  'READ_CHAT',
  'WRITE_CHAT',
  'PUBLISH_SENSITIVE_FLOW_ACCESS',
];
const EDITOR_EXCLUDED = new Set([
  'WRITE_PROJECT',
  'WRITE_PROJECT_MEMBER',
  'WRITE_PROJECT_RELEASE',
  'WRITE_INVITATION',
]);

/**
 * Fixed ids for the default roles, the same on every installation, so a default role's id can be
 * named in tests, exports and other migrations (21 alphanumeric characters, like every id).
 */
const DEFAULT_ROLES = [
  { id: 'defaultProjectRoleAdm', name: 'Admin', permissions: PERMISSIONS },
  {
    id: 'defaultProjectRoleEdt',
    name: 'Editor',
    permissions: PERMISSIONS.filter((permission) => !EDITOR_EXCLUDED.has(permission)),
  },
  {
    id: 'defaultProjectRoleVwr',
    name: 'Viewer',
    permissions: PERMISSIONS.filter((permission) => permission.startsWith('READ_')),
  },
];

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projectRole')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.references('platform.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('project_role_platform_name_idx')
    .on('projectRole')
    .columns(['platformId', 'name'])
    .unique()
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('projectRole' as never)
    .values(
      DEFAULT_ROLES.map((role) => ({
        id: role.id,
        platformId: null,
        name: role.name,
        permissions: JSON.stringify(role.permissions),
        type: 'DEFAULT',
        created: now,
        updated: now,
      })) as never,
    )
    .execute();

  await db.schema
    .createTable('projectMemberNext')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('projectId', 'text', (c) => c.notNull().references('project.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('projectRoleId', 'text', (c) => c.notNull().references('projectRole.id'))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .addUniqueConstraint('project_member_project_user_key', ['projectId', 'userId'])
    .execute();
  const viewer = DEFAULT_ROLES[2]!.id;
  await sql`
    insert into "projectMemberNext" ("id", "platformId", "projectId", "userId", "projectRoleId", "created", "updated")
    select m."id", m."platformId", m."projectId", m."userId",
      coalesce(
        (select r."id" from "projectRole" r where r."platformId" is null and lower(r."name") = lower(m."projectRole")),
        ${viewer}
      ),
      m."created", m."updated"
    from "projectMember" m
  `.execute(db);
  await db.schema.dropTable('projectMember').execute();
  await db.schema.alterTable('projectMemberNext').renameTo('projectMember').execute();
  await db.schema.createIndex('project_member_user_idx').on('projectMember').column('userId').execute();
  await db.schema
    .createIndex('project_member_role_idx')
    .on('projectMember')
    .column('projectRoleId')
    .execute();

  await db.schema.alterTable('user').addColumn('externalId', 'text').execute();
}

/** The project roles table, members by role id, and users' external id. */
export const projectRoles: Migration = { up };
