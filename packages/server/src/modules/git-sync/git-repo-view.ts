/** A `gitRepo` row as the API answers it: never its private key nor its known hosts. */
import type { GitBranchType, GitRepo } from '@piecework/shared';
import type { Selectable } from 'kysely';
import type { GitRepoTable } from '../../infrastructure/storage/database';

/** A git repository row. */
export type GitRepoRow = Selectable<GitRepoTable>;

/** The API's `GitRepo` of a row. */
export function gitRepoView(row: GitRepoRow): GitRepo {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    remoteUrl: row.remoteUrl,
    branch: row.branch,
    branchType: row.branchType as GitBranchType,
    slug: row.slug,
    sshPublicKey: row.sshPublicKey,
  };
}
