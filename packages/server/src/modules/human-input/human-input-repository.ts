/**
 * The reads of the forms and chat pages: a flow with its platform's name, a version's
 * `waitForResponse` input, and the conversations of a run's agent steps.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { jsonText } from '../../infrastructure/storage/json-text';

/** A flow as the pages need it: its project, published version and platform's name. */
export interface HumanInputFlowRow {
  id: string;
  projectId: string;
  publishedVersionId: string | null;
  platformName: string;
}

/** Flow `flowId` with its project's platform name, or undefined. */
export function findHumanInputFlow(
  db: Kysely<Database>,
  flowId: string,
): Promise<HumanInputFlowRow | undefined> {
  return db
    .selectFrom('flow')
    .innerJoin('project', 'project.id', 'flow.projectId')
    .innerJoin('platform', 'platform.id', 'project.platformId')
    .select(['flow.id', 'flow.projectId', 'flow.publishedVersionId', 'platform.name as platformName'])
    .where('flow.id', '=', flowId)
    .executeTakeFirst();
}

/** The `waitForResponse` input of version `versionId`'s trigger, as JSON text (null when unset). */
export async function findWaitForResponse(db: Kysely<Database>, versionId: string): Promise<string | null> {
  const row = await db
    .selectFrom('flowVersion')
    .select(jsonText(db, 'trigger', ['settings', 'input', 'waitForResponse']).as('waitForResponse'))
    .where('id', '=', versionId)
    .executeTakeFirst();
  return row?.waitForResponse ?? null;
}

/** The agent runs of flow run `flowRunId`: id and state (JSON text), oldest first. */
export function listAgentRunStates(
  db: Kysely<Database>,
  flowRunId: string,
): Promise<{ id: string; state: string }[]> {
  return db
    .selectFrom('agentRun')
    .select(['id', 'state'])
    .where('flowRunId', '=', flowRunId)
    .orderBy('created')
    .orderBy('id')
    .execute();
}
