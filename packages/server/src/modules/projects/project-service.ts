/**
 * Projects of a platform: create TEAM projects, list those the caller can reach, read, update and
 * delete them. Who may call what is declared with each endpoint and enforced by the one access check.
 */
import { assertExternalIdFree } from '../../infrastructure/storage/external-id';
import type { Kysely, Selectable } from 'kysely';
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
import { fetchSeekPage } from '../../infrastructure/storage/seek-page';
import { addProjectToPreselectedConnections } from '../connections/global-connection-projects';
import { assertProjectsBelowLimit } from '../platform-plan/plan-limits';
import { projectAnalytics } from './project-analytics';
import { newProjectRow, projectView, type NewProject } from './project-row';

/** The project operations behind `/v1/projects`. */
export class ProjectService {
  constructor(private readonly ctx: ServerContext) {}

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
    let select = this.ctx.store.db
      .selectFrom('project')
      .selectAll()
      .where('platformId', '=', principal.platformId);
    if (principal.type === 'USER' && principal.platformRole === 'OPERATOR') {
      select = select.where((eb) => eb.or([eb('type', '=', 'TEAM'), eb('ownerId', '=', principal.id)]));
    } else if (principal.type === 'USER' && principal.platformRole === 'MEMBER') {
      const memberOf = this.ctx.store.db
        .selectFrom('projectMember')
        .select('projectId')
        .where('userId', '=', principal.id);
      select = select.where((eb) => eb.or([eb('ownerId', '=', principal.id), eb('id', 'in', memberOf)]));
    }
    if (query.displayName !== undefined) {
      select = select.where('displayName', 'like', `%${escapeLike(query.displayName)}%`);
    }
    if (query.externalId !== undefined) {
      select = select.where('externalId', '=', query.externalId);
    }
    if (query.types !== undefined) {
      select = select.where('type', 'in', query.types);
    }
    const page = await fetchSeekPage(select, 'project', query);
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
      return trx
        .updateTable('project')
        .set({
          ...(request.displayName === undefined ? {} : { displayName: request.displayName }),
          ...(request.externalId === undefined ? {} : { externalId: request.externalId }),
          ...(request.metadata === undefined
            ? {}
            : { metadata: request.metadata === null ? null : toJson(request.metadata) }),
          ...(request.icon === undefined ? {} : { iconColor: request.icon.color }),
          ...(request.releasesEnabled === undefined
            ? {}
            : { releasesEnabled: toSqlBoolean(request.releasesEnabled) }),
          ...(request.maxConcurrentJobs === undefined
            ? {}
            : { maxConcurrentJobs: request.maxConcurrentJobs }),
          ...(request.plan === undefined ? {} : { plan: toJson(updatedPlan(project, request.plan, now)) }),
          updated: now,
        })
        .where('id', '=', project.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return this.view(row);
  }

  /** Deletes a TEAM project with its flows, folders and connections (platform admins: the route's access). */
  async delete(principal: Principal, projectId: string): Promise<void> {
    const project = await this.ctx.store.db
      .selectFrom('project')
      .select(['id', 'type'])
      .where('id', '=', projectId)
      .where('platformId', '=', principal.platformId)
      .executeTakeFirst();
    if (project === undefined) {
      throw notFound('project', projectId);
    }
    if (project.type === 'PERSONAL') {
      throw ruleViolation('A PERSONAL project cannot be deleted', { projectId });
    }
    await this.ctx.store.write((trx) => trx.deleteFrom('project').where('id', '=', projectId).execute());
  }

  private async view(row: Selectable<ProjectTable>): Promise<Project> {
    const analytics = await projectAnalytics(this.ctx, [row]);
    return projectView(row, analytics.get(row.id) ?? zeroAnalytics);
  }
}

const zeroAnalytics = { totalUsers: 0, activeUsers: 0, totalFlows: 0, activeFlows: 0 };

function escapeLike(text: string): string {
  return text.replace(/[%_]/g, '');
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
  const inserted = await trx.insertInto('project').values(row).returningAll().executeTakeFirstOrThrow();
  await addProjectToPreselectedConnections(trx, inserted.platformId, inserted.id);
  return inserted;
}

/** The platform's first admin: the owner of projects an API key creates. */
async function platformOwnerId(trx: Kysely<Database>, platformId: string): Promise<string> {
  const owner = await trx
    .selectFrom('user')
    .select('id')
    .where('platformId', '=', platformId)
    .where('platformRole', '=', 'ADMIN')
    .orderBy('created', 'asc')
    .executeTakeFirst();
  if (owner === undefined) {
    throw ruleViolation('The platform has no admin to own the project');
  }
  return owner.id;
}
