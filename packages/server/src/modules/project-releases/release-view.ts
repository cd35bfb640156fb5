/** The API forms of a `projectRelease` row, with the user who made it. */
import type { ProjectRelease, ProjectReleaseWithState, ProjectState } from '@piecework/shared';
import type { Selectable } from 'kysely';
import type { ProjectReleaseTable } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';

/** A release row with its importing user's name and email (null for an API key or a deleted user). */
export type ReleaseRow = Selectable<ProjectReleaseTable> & {
  userEmail: string | null;
  userFirstName: string | null;
  userLastName: string | null;
};

/** The API form of a release (without the state it applied). */
export function releaseView(row: ReleaseRow): ProjectRelease {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    name: row.name,
    type: row.type,
    projectId: row.projectId,
    description: row.description,
    sourceProjectId: row.sourceProjectId,
    importedBy: row.importedBy,
    ...(row.importedBy === null || row.userEmail === null
      ? {}
      : {
          importedByUser: {
            id: row.importedBy,
            email: row.userEmail,
            firstName: row.userFirstName ?? '',
            lastName: row.userLastName ?? '',
          },
        }),
  };
}

/** The API form of a release with the state it applied. */
export function releaseWithStateView(row: ReleaseRow): ProjectReleaseWithState {
  return { ...releaseView(row), state: fromJson<ProjectState>(row.state)! };
}
