/**
 * Embedding: the `signingKey` table (a platform's RSA public keys, PEM, that verify the JWTs of
 * managed authentication; the private halves are never stored), the platform's
 * `allowedEmbedOrigins` (a JSON array, default none), and unique indexes on `project` and `user`
 * by `(platformId, externalId)` so that managed authentication upserts one row per external id.
 * Rows whose externalId repeats one of an older row of the same platform (possible before: a
 * user's externalId could be set to any value) lose it first, the oldest row keeping it; NULLs
 * never clash (both engines treat them as distinct in a unique index).
 */
import { sql, type Kysely, type Migration } from 'kysely';

async function clearRepeatedExternalIds(db: Kysely<unknown>, table: 'project' | 'user'): Promise<void> {
  await sql`
    update ${sql.table(table)} set "externalId" = null
    where "externalId" is not null and exists (
      select 1 from ${sql.table(table)} older
      where older."platformId" = ${sql.table(table)}."platformId"
        and older."externalId" = ${sql.table(table)}."externalId"
        and (older."created" < ${sql.table(table)}."created"
          or (older."created" = ${sql.table(table)}."created" and older."id" < ${sql.table(table)}."id"))
    )`.execute(db);
}

async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signingKey')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('platformId', 'text', (c) => c.notNull().references('platform.id').onDelete('cascade'))
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('publicKey', 'text', (c) => c.notNull())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('created', 'text', (c) => c.notNull())
    .addColumn('updated', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('signing_key_platform_created_idx')
    .on('signingKey')
    .columns(['platformId', 'created', 'id'])
    .execute();

  await db.schema
    .alterTable('platform')
    .addColumn('allowedEmbedOrigins', 'text', (c) => c.notNull().defaultTo(sql`'[]'`))
    .execute();

  await clearRepeatedExternalIds(db, 'project');
  await db.schema
    .createIndex('project_platform_external_unique')
    .on('project')
    .columns(['platformId', 'externalId'])
    .unique()
    .execute();
  await clearRepeatedExternalIds(db, 'user');
  await db.schema
    .createIndex('user_platform_external_unique')
    .on('user')
    .columns(['platformId', 'externalId'])
    .unique()
    .execute();
}

/** The signing keys, the platforms' allowed embed origins, and one project and user per external id. */
export const embedding: Migration = { up };
