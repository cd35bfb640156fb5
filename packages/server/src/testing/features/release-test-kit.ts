/**
 * Helpers of the project-release tests: team projects (with releases on or off), flows built
 * over HTTP, and the release calls.
 */
import type {
  FlowOperation,
  PopulatedFlow,
  ProjectRelease,
  ProjectReleasePlan,
  ProjectState,
  StepRequest,
} from '@piecework/shared';
import { callApi, type ApiAnswer } from '../call-api';
import type { TestServer } from '../test-server';
import { chainOf, expectStatus, flowsApi, webhookTrigger } from './flow-test-kit';

/** Creates a TEAM project of the caller's platform, with `releasesEnabled` as given; answers its id. */
export async function teamProject(
  server: TestServer,
  token: string,
  releasesEnabled: boolean,
): Promise<string> {
  const created = await callApi<{ id: string }>(server.apiUrl, 'POST', '/v1/projects', {
    token,
    body: { displayName: `Project ${String(Math.random()).slice(2, 8)}` },
  });
  const id = expectStatus(created, 201).id;
  if (releasesEnabled) {
    const updated = await callApi(server.apiUrl, 'POST', `/v1/projects/${id}`, {
      token,
      body: { releasesEnabled: true },
    });
    expectStatus(updated, 200);
  }
  return id;
}

/**
 * Creates flow `externalId` in `projectId` with a webhook trigger and `steps`; published (with
 * `status`) unless `publish` is false.
 */
export async function buildFlow(
  server: TestServer,
  token: string,
  projectId: string,
  externalId: string,
  steps: StepRequest[],
  publish: false | 'ENABLED' | 'DISABLED' = 'ENABLED',
): Promise<PopulatedFlow> {
  const flows = flowsApi(server, token);
  const flow = await flows.createFlow(projectId, `Flow ${externalId}`, { externalId });
  const operations: FlowOperation[] = [
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    ...chainOf(...steps),
  ];
  if (publish !== false) operations.push({ type: 'LOCK_AND_PUBLISH', request: { status: publish } });
  return flows.apply(flow.id, ...operations);
}

/** The release calls as the user (or API key) with `token`. */
export function releasesApi(server: TestServer, token: string) {
  const call = <T>(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string> },
  ) => callApi<T>(server.apiUrl, method, path, { token, ...options });
  return {
    exportState: (projectId: string) =>
      call<ProjectState>('GET', '/v1/project-releases/export', { query: { projectId } }),
    diff: (body: Record<string, unknown>) =>
      call<ProjectReleasePlan>('POST', '/v1/project-releases/diff', { body }),
    create: (body: Record<string, unknown>) => call<ProjectRelease>('POST', '/v1/project-releases', { body }),
    list: (query: Record<string, string>) =>
      call<{ data: ProjectRelease[]; next: string | null }>('GET', '/v1/project-releases', { query }),
    get: (id: string) =>
      call<ProjectRelease & { state: ProjectState }>('GET', `/v1/project-releases/${id}`, {}),
  };
}

/** The flows of a project as `[externalId, status, published version id, updated]`, sorted. */
export async function flowRowsOf(server: TestServer, projectId: string) {
  return server.server.context.store.db
    .selectFrom('flow')
    .select(['id', 'externalId', 'status', 'publishedVersionId', 'updated'])
    .where('projectId', '=', projectId)
    .orderBy('externalId')
    .execute();
}

/** Every version row of a project's flows (id and updated), to show nothing was touched. */
export async function versionRowsOf(server: TestServer, projectId: string) {
  return server.server.context.store.db
    .selectFrom('flowVersion')
    .innerJoin('flow', 'flow.id', 'flowVersion.flowId')
    .select(['flowVersion.id', 'flowVersion.updated', 'flowVersion.state'])
    .where('flow.projectId', '=', projectId)
    .orderBy('flowVersion.id')
    .execute();
}

/** The body of a 2xx answer (throws with the body otherwise). */
export function ok<T>(answer: ApiAnswer<T>): T {
  if (answer.status >= 300) throw new Error(`${String(answer.status)}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}
