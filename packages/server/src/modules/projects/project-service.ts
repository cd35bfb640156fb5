/**
 * Projects of a platform: create TEAM projects, list those the caller can reach, read, update and
 * delete them. Who may call what is declared with each endpoint and enforced by the one access check.
 */
import { assertExternalIdFree } from '../../infrastructure/storage/external-id';
import type { Kysely, Selectable, Updateable } from 'kysely';
import {
  type CreateProjectRequest,
  type ListProjectsQuery,
  type Page,
  type Project,
  type ProjectPlan,
  type UpdateProjectRequest,
} from '@piecework/shared';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { isPlatformAdmin, type Principal } from '../../infrastructure/auth/principal';
import { notFound, permissionDenied, ruleViolation } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import type { Database, ProjectTable } from '../../infrastructure/storage/database';
import { fromJson, toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import { addProjectToPreselectedConnections } from '../connections/global-connection-projects';
import { assertProjectsBelowLimit } from '../platform-plan/plan-limits';
import { projectAnalytics } from './project-analytics';
import {
  deleteProjectRow,
  findFirstAdminId,
  findPlatformProjectType,
  insertProjectRow,
  selectProjectPage,
  updateProjectRow,
  type ProjectListScope,
} from './project-repository';
import { newProjectRow, projectView, type NewProject } from './project-row';

/** What the project routes and service use of the server context: the store, the settings (the plan) and the clock. */
export type ProjectDependencies = Pick<ServerContext, 'store' | 'settings' | 'now'>;

/** The project operations behind `/v1/projects`. */
export class ProjectService {
  constructor(private readonly ctx: ProjectDependencies) {}

  /**
   * Creates a TEAM project (platform admins, OPERATORs and API keys: the route's access); over the
   * plan's `projects` limit it is refused (402 QUOTA_EXCEEDED).
   */
  async create(principal: Principal, request: CreateProjectRequest): Promise<Project> {
    const row = await this.ctx.store.write(async (trx) => {
      await assertExternalIdFree(trx, 'project', principal.platformId, request.externalId);
      await assertProjectsBelowLimit(trx, this.ctx, principal.platformId);
      return insertTeamProject(trx, this.ctx.now(), {
        platformId: principal.platformId,
        ownerId: principal.type === 'USER' ? principal.id : undefined,
        displayName: request.displayName,
        externalId: request.externalId,
        metadata: request.metadata,
        maxConcurrentJobs: request.maxConcurrentJobs,
      });
    });
    return this.view(row);
  }

  /**
   * The projects the caller can reach: all of the platform for admins and API keys, all but other
   * users' PERSONAL projects for OPERATORs, owned and member-of projects for MEMBERs.
   */
  async list(principal: Principal, query: ListProjectsQuery): Promise<Page<Project>> {
    const page = await selectProjectPage(
      this.ctx.store.db,
      principal.platformId,
      listScope(principal),
      query,
    );
    const analytics = await projectAnalytics(this.ctx, page.data);
    return {
      data: page.data.map((row) => projectView(row, analytics.get(row.id) ?? zeroAnalytics)),
      next: page.next,
      previous: page.previous,
    };
  }

  /** The (authorized) project as answered. */
  async get(project: ProjectRow): Promise<Project> {
    return this.view(project);
  }

  /** Changes the given fields (WRITE_PROJECT; `externalId` only by platform admins). */
  async update(principal: Principal, project: ProjectRow, request: UpdateProjectRequest): Promise<Project> {
    if (request.externalId !== undefined && !isPlatformAdmin(principal)) {
      throw permissionDenied('Only platform admins change a project’s externalId', { projectId: project.id });
    }
    const row = await this.ctx.store.write(async (trx) => {
      if (request.externalId !== undefined && request.externalId !== project.externalId) {
        await assertExternalIdFree(trx, 'project', principal.platformId, request.externalId);
      }
      const now = this.ctx.now();
      return updateProjectRow(trx, project.id, projectChanges(project, request, now));
    });
    return this.view(row);
  }

  /** Deletes a TEAM project with its flows, folders and connections (platform admins: the route's access). */
  async delete(principal: Principal, projectId: string): Promise<void> {
    const project = await findPlatformProjectType(this.ctx.store.db, principal.platformId, projectId);
    if (project === undefined) {
      throw notFound('project', projectId);
    }
    if (project.type === 'PERSONAL') {
      throw ruleViolation('A PERSONAL project cannot be deleted', { projectId });
    }
    await this.ctx.store.write((trx) => deleteProjectRow(trx, projectId));
  }

  private async view(row: Selectable<ProjectTable>): Promise<Project> {
    const analytics = await projectAnalytics(this.ctx, [row]);
    return projectView(row, analytics.get(row.id) ?? zeroAnalytics);
  }
}

const zeroAnalytics = { totalUsers: 0, activeUsers: 0, totalFlows: 0, activeFlows: 0 };

/**
 * Which projects `principal` may list: all of the platform for admins and API keys, all but other
 * users' PERSONAL projects for OPERATORs, owned and member-of projects for MEMBERs.
 */
function listScope(principal: Principal): ProjectListScope {
  if (principal.type === 'USER' && principal.platformRole === 'OPERATOR') {
    return { type: 'TEAM_OR_OWNED', userId: principal.id };
  } else if (principal.type === 'USER' && principal.platformRole === 'MEMBER') {
    return { type: 'OWNED_OR_MEMBER', userId: principal.id };
  }
  return { type: 'PLATFORM' };
}

/** The columns `request` changes on `project` at `now` (absent fields: unchanged). */
function projectChanges(
  project: ProjectRow,
  request: UpdateProjectRequest,
  now: string,
): Updateable<ProjectTable> {
  return {
    ...(request.displayName === undefined ? {} : { displayName: request.displayName }),
    ...(request.externalId === undefined ? {} : { externalId: request.externalId }),
    ...(request.metadata === undefined
      ? {}
      : { metadata: request.metadata === null ? null : toJson(request.metadata) }),
    ...(request.icon === undefined ? {} : { iconColor: request.icon.color }),
    ...(request.releasesEnabled === undefined
      ? {}
      : { releasesEnabled: toSqlBoolean(request.releasesEnabled) }),
    ...(request.maxConcurrentJobs === undefined ? {} : { maxConcurrentJobs: request.maxConcurrentJobs }),
    ...(request.plan === undefined ? {} : { plan: toJson(updatedPlan(project, request.plan, now)) }),
    updated: now,
  };
}

/**
 * The project's plan with `change` applied (absent fields kept) and stamped `now`; null when the
 * project has no plan. Use it wherever a plan's piece filter changes.
 */
export function updatedPlan(
  project: Selectable<ProjectTable>,
  change: NonNullable<UpdateProjectRequest['plan']>,
  now: string,
): ProjectPlan | null {
  const plan = fromJson<ProjectPlan>(project.plan);
  if (plan === null) {
    return null;
  }
  return {
    ...plan,
    ...(change.pieces === undefined ? {} : { pieces: change.pieces }),
    ...(change.piecesFilterType === undefined ? {} : { piecesFilterType: change.piecesFilterType }),
    updated: now,
  };
}

/**
 * Inserts a TEAM project inside write transaction `trx` at `now` and answers its row. Its owner
 * is `ownerId`, or the platform's first admin when none is given (a project an API key or a
 * managed-auth token creates). The caller checks that `externalId` is free. The project joins the
 * platform's global connections marked `preSelectForNewProjects`. Use it wherever a TEAM project
 * is created.
 */
export async function insertTeamProject(
  trx: Kysely<Database>,
  now: string,
  input: Omit<NewProject, 'type' | 'ownerId'> & { ownerId?: string | undefined },
): Promise<Selectable<ProjectTable>> {
  const ownerId = input.ownerId ?? (await platformOwnerId(trx, input.platformId));
  const row = newProjectRow({ ...input, ownerId, type: 'TEAM' }, now);
  const inserted = await insertProjectRow(trx, row);
  await addProjectToPreselectedConnections(trx, inserted.platformId, inserted.id);
  return inserted;
}

/** The platform's first admin: the owner of projects an API key creates. */
async function platformOwnerId(trx: Kysely<Database>, platformId: string): Promise<string> {
  const owner = await findFirstAdminId(trx, platformId);
  if (owner === undefined) {
    throw ruleViolation('The platform has no admin to own the project');
  }
  return owner.id;
}
