/**
 * The state a GIT release applies: the files under `projects/<slug>/` of the project's connected
 * branch, read through the project file codec. Refused (409 VALIDATION, with `params.reason`)
 * when the project has no repository (`GIT_REPO_NOT_CONFIGURED`), the branch does not exist
 * (`GIT_BRANCH_NOT_FOUND`), its folder holds no project file (`GIT_PROJECT_FOLDER_EMPTY`: a
 * release from it would delete every flow) or a file is not one the codec reads
 * (`INVALID_PROJECT_FILES`).
 */
import type { ProjectState } from '@piecework/shared';
import { ruleViolation } from '../../infrastructure/errors';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { branchStateOf } from './branch-state';
import { selectProjectGitRepo } from './git-repo-repository';
import { projectFolder, readProjectFolder } from './project-folder';
import { withRepositoryCheckout, type CheckoutDependencies } from './repository-checkout';

/** The project state on `project`'s connected branch (see the module comment). */
export async function readGitState(deps: CheckoutDependencies, project: ProjectRow): Promise<ProjectState> {
  const repo = await selectProjectGitRepo(deps.store.db, project.id);
  if (repo === undefined) {
    throw ruleViolation(`Project ${project.id} is not connected to a git repository`, {
      projectId: project.id,
      reason: 'GIT_REPO_NOT_CONFIGURED',
    });
  }
  return withRepositoryCheckout(deps, repo, async (workspace) => {
    if (!(await workspace.fetchBranch())) {
      throw ruleViolation(`The branch ${repo.branch} does not exist in ${repo.remoteUrl}`, {
        branch: repo.branch,
        reason: 'GIT_BRANCH_NOT_FOUND',
      });
    }
    const files = await readProjectFolder(workspace.tree, repo.slug);
    if (Object.keys(files).length === 0) {
      throw ruleViolation(`${projectFolder(repo.slug)}/ of branch ${repo.branch} holds no project files`, {
        branch: repo.branch,
        slug: repo.slug,
        reason: 'GIT_PROJECT_FOLDER_EMPTY',
      });
    }
    return branchStateOf(files, repo.slug);
  });
}
