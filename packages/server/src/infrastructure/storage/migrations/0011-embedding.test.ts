import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../open-sqlite';
import { insertProject, tempDatabaseDir } from '../test-database';
import { staticMigrationProvider } from './index';

describe('0011-embedding', () => {
  const dirs: ReturnType<typeof tempDatabaseDir>[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it('keeps a repeated user externalId on the oldest user only, then enforces one per platform', async () => {
    const dir = tempDatabaseDir();
    dirs.push(dir);
    const db = openSqliteDatabase({ file: dir.file() });
    const migrator = new Migrator({ db, provider: staticMigrationProvider });
    expect((await migrator.migrateTo('0010-invitations-and-sign-up-policy')).error).toBeUndefined();
    await insertProject(db, 'p1');
    await insertProject(db, 'p2');
    const user = (id: string, platform: string, externalId: string | null, created: string) =>
      sql`insert into "user" ("id", "platformId", "email", "passwordHash", "firstName", "lastName",
        "platformRole", "status", "externalId", "created", "updated")
        values (${id}, ${platform}, ${`${id}@example.com`}, 'x', 'A', 'B', 'MEMBER', 'ACTIVE', ${externalId},
        ${created}, ${created})`.execute(db);
    await user('u-new', 'p1-platform', 'ext-1', '2026-01-02T00:00:00.000Z');
    await user('u-old', 'p1-platform', 'ext-1', '2026-01-01T00:00:00.000Z');
    await user('u-other-platform', 'p2-platform', 'ext-1', '2026-01-03T00:00:00.000Z');
    await user('u-none-1', 'p1-platform', null, '2026-01-01T00:00:00.000Z');
    await user('u-none-2', 'p1-platform', null, '2026-01-01T00:00:00.000Z');

    expect((await migrator.migrateTo('0011-embedding')).error).toBeUndefined();

    const users = await db
      .selectFrom('user')
      .select(['id', 'externalId'])
      .where('id', 'like', 'u-%')
      .orderBy('id')
      .execute();
    expect(users).toEqual([
      { id: 'u-new', externalId: null },
      { id: 'u-none-1', externalId: null },
      { id: 'u-none-2', externalId: null },
      { id: 'u-old', externalId: 'ext-1' },
      { id: 'u-other-platform', externalId: 'ext-1' },
    ]);
    await expect(user('u-clash', 'p1-platform', 'ext-1', '2026-01-04T00:00:00.000Z')).rejects.toThrow(
      /UNIQUE/,
    );
    const platform = await db.selectFrom('platform').select('allowedEmbedOrigins').executeTakeFirstOrThrow();
    expect(platform.allowedEmbedOrigins).toBe('[]');
    await db.destroy();
  });
});
