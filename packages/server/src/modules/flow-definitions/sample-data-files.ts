/**
 * Steps' sample data, stored as JSON documents in the `file` table (type SAMPLE_DATA for outputs,
 * SAMPLE_DATA_INPUT for inputs) and pointed to by `settings.sampleData` of the step. Files nobody
 * points to any more are deleted with the change that dropped the last pointer.
 */
import {
  generateId,
  getAllSteps,
  PieceworkError,
  type SampleDataType,
  type Step,
  type Trigger,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';

const MB = 1024 * 1024;

/** The `file.type` of each kind of sample data. */
export const SAMPLE_DATA_FILE_TYPE: Readonly<Record<SampleDataType, string>> = {
  OUTPUT: 'SAMPLE_DATA',
  INPUT: 'SAMPLE_DATA_INPUT',
};

/** What {@link storeSampleDataFile} stores. */
export interface SampleDataFile {
  projectId: string;
  type: SampleDataType;
  payload: unknown;
  now: string;
  /** AP_MAX_FILE_SIZE_MB. */
  maxFileSizeMb: number;
}

/**
 * Stores a payload as a sample-data file and answers its id. A payload over AP_MAX_FILE_SIZE_MB
 * (counted as UTF-8 JSON bytes) is refused with PAYLOAD_TOO_LARGE (413); nothing is written.
 */
export async function storeSampleDataFile(trx: Kysely<Database>, file: SampleDataFile): Promise<string> {
  const data = toJson(file.payload ?? null);
  const size = Buffer.byteLength(data, 'utf8');
  if (size > file.maxFileSizeMb * MB) {
    throw new PieceworkError('PAYLOAD_TOO_LARGE', {
      message: `The sample data is ${String(size)} bytes; the limit is AP_MAX_FILE_SIZE_MB=${String(file.maxFileSizeMb)}`,
      size,
      limitMb: file.maxFileSizeMb,
    });
  }
  const id = generateId();
  await trx
    .insertInto('file')
    .values({
      id,
      projectId: file.projectId,
      type: SAMPLE_DATA_FILE_TYPE[file.type],
      data,
      size,
      created: file.now,
      updated: file.now,
    })
    .execute();
  return id;
}

/** The id of the file a step (or trigger) points to for its sample data of `type`, if any. */
export function sampleDataFileIdOf(step: Trigger | Step, type: SampleDataType): string | undefined {
  const sampleData = (step.settings as { sampleData?: Record<string, unknown> }).sampleData;
  const id = sampleData?.[type === 'OUTPUT' ? 'sampleDataFileId' : 'sampleDataInputFileId'];
  return typeof id === 'string' ? id : undefined;
}

/**
 * The sample data of `type` that `step` points to, as stored (any JSON value), read from project
 * `projectId`'s files; `{}` when the step has none or its file is gone, as Activepieces answers.
 */
export async function readStepSampleData(
  db: Kysely<Database>,
  projectId: string,
  step: Trigger | Step,
  type: SampleDataType,
): Promise<unknown> {
  const fileId = sampleDataFileIdOf(step, type);
  if (fileId === undefined) return {};
  const file = await db
    .selectFrom('file')
    .select('data')
    .where('id', '=', fileId)
    .where('projectId', '=', projectId)
    .where('type', '=', SAMPLE_DATA_FILE_TYPE[type])
    .executeTakeFirst();
  return file === undefined ? {} : fromJson<unknown>(file.data);
}

/** Every sample-data file id the trigger and steps of a version point to. */
export function sampleDataFileIds(trigger: Trigger): Set<string> {
  const ids = new Set<string>();
  for (const step of getAllSteps(trigger)) {
    for (const type of ['OUTPUT', 'INPUT'] as const) {
      const id = sampleDataFileIdOf(step, type);
      if (id !== undefined) ids.add(id);
    }
  }
  return ids;
}

/**
 * Deletes the sample-data files among `fileIds` (of project `projectId`) that no version of flow
 * `flowId` points to any more. Call it after saving a version whose pointers changed.
 */
export async function deleteUnreferencedSampleData(
  trx: Kysely<Database>,
  projectId: string,
  flowId: string,
  fileIds: Iterable<string>,
): Promise<void> {
  for (const fileId of fileIds) {
    // A LIKE over the trigger text finds every pointer; a wildcard in an odd id only makes it
    // match more, which keeps the file (never deletes one still in use).
    const stillUsed = await trx
      .selectFrom('flowVersion')
      .select('id')
      .where('flowId', '=', flowId)
      .where('trigger', 'like', `%"${fileId}"%`)
      .executeTakeFirst();
    if (stillUsed === undefined) await deleteSampleDataFiles(trx, projectId, [fileId]);
  }
}

/** Deletes these sample-data files of project `projectId` (used when their flow is deleted). */
export async function deleteSampleDataFiles(
  trx: Kysely<Database>,
  projectId: string,
  fileIds: readonly string[],
): Promise<void> {
  if (fileIds.length === 0) return;
  await trx
    .deleteFrom('file')
    .where('projectId', '=', projectId)
    .where('id', 'in', fileIds)
    .where('type', 'in', Object.values(SAMPLE_DATA_FILE_TYPE))
    .execute();
}
