/** Folder rules checked inside a write: names are unique per project, ignoring case. */
import { PieceworkError } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { listFolderNames } from './folder-repository';

/**
 * Refuses (409 CONFLICT) a folder name already used in the project, ignoring case (full Unicode
 * case folding, which SQL `lower()` does not do on SQLite). `exceptId` is the folder being renamed.
 */
export async function assertFolderNameFree(
  trx: Kysely<Database>,
  projectId: string,
  displayName: string,
  exceptId?: string,
): Promise<void> {
  const folders = await listFolderNames(trx, projectId);
  const wanted = foldCase(displayName);
  const clash = folders.find((folder) => folder.id !== exceptId && foldCase(folder.displayName) === wanted);
  if (clash !== undefined) {
    throw new PieceworkError('CONFLICT', {
      message: `A folder named "${clash.displayName}" already exists in this project`,
      displayName,
      folderId: clash.id,
    });
  }
}

function foldCase(name: string): string {
  return name.normalize('NFC').toLowerCase();
}
