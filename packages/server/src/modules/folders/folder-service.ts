/**
 * Folders: create, rename, read, list and delete a project's folders. Names are unique per project
 * ignoring case (409 CONFLICT); deleting a folder keeps its flows, unfiled (the `flow.folderId`
 * foreign key sets null). Every change records a folder.* event.
 */
import { generateId, type Folder, type Page } from '@piecework/shared';
import { recordAuditEvent, type AuditActor } from '../audit-events/record-audit-event';
import { notFound } from '../../infrastructure/errors';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { PageRequest } from '../../infrastructure/storage/seek-page';
import { mapPage } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { assertFolderNameFree } from './folder-name';
import {
  deleteFolderRow,
  findProjectFolder,
  insertFolder,
  listProjectFolders,
  updateFolderName,
} from './folder-repository';
import { folderEventData, folderView } from './folder-view';

/** What the folder routes and service use of the server context. */
export type FolderDependencies = Pick<ServerContext, 'store' | 'now'>;

/** Creates a folder named `displayName` in `project`, refusing a name already used there. */
export async function createFolder(
  deps: FolderDependencies,
  project: ProjectRow,
  actor: AuditActor,
  displayName: string,
): Promise<Folder> {
  const folder = await deps.store.write(async (trx) => {
    await assertFolderNameFree(trx, project.id, displayName);
    const now = deps.now();
    const row = await insertFolder(trx, {
      id: generateId(),
      projectId: project.id,
      displayName,
      displayOrder: 0,
      created: now,
      updated: now,
    });
    await recordAuditEvent(trx, now, actor, {
      action: 'folder.created',
      data: folderEventData(row, project.displayName),
      project,
    });
    return row;
  });
  return folderView(folder);
}

/** Renames folder `id` of `project`; 404 when there is no such folder. */
export async function renameFolder(
  deps: FolderDependencies,
  project: ProjectRow,
  actor: AuditActor,
  id: string,
  displayName: string,
): Promise<Folder> {
  const folder = await deps.store.write(async (trx) => {
    await assertFolderNameFree(trx, project.id, displayName, id);
    const now = deps.now();
    const row = await updateFolderName(trx, id, displayName, now);
    if (row === undefined) {
      throw notFound('folder', id);
    }
    await recordAuditEvent(trx, now, actor, {
      action: 'folder.updated',
      data: folderEventData(row, project.displayName),
      project,
    });
    return row;
  });
  return folderView(folder);
}

/** Folder `id` of `project`; 404 when there is no such folder. */
export async function getFolder(deps: FolderDependencies, project: ProjectRow, id: string): Promise<Folder> {
  const folder = await findProjectFolder(deps.store.db, project.id, id);
  if (folder === undefined) throw notFound('folder', id);
  return folderView(folder);
}

/** One page of `project`'s folders, newest first. */
export async function listFolders(
  deps: FolderDependencies,
  project: ProjectRow,
  page: PageRequest,
): Promise<Page<Folder>> {
  return mapPage(await listProjectFolders(deps.store.db, project.id, page), folderView);
}

/** Deletes folder `id` of `project` (its flows stay, unfiled); 404 when there is no such folder. */
export async function deleteFolder(
  deps: FolderDependencies,
  project: ProjectRow,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await deps.store.write(async (trx) => {
    const row = await deleteFolderRow(trx, id);
    if (row === undefined) {
      throw notFound('folder', id);
    }
    await recordAuditEvent(trx, deps.now(), actor, {
      action: 'folder.deleted',
      data: folderEventData(row, project.displayName),
      project,
    });
  });
}
