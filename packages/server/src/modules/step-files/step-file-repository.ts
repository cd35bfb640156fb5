/**
 * The queries of the step-files module (writing a step file goes through `insertFlowFile` of the
 * storage layer). Each takes the Kysely instance to run on.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';

/** The stored text of file `fileId` of type `type` in project `projectId`, or undefined when it is gone. */
export async function findFileData(
  db: Kysely<Database>,
  fileId: string,
  projectId: string,
  type: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('file')
    .select('data')
    .where('id', '=', fileId)
    .where('projectId', '=', projectId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.data;
}
