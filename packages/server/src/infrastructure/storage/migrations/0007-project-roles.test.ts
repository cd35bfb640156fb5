import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqliteDatabase } from '../open-sqlite';
import { insertProject, tempDatabaseDir } from '../test-database';
import { staticMigrationProvider } from './index';

describe('0007-project-roles', () => {
  const dirs: ReturnType<typeof tempDatabaseDir>[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it('seeds the default roles and keeps every existing member, role by name', async () => {
    const dir = tempDatabaseDir();
    dirs.push(dir);
    const db = openSqliteDatabase({ file: dir.file() });
    const migrator = new Migrator({ db, provider: staticMigrationProvider });
    expect((await migrator.migrateTo('0006-trigger-sources')).error).toBeUndefined();
    await insertProject(db, 'p1');
    const member = (id: string, role: string) =>
      sql`insert into "projectMember" ("id", "platformId", "projectId", "userId", "projectRole", "created", "updated")
          values (${id}, 'p1-platform', 'p1', ${id}, ${role}, 't', 't')`.execute(db);
    for (const id of ['u-admin', 'u-editor', 'u-odd']) {
      await sql`insert into "user" ("id", "platformId", "email", "passwordHash", "firstName", "lastName",
        "platformRole", "status", "created", "updated")
        values (${id}, 'p1-platform', ${`${id}@example.com`}, 'x', 'A', 'B', 'MEMBER', 'ACTIVE', 't', 't')`.execute(
        db,
      );
    }
    await member('u-admin', 'Admin');
    await member('u-editor', 'EDITOR');
    await member('u-odd', 'no such role');

    const applied = await migrator.migrateTo('0007-project-roles');
    expect(applied.error).toBeUndefined();
    expect(applied.results?.map((result) => result.migrationName)).toEqual(['0007-project-roles']);

    const roles = await db
      .selectFrom('projectRole')
      .select(['id', 'name', 'type', 'platformId'])
      .orderBy('name')
      .execute();
    expect(roles).toEqual([
      { id: 'defaultProjectRoleAdm', name: 'Admin', type: 'DEFAULT', platformId: null },
      { id: 'defaultProjectRoleEdt', name: 'Editor', type: 'DEFAULT', platformId: null },
      { id: 'defaultProjectRoleVwr', name: 'Viewer', type: 'DEFAULT', platformId: null },
    ]);
    const members = await db
      .selectFrom('projectMember')
      .select(['userId', 'projectRoleId'])
      .orderBy('userId')
      .execute();
    expect(members).toEqual([
      { userId: 'u-admin', projectRoleId: 'defaultProjectRoleAdm' },
      { userId: 'u-editor', projectRoleId: 'defaultProjectRoleEdt' },
      { userId: 'u-odd', projectRoleId: 'defaultProjectRoleVwr' },
    ]);
    const duplicate = db.insertInto('projectMember').values({
      id: 'm2',
      platformId: 'p1-platform',
      projectId: 'p1',
      userId: 'u-admin',
      projectRoleId: 'defaultProjectRoleVwr',
      created: 't',
      updated: 't',
    });
    await expect(duplicate.execute()).rejects.toThrow(/UNIQUE constraint failed/);
    const unknownRole = db.insertInto('projectMember').values({
      id: 'm3',
      platformId: 'p1-platform',
      projectId: 'p1',
      userId: 'p1-owner',
      projectRoleId: 'missing',
      created: 't',
      updated: 't',
    });
    await expect(unknownRole.execute()).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await db.destroy();
  });
});
