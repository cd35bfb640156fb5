/**
 * The queries of the webhook path: compiled statements for the reads every webhook request makes
 * (its target flow and version, its trigger piece, its Catch Webhook credentials), and the reads
 * of parent runs and app event listeners. Each runs on the Kysely instance it is given.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { compiledStatement } from '../../infrastructure/storage/compiled-statement';
import { jsonText } from '../../infrastructure/storage/json-text';
import type { TriggerSourceRow } from '../triggers/trigger-source-repository';

/** The `authFields` input of version `versionId`'s trigger, as JSON text. */
export const selectAuthFields = compiledStatement<{ versionId: string }, { authFields: string | null }>(
  (db, param) =>
    db
      .selectFrom('flowVersion')
      .select(jsonText(db, 'trigger', ['settings', 'input', 'authFields']).as('authFields'))
      .where('id', '=', param('versionId')),
);

/** A flow joined with its project and its published version's name. */
export type TargetRow = ProjectRow & {
  flowStatus: string;
  publishedVersionId: string | null;
  publishedDisplayName: string | null;
};

/** The flow `flowId`, its project and its published version's name, in one read. */
export const selectTarget = compiledStatement<{ flowId: string }, TargetRow>((db, param) =>
  db
    .selectFrom('flow')
    .innerJoin('project', 'project.id', 'flow.projectId')
    .leftJoin('flowVersion', (join) =>
      join
        .onRef('flowVersion.id', '=', 'flow.publishedVersionId')
        .onRef('flowVersion.flowId', '=', 'flow.id'),
    )
    .selectAll('project')
    .select([
      'flow.status as flowStatus',
      'flow.publishedVersionId as publishedVersionId',
      'flowVersion.displayName as publishedDisplayName',
    ])
    .where('flow.id', '=', param('flowId')),
);

/** The latest version's id and name: the draft if there is one, else the newest. */
export const selectLatestVersion = compiledStatement<{ flowId: string }, { id: string; displayName: string }>(
  (db, param) =>
    db
      .selectFrom('flowVersion')
      .select(['id', 'displayName'])
      .where('flowId', '=', param('flowId'))
      .orderBy(sql`case when ${sql.ref('state')} = 'DRAFT' then 0 else 1 end`)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(1),
);

/** The trigger piece fields of version `versionId` (null for a trigger without a piece). */
export const selectTriggerPiece = compiledStatement<
  { versionId: string },
  { pieceName: string | null; pieceVersion: string | null; triggerName: string | null; authType: unknown }
>((db, param) =>
  db
    .selectFrom('flowVersion')
    .select([
      jsonText(db, 'trigger', ['settings', 'pieceName']).as('pieceName'),
      jsonText(db, 'trigger', ['settings', 'pieceVersion']).as('pieceVersion'),
      jsonText(db, 'trigger', ['settings', 'triggerName']).as('triggerName'),
      jsonText(db, 'trigger', ['settings', 'input', 'authType']).as('authType'),
    ])
    .where('id', '=', param('versionId')),
);

/** Run `runId` if it is a run of project `projectId`. */
export function findRunOfProject(db: Kysely<Database>, runId: string, projectId: string) {
  return db
    .selectFrom('flowRun')
    .select('id')
    .where('id', '=', runId)
    .where('projectId', '=', projectId)
    .executeTakeFirst();
}

/** The trigger sources of the enabled flows listening for `event` of `identifierValue`. */
export function appEventListenerSources(
  db: Kysely<Database>,
  pieceName: string,
  event: string,
  identifierValue: string,
): Promise<TriggerSourceRow[]> {
  return db
    .selectFrom('appEventListener')
    .innerJoin('triggerSource', 'triggerSource.flowId', 'appEventListener.flowId')
    .selectAll('triggerSource')
    .where('appEventListener.pieceName', '=', pieceName)
    .where('appEventListener.event', '=', event)
    .where('appEventListener.identifierValue', '=', identifierValue)
    .orderBy('triggerSource.flowId')
    .execute();
}
