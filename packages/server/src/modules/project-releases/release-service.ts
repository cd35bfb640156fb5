/**
 * Project releases: plan (`diff`), apply (`create`), list and read. A release moves a source
 * state (another project, an exported file, an earlier release) into the target project the
 * caller was authorized on, only when that project has `releasesEnabled`. Every flow change, the
 * release row and project.release.created commit in one write transaction, or nothing does.
 * Tables go through the tables service, which commits each table on its own: created and updated
 * before that transaction (undone if it fails), deleted after it. The enabling of triggers with
 * hooks (which never run inside a transaction) follows the commit too; one that fails leaves its
 * flow DISABLED (logged), and the next plan shows it.
 */
import {
  generateId,
  type CreateProjectReleaseRequest,
  type DiffProjectReleaseRequest,
  type ListProjectReleasesQuery,
  type Page,
  type ProjectRelease,
  type ProjectReleasePlan,
  type ProjectReleaseWithState,
  type ProjectState,
} from '@piecework/shared';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { notFound, ruleViolation } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import { toJson } from '../../infrastructure/storage/json-column';
import { mapPage } from '../../infrastructure/storage/seek-page';
import type { FlowChangeCaller } from '../flows/apply-flow-change';
import { changeFlowWithTriggers } from '../flows/change-flow-with-triggers';
import { disableTriggers } from '../triggers/trigger-lifecycle-hooks';
import { applyFlowSteps } from './apply-flow-steps';
import { captureProject, projectStateOf } from './capture-project-state';
import { planRelease } from './release-plan';
import { applyTableChanges, captureTables, deleteReleasedTables } from './release-tables';
import { releaseSourceOf, type ReadGitState } from './release-source';
import {
  insertRelease,
  listProjectReleases,
  selectProjectRelease,
  selectRelease,
} from './release-repository';
import { releaseView, releaseWithStateView } from './release-view';

/** The release operations behind `/v1/project-releases`. */
export class ReleaseService {
  /** `readGitState`: how GIT releases read their state (without it, a GIT release is a bug). */
  constructor(
    private readonly ctx: ServerContext,
    private readonly readGitState?: ReadGitState,
  ) {}

  /** The project's current state, to download and release elsewhere as a FILE. */
  async exportState(project: ProjectRow): Promise<ProjectState> {
    return projectStateOf(
      await captureProject(this.ctx.store.db, project.id),
      await captureTables(this.ctx, project.id),
    );
  }

  /** What releasing the request's source into `project` would change; writes nothing. */
  async diff(
    principal: Principal,
    project: ProjectRow,
    request: DiffProjectReleaseRequest,
  ): Promise<ProjectReleasePlan> {
    assertReleasesEnabled(project);
    const source = await releaseSourceOf(this.ctx, principal, project, request, this.readGitState);
    const target = await captureProject(this.ctx.store.db, project.id);
    return planRelease(source.state, target, await captureTables(this.ctx, project.id)).plan;
  }

  /** Applies the request's source to `project` (see the module comment) and answers the release. */
  async create(
    principal: Principal,
    ip: string,
    project: ProjectRow,
    request: CreateProjectReleaseRequest,
  ): Promise<ProjectRelease> {
    assertReleasesEnabled(project);
    const source = await releaseSourceOf(this.ctx, principal, project, request, this.readGitState);
    const actor = auditActorOf(principal, ip);
    const caller: FlowChangeCaller = {
      userId: principal.type === 'USER' ? principal.id : null,
      platformId: principal.platformId,
      actor,
      project,
    };
    const tables = planRelease(
      source.state,
      await captureProject(this.ctx.store.db, project.id),
      await captureTables(this.ctx, project.id),
    ).tables;
    const undoTables = await applyTableChanges(this.ctx, project.id, tables);
    const committed = this.ctx.store.write(async (trx) => {
      // The flows are read again inside the transaction: the plan applied is the plan of what is there.
      const { flows } = planRelease(source.state, await captureProject(trx, project.id), new Map());
      const after = await applyFlowSteps(trx, this.ctx, flows, caller);
      const now = this.ctx.now();
      const id = generateId();
      await insertRelease(trx, {
        id,
        projectId: project.id,
        platformId: project.platformId,
        name: request.name,
        description: request.description ?? null,
        type: request.type,
        sourceProjectId: source.sourceProjectId,
        importedBy: caller.userId,
        state: toJson(source.state),
        created: now,
        updated: now,
      });
      const row = await selectRelease(trx, id);
      const { name, type, projectId, description, importedByUser } = releaseView(row);
      await recordAuditEvent(trx, this.ctx.now(), actor, {
        action: 'project.release.created',
        data: { release: { name, type, projectId, description: description ?? null, importedByUser } },
        project: { id: project.id, displayName: project.displayName },
      });
      return { releaseId: id, after };
    });
    const { releaseId, after } = await committed.catch(async (error: unknown) => {
      await undoTables();
      throw error;
    });
    await deleteReleasedTables(this.ctx, tables);
    await disableTriggers(this.ctx, after.stopped);
    for (const flowId of after.enable) {
      await changeFlowWithTriggers(
        this.ctx,
        flowId,
        { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } },
        caller,
      ).catch((error: unknown) => {
        this.ctx.logger.warn(
          { err: error, flowId, projectId: project.id, releaseId },
          'A released flow could not be enabled; it stays DISABLED',
        );
      });
    }
    return releaseView(await selectRelease(this.ctx.store.db, releaseId));
  }

  /** A page of the project's releases, newest first. */
  async list(project: ProjectRow, query: ListProjectReleasesQuery): Promise<Page<ProjectRelease>> {
    const page = await listProjectReleases(this.ctx.store.db, project.id, {
      limit: query.limit,
      cursor: query.cursor,
    });
    return mapPage(page, releaseView);
  }

  /** Release `id` of the (authorized) project, with the state it applied. */
  async get(project: ProjectRow, id: string): Promise<ProjectReleaseWithState> {
    const row = await selectProjectRelease(this.ctx.store.db, project.id, id);
    if (row === undefined) throw notFound('projectRelease', id);
    return releaseWithStateView(row);
  }
}

/** Refuses (409 VALIDATION, `reason: RELEASES_DISABLED`) a release into a project without releases. */
function assertReleasesEnabled(project: ProjectRow): void {
  if (project.releasesEnabled !== 1) {
    throw ruleViolation(`Releases are not enabled for project ${project.id}`, {
      projectId: project.id,
      reason: 'RELEASES_DISABLED',
    });
  }
}
