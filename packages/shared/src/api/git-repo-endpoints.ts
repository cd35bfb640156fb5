/** A project's git repository connection, `ENDPOINTS.gitRepos`. */
import { Page } from '../common/page';
import {
  ConfigureRepoRequest,
  GitPushResult,
  GitRepo,
  ListGitReposQuery,
  PushGitRepoRequest,
} from '../projects/git-repo';
import { projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/**
 * `POST|GET /v1/git-repos`, `POST /v1/git-repos/:id/push`, `DELETE /v1/git-repos/:id`, by
 * Activepieces' git sync. Pulling the branch into a project is a project release of type GIT
 * (`ENDPOINTS.projectReleases`).
 */
export const GIT_REPO_ENDPOINTS = {
  configure: endpoint({
    method: 'POST',
    path: '/v1/git-repos',
    operationId: 'gitRepos.configure',
    summary: "Connect a project to a git repository's branch over SSH (replaces its connection)",
    access: projectAccess('WRITE_PROJECT_RELEASE', { from: 'body' }),
    body: ConfigureRepoRequest,
    status: 201,
    response: GitRepo,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/git-repos',
    operationId: 'gitRepos.list',
    summary: "A project's git repository connection (a page of one, or none)",
    access: projectAccess('READ_PROJECT_RELEASE', { from: 'query' }),
    query: ListGitReposQuery,
    status: 200,
    response: Page(GitRepo),
  }),
  push: endpoint({
    method: 'POST',
    path: '/v1/git-repos/:id/push',
    operationId: 'gitRepos.push',
    summary: "Commit a project's flows or tables (or their removal) to its branch, as the caller",
    access: projectAccess('WRITE_PROJECT_RELEASE', { from: 'entity', entity: 'gitRepo' }),
    params: IdParams,
    body: PushGitRepoRequest,
    status: 200,
    response: GitPushResult,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/git-repos/:id',
    operationId: 'gitRepos.delete',
    summary: "Disconnect a project from its git repository (the repository's files stay)",
    access: projectAccess('WRITE_PROJECT_RELEASE', { from: 'entity', entity: 'gitRepo' }),
    params: IdParams,
    status: 204,
  }),
};
