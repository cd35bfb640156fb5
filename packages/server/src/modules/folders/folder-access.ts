/**
 * Finding a folder for a request: scoped to the caller's platform (another platform's folder is
 * "not found"), then checked against the caller's permission on the folder's project.
 */
import { PieceworkError } from '@piecework/shared';
import type { Kysely } from 'kysely';
import { authorizeEntity, type ProjectRow } from '../../auth/project-access';
import type { Permission } from '@piecework/shared';
import type { Principal } from '../../auth/principal';
import type { ServerContext } from '../../server-context';
import type { Database } from '../../storage/database';
import type { FolderRow } from './folder-view';

/** The folder `id` and its project, when `principal` holds `permission` there; else 404 or 403. */
export async function authorizeFolder(
  ctx: ServerContext,
  principal: Principal,
  id: string,
  permission: Permission,
): Promise<{ folder: FolderRow; project: ProjectRow }> {
  const folder = await ctx.store.db
    .selectFrom('folder')
    .innerJoin('project', 'project.id', 'folder.projectId')
    .selectAll('folder')
    .where('folder.id', '=', id)
    .where('project.platformId', '=', principal.platformId)
    .executeTakeFirst();
  const { entity, project } = await authorizeEntity(
    ctx,
    principal,
    { entityType: 'folder', id, entity: folder },
    permission,
  );
  return { folder: entity, project };
}

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
  const folders = await trx
    .selectFrom('folder')
    .select(['id', 'displayName'])
    .where('projectId', '=', projectId)
    .execute();
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
