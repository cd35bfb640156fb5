/**
 * Invitations and the sign-up policy: the `userInvitation` table (an email invited to a platform
 * with a platform role, or to a project with a project role; one row per platform, email and
 * project, so inviting again updates it) and the platform's sign-in rules on `platform`
 * (`emailAuthEnabled`, `allowedAuthDomains` as a JSON array, `enforceAllowedAuthDomains`,
 * `googleAuthEnabled`), defaulting to what platforms had before: email and Google on, no domain rules.
 */
import { sql, type Kysely, type Migration } from 'kysely';

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('platform')
    .addColumn('emailAuthEnabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('platform')
    .addColumn('allowedAuthDomains', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .execute();
  await db.schema
    .alterTable('platform')
    .addColumn('enforceAllowedAuthDomains', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('platform')
    .addColumn('googleAuthEnabled', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('userInvitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('platformRole', 'text')
    .addColumn('projectId', 'text', (c) => c.references('project.id').onDelete('cascade'))
    .addColumn('projectRoleId', 'text', (c) => c.references('projectRole.id').onDelete('cascade'))
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_invitation_platform_email_idx')
    .on('userInvitation')
    .columns(['platformId', 'email'])
    .execute();
  await db.schema
    .createIndex('user_invitation_platform_created_idx')
    .on('userInvitation')
    .columns(['platformId', 'created', 'id'])
    .execute();
}

/** The invitations table and the platforms' sign-in rules. */
export const invitationsAndSignUpPolicy: Migration = { up };
