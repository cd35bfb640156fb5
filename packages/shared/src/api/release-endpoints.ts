/** A project's releases, `ENDPOINTS.projectReleases`. */
import { Page } from '../common/page';
import { ProjectState } from '../projects/project-state';
import { ProjectReleasePlan } from '../projects/release-plan';
import {
  CreateProjectReleaseRequest,
  DiffProjectReleaseRequest,
  ExportProjectStateQuery,
  ListProjectReleasesQuery,
  ProjectRelease,
  ProjectReleaseWithState,
} from '../projects/release-requests';
import { projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/**
 * `GET /v1/project-releases/export`, `POST /v1/project-releases/diff`, `POST|GET
 * /v1/project-releases`, `GET /v1/project-releases/:id`. Diff and create also need READ_FLOW on
 * a PROJECT release's source project (checked by the release service with the same rules).
 */
export const PROJECT_RELEASE_ENDPOINTS = {
  exportState: endpoint({
    method: 'GET',
    path: '/v1/project-releases/export',
    operationId: 'projectReleases.exportState',
    summary: "Download a project's state (flows, tables, connections without secrets) for a FILE release",
    access: projectAccess('READ_FLOW', { from: 'query' }),
    query: ExportProjectStateQuery,
    status: 200,
    response: ProjectState,
  }),
  diff: endpoint({
    method: 'POST',
    path: '/v1/project-releases/diff',
    operationId: 'projectReleases.diff',
    summary:
      'Plan a release: the flows and tables it would create, update or delete, the connections missing',
    access: projectAccess('WRITE_PROJECT_RELEASE', { from: 'body' }),
    body: DiffProjectReleaseRequest,
    status: 200,
    response: ProjectReleasePlan,
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/project-releases',
    operationId: 'projectReleases.create',
    summary: 'Release another project, an exported file or an earlier release into a project',
    access: projectAccess('WRITE_PROJECT_RELEASE', { from: 'body' }),
    body: CreateProjectReleaseRequest,
    status: 201,
    response: ProjectRelease,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/project-releases',
    operationId: 'projectReleases.list',
    summary: "List a project's releases, newest first",
    access: projectAccess('READ_PROJECT_RELEASE', { from: 'query' }),
    query: ListProjectReleasesQuery,
    status: 200,
    response: Page(ProjectRelease),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/project-releases/:id',
    operationId: 'projectReleases.get',
    summary: 'A release with the project state it applied',
    access: projectAccess('READ_PROJECT_RELEASE', { from: 'entity', entity: 'projectRelease' }),
    params: IdParams,
    status: 200,
    response: ProjectReleaseWithState,
  }),
};
