import { CompiledQuery, sql } from 'kysely';
import { waitingRunsQuery } from '../../modules/stuck-runs/stuck-run-repository';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from './migrate';
import { openSqliteDatabase } from './open-sqlite';
import { appConnection, insertProject, tempDatabaseDir } from './test-database';

describe('migrateToLatest on a SQLite file', () => {
  const dirs: ReturnType<typeof tempDatabaseDir>[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });
  function freshDatabase() {
    const dir = tempDatabaseDir();
    dirs.push(dir);
    return openSqliteDatabase({ file: dir.file() });
  }

  it('applies every migration once, then nothing on a second run', async () => {
    const db = freshDatabase();
    expect(await migrateToLatest(db)).toEqual([
      '0001-initial',
      '0002-runs',
      '0003-run-storage',
      '0004-validation-issues',
      '0005-oauth2-connections',
      '0006-trigger-sources',
      '0007-project-roles',
      '0008-one-time-codes',
      '0009-rate-limits',
      '0010-invitations-and-sign-up-policy',
      '0011-embedding',
      '0012-mcp',
      '0013-tables',
      '0014-templates',
      '0015-project-releases',
      '0016-license',
      '0017-global-connections',
      '0018-event-destinations',
      '0019-table-webhooks',
      '0020-ai-providers',
      '0021-agent-runs',
      '0022-piece-catalogue',
      '0023-run-search',
      '0024-stuck-run-watchdog',
      '0025-run-retention',
      '0026-impact',
      '0027-git-repos',
      '0028-flow-test-cases',
      '0029-federated-auth-providers',
      '0030-user-sessions',
      '0031-two-factor',
      '0032-saml-assertions',
    ]);
    expect(await migrateToLatest(db)).toEqual([]);
    const tables = await db.introspection.getTables();
    expect(tables.map((table) => table.name).sort()).toMatchInlineSnapshot(`
      [
        "agentRun",
        "aiProvider",
        "aiWebSearchSetting",
        "alert",
        "apiKey",
        "appConnection",
        "appConnectionProject",
        "appEventListener",
        "auditEvent",
        "dataTable",
        "eventDelivery",
        "eventDestination",
        "file",
        "flow",
        "flowRun",
        "flowRunSearch",
        "flowRunSearchTerms",
        "flowRunSearch_config",
        "flowRunSearch_content",
        "flowRunSearch_data",
        "flowRunSearch_docsize",
        "flowRunSearch_idx",
        "flowRunStep",
        "flowTestCase",
        "flowVersion",
        "folder",
        "gitRepo",
        "impactRunDay",
        "impactStepFailureDay",
        "job",
        "mcpOAuthClient",
        "mcpOAuthCode",
        "mcpOAuthGrant",
        "mcpOAuthRefreshToken",
        "mcpServer",
        "oauthApp",
        "oneTimeCode",
        "pieceCatalogueEntry",
        "platform",
        "project",
        "projectMember",
        "projectRelease",
        "projectRole",
        "rateLimit",
        "rememberedDevice",
        "samlAssertion",
        "samlRequest",
        "samlSignInCode",
        "schedule",
        "signingKey",
        "storeEntry",
        "tableCell",
        "tableField",
        "tableRecord",
        "tableWebhook",
        "template",
        "triggerEvent",
        "triggerSource",
        "twoFactorRecoveryCode",
        "user",
        "userInvitation",
        "userSession",
        "userTwoFactor",
        "waitpoint",
      ]
    `);
    await db.destroy();
  });

  it('opens the file in WAL mode with foreign keys on', async () => {
    const db = freshDatabase();
    const pragma = async (name: string) =>
      (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0];
    expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
    expect(await pragma('synchronous')).toEqual({ synchronous: 1 });
    // INCREMENTAL: the retention sweep gives freed pages back to the disk.
    expect(await pragma('auto_vacuum')).toEqual({ auto_vacuum: 2 });
    await db.destroy();
  });

  it('indexes runs by project, flow and age, and by status only in partial indexes', async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    const { rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'index' and tbl_name = 'flowRun' and sql is not null
      order by name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual([
      'flow_run_created_idx',
      'flow_run_flow_idx',
      'flow_run_project_created_idx',
      'flow_run_search_backlog_idx',
      'flow_run_waiting_idx',
    ]);
    // The stuck-run sweep reads waiting runs through the partial index, not the whole table.
    const sweep = waitingRunsQuery(db, {
      status: 'QUEUED',
      before: '2026-01-01T00:00:00.000000Z',
      limit: 10,
    });
    const { sql: text, parameters } = sweep.compile();
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    expect(plan.rows.map((row) => row.detail).join('\n')).toContain('flow_run_waiting_idx');
    await db.destroy();
  });

  it('enforces foreign keys', async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    const insert = db
      .insertInto('folder')
      .values({ id: 'f1', projectId: 'missing', displayName: 'F', created: 'x', updated: 'x' });
    await expect(insert.execute()).rejects.toThrow(/FOREIGN KEY constraint failed/);
    await db.destroy();
  });

  it('keeps app connection external ids unique per project', async () => {
    const db = freshDatabase();
    await migrateToLatest(db);
    await insertProject(db, 'p1');
    await insertProject(db, 'p2');
    await db
      .insertInto('appConnection')
      .values(appConnection('c1', 'p1', 'gmail'))
      .execute();
    await db
      .insertInto('appConnection')
      .values(appConnection('c2', 'p2', 'gmail'))
      .execute();
    const duplicate = db.insertInto('appConnection').values(appConnection('c3', 'p1', 'gmail'));
    await expect(duplicate.execute()).rejects.toThrow(
      /UNIQUE constraint failed: appConnection.projectId, appConnection.externalId/,
    );
    await db.destroy();
  });
});
