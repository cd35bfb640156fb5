/** The payload of a test run: the trigger's stored sample output (SAVE_SAMPLE_DATA, webhook `/test`). */
import type { Trigger } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database';
import { fromJson } from '../../storage/json-column';
import { SAMPLE_DATA_FILE_TYPE } from '../flows/sample-data-files';

/** The trigger's sample output of project `projectId`, or `{}` when it has none. */
export async function readTriggerSampleData(
  db: Kysely<Database>,
  projectId: string,
  trigger: Trigger,
): Promise<unknown> {
  const fileId = (trigger.settings as { sampleData?: { sampleDataFileId?: unknown } }).sampleData
    ?.sampleDataFileId;
  if (typeof fileId !== 'string') return {};
  const file = await db
    .selectFrom('file')
    .select('data')
    .where('id', '=', fileId)
    .where('projectId', '=', projectId)
    .where('type', '=', SAMPLE_DATA_FILE_TYPE.OUTPUT)
    .executeTakeFirst();
  return file === undefined ? {} : (fromJson<unknown>(file.data) ?? {});
}
