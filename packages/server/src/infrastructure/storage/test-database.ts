import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database } from './database';

/** A fresh temporary directory for database files, and a function that removes it. */
export function tempDatabaseDir(): { file: (name?: string) => string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'piecework-storage-'));
  return {
    file: (name = 'piecework.db') => join(dir, name),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const at = '2026-01-01T00:00:00.000Z';

/** Inserts a platform row with the given id. */
export async function insertPlatform(db: Kysely<Database>, id: string): Promise<void> {
  await db.insertInto('platform').values({ id, name: id, credits: null, created: at, updated: at }).execute();
}

/** Inserts a platform, its owner and a project, all named after `projectId`. */
export async function insertProject(db: Kysely<Database>, projectId: string): Promise<void> {
  const platformId = `${projectId}-platform`;
  const ownerId = `${projectId}-owner`;
  await insertPlatform(db, platformId);
  await db
    .insertInto('user')
    .values({
      id: ownerId,
      platformId,
      email: `${ownerId}@example.com`,
      passwordHash: 'x',
      firstName: 'A',
      lastName: 'B',
      platformRole: 'ADMIN',
      status: 'ACTIVE',
      created: at,
      updated: at,
    })
    .execute();
  await db
    .insertInto('project')
    .values({
      id: projectId,
      platformId,
      ownerId,
      displayName: projectId,
      type: 'PERSONAL',
      iconColor: null,
      maxConcurrentJobs: null,
      externalId: null,
      metadata: null,
      plan: '{}',
      created: at,
      updated: at,
    })
    .execute();
}

/** An app connection row in `projectId` with the given external id. */
export function appConnection(
  id: string,
  projectId: string,
  externalId: string,
): Insertable<Database['appConnection']> {
  return {
    id,
    projectId,
    externalId,
    value: 'encrypted',
    type: 'SECRET_TEXT',
    pieceName: '@piecework/piece-http',
    pieceVersion: null,
    displayName: externalId,
    status: 'ACTIVE',
    scope: 'PROJECT',
    ownerId: null,
    metadata: null,
    created: at,
    updated: at,
  };
}

/** Inserts an ENABLED flow `flowId` (default `flow-<projectId>`) of `projectId`, with no version. */
export async function insertFlow(
  db: Kysely<Database>,
  projectId: string,
  flowId = `flow-${projectId}`,
  created = at,
): Promise<void> {
  await db
    .insertInto('flow')
    .values({
      id: flowId,
      projectId,
      folderId: null,
      externalId: null,
      ownerId: null,
      status: 'ENABLED',
      operationStatus: 'NONE',
      publishedVersionId: null,
      metadata: null,
      timeSavedPerRun: null,
      templateId: null,
      created,
      updated: created,
    })
    .execute();
}

/** The columns a test names of a flow run row; the others are empty (null) in {@link flowRunRow}. */
export type FlowRunRowValues = Pick<
  Selectable<Database['flowRun']>,
  'id' | 'projectId' | 'platformId' | 'flowId' | 'flowVersionId' | 'status' | 'created'
> &
  Partial<Selectable<Database['flowRun']>>;

/**
 * A whole flow run row for tests that write runs straight into the table: `values` over a
 * PRODUCTION run named 'f' with every optional column empty (no payload, steps, pause or times).
 */
export function flowRunRow(values: FlowRunRowValues): Selectable<Database['flowRun']> {
  return {
    flowDisplayName: 'f',
    environment: 'PRODUCTION',
    triggeredBy: null,
    parentRunId: null,
    failParentOnFailure: 0,
    tags: null,
    stepNameToTest: null,
    triggerPayload: null,
    failedStep: null,
    pause: null,
    response: null,
    stepsCount: 0,
    logsFileId: null,
    internalError: null,
    startTime: null,
    finishTime: null,
    archivedAt: null,
    stuckReportedAt: null,
    endReason: null,
    searchIndexedAt: null,
    updated: values.created,
    ...values,
  };
}
