/** A folder row as the API returns it, and as its audit events carry it. */
import type { Selectable } from 'kysely';
import type { AuditEventData, Folder } from '@piecework/shared';
import type { FolderTable } from '../../infrastructure/storage/database';

/** A folder row. */
export type FolderRow = Selectable<FolderTable>;

/** The API's `Folder` of a row. */
export function folderView(row: FolderRow): Folder {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    displayName: row.displayName,
    displayOrder: row.displayOrder,
  };
}

/** The `data` of a folder.created / folder.updated / folder.deleted event. */
export function folderEventData(
  row: FolderRow,
  projectDisplayName: string,
): AuditEventData<'folder.created'> {
  return {
    folder: { id: row.id, displayName: row.displayName, created: row.created, updated: row.updated },
    project: { displayName: projectDisplayName },
  };
}
