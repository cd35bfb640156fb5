/**
 * The project state a release applies: another project's current state (PROJECT: the caller
 * needs READ_FLOW on it, a project of another platform is 404), the state sent in the body
 * (FILE: checked for coherence), the state an earlier release of the target applied
 * (ROLLBACK: a release of another project is 404) or the state on the target's git branch (GIT:
 * read by the git sync module through a {@link ReadGitState} port, checked for coherence).
 */
import { ProjectState, type DiffProjectReleaseRequest } from '@piecework/shared';
import { assertProjectPermission } from '../access/project-access';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { Principal } from '../../infrastructure/auth/principal';
import { invalidRequest, notFound } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { captureProject, projectStateOf } from './capture-project-state';
import { selectPlatformProject, selectReleaseState } from './release-repository';
import { captureTables } from './release-tables';

/**
 * Reads the project state on `project`'s connected git branch. The git sync module, above this
 * one, provides it (`modules/all-routes.ts` hands it to the release routes).
 */
export type ReadGitState = (project: ProjectRow) => Promise<ProjectState>;

/** Where a release came from, as recorded on its row. */
export interface ReleaseSource {
  readonly state: ProjectState;
  readonly sourceProjectId: string | null;
}

/** The state `request` names for a release into `target` (see the module comment). */
export async function releaseSourceOf(
  ctx: ServerContext,
  principal: Principal,
  target: ProjectRow,
  request: DiffProjectReleaseRequest,
  readGitState: ReadGitState | undefined,
): Promise<ReleaseSource> {
  switch (request.type) {
    case 'PROJECT': {
      if (request.sourceProjectId === target.id) {
        throw invalidRequest('A project cannot be released into itself', { sourceProjectId: target.id });
      }
      const source = await selectPlatformProject(ctx.store.db, principal.platformId, request.sourceProjectId);
      if (source === undefined) throw notFound('project', request.sourceProjectId);
      await assertProjectPermission(ctx, principal, source, 'READ_FLOW');
      return {
        state: projectStateOf(
          await captureProject(ctx.store.db, source.id),
          await captureTables(ctx, source.id),
        ),
        sourceProjectId: source.id,
      };
    }
    case 'FILE':
      assertCoherent(request.state);
      return { state: request.state, sourceProjectId: null };
    case 'ROLLBACK': {
      const row = await selectReleaseState(ctx.store.db, target.id, request.projectReleaseId);
      if (row === undefined) throw notFound('projectRelease', request.projectReleaseId);
      return { state: ProjectState.parse(fromJson(row.state)), sourceProjectId: null };
    }
    case 'GIT': {
      if (readGitState === undefined) throw new Error('The release service was built without git sync');
      const state = await readGitState(target);
      assertCoherent(state);
      return { state, sourceProjectId: null };
    }
  }
}

/**
 * Refuses (400) a state a project could not be in: two flows, connections or tables with one
 * externalId, or an enabled flow that is not published.
 */
function assertCoherent(state: ProjectState): void {
  for (const [kind, items] of [
    ['flow', state.flows],
    ['connection', state.connections],
    ['table', state.tables],
  ] as const) {
    const seen = new Set<string>();
    for (const { externalId } of items) {
      if (seen.has(externalId)) {
        throw invalidRequest(`The state has two ${kind}s with externalId ${externalId}`, {
          kind,
          externalId,
        });
      }
      seen.add(externalId);
    }
  }
  for (const flow of state.flows) {
    if (flow.status === 'ENABLED' && !flow.published) {
      throw invalidRequest(`Flow ${flow.externalId} is ENABLED but not published`, {
        externalId: flow.externalId,
      });
    }
  }
}
