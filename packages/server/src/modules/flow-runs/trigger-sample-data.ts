/** The payload of a test run: the trigger's stored sample output (SAVE_SAMPLE_DATA, webhook `/test`). */
import type { Trigger } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { readStepSampleData } from '../flow-definitions/sample-data-files';

/** The trigger's sample output of project `projectId`, or `{}` when it has none. */
export async function readTriggerSampleData(
  db: Kysely<Database>,
  projectId: string,
  trigger: Trigger,
): Promise<unknown> {
  return (await readStepSampleData(db, projectId, trigger, 'OUTPUT')) ?? {};
}
