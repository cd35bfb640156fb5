/**
 * The one access check. Every route's endpoint declares its access in `ENDPOINTS` (see
 * `endpoint-access.ts` of `@piecework/shared`); {@link authorizeAccess} enforces it after the
 * request is authenticated and validated and before the handler runs, and hands the handler the
 * project it was authorized on. Handlers never check permissions themselves.
 */
import type { Kysely } from 'kysely';
import {
  PieceworkError,
  requiredPermissions,
  type EndpointAccess,
  type EntityWithoutProject,
  type ProjectEntity,
  type ProjectPermission,
  type ProjectSource,
} from '@piecework/shared';
import { notFound, permissionDenied } from '../../infrastructure/errors';
import type { ServerContext } from '../../server-context';
import type { Database } from '../../infrastructure/storage/database';
import { requirePlatformAdmin, type Principal } from '../../infrastructure/auth/principal';
import { assertProjectPermission } from './project-access';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { requireServerAdmin } from './server-admin';
import type { AccessParts } from '../../infrastructure/http/access-parts';

/**
 * Confines a call to one project (the MCP tools': a caller may act on its own project only). A
 * call that names anything of another project is 404, as if that did not exist, before any
 * permission is checked; a call that is not about a project at all is 403.
 */
export interface AccessConfinement {
  readonly projectId: string;
}

/** The table of each addressable entity, and the entity type a 404 names. */
const ENTITY_TABLES: Readonly<Record<ProjectEntity, { table: string; entityType: string }>> = {
  flow: { table: 'flow', entityType: 'flow' },
  folder: { table: 'folder', entityType: 'folder' },
  appConnection: { table: 'appConnection', entityType: 'connection' },
  flowRun: { table: 'flowRun', entityType: 'flowRun' },
  projectMember: { table: 'projectMember', entityType: 'projectMember' },
  userInvitation: { table: 'userInvitation', entityType: 'userInvitation' },
  alert: { table: 'alert', entityType: 'alert' },
  mcpServer: { table: 'mcpServer', entityType: 'mcpServer' },
  mcpOAuthGrant: { table: 'mcpOAuthGrant', entityType: 'mcpOAuthGrant' },
  table: { table: 'dataTable', entityType: 'table' },
  field: { table: 'tableField', entityType: 'field' },
  record: { table: 'tableRecord', entityType: 'record' },
  projectRelease: { table: 'projectRelease', entityType: 'projectRelease' },
  gitRepo: { table: 'gitRepo', entityType: 'gitRepo' },
  agentRun: { table: 'agentRun', entityType: 'agentRun' },
  flowTestCase: { table: 'flowTestCase', entityType: 'flowTestCase' },
};

const ENTITIES_WITHOUT_PROJECT: ReadonlySet<ProjectEntity> = new Set<EntityWithoutProject>([
  'userInvitation',
]);

/**
 * Checks that `principal` may call an endpoint declared with `access`, and answers the project the
 * call acts on (undefined for platform-wide calls). Throws 403 AUTHORIZATION (not a platform admin,
 * or an API key calling a user-only endpoint),
 * 403 PERMISSION_DENIED (a project permission is missing) or 404 (a project or entity of another
 * platform, or none). With `within`, see {@link AccessConfinement}.
 */
export async function authorizeAccess(
  ctx: Pick<ServerContext, 'store'>,
  access: EndpointAccess,
  principal: Principal | null,
  parts: AccessParts,
  within?: AccessConfinement,
): Promise<ProjectRow | undefined> {
  if (within !== undefined && (access.kind !== 'project' || principal === null)) {
    throw permissionDenied(`This call may only act on project ${within.projectId}`, {
      projectId: within.projectId,
    });
  }
  if (access.kind === 'public' || principal === null) return undefined;
  switch (access.kind) {
    case 'platform':
      return undefined;
    case 'user':
      if (principal.type !== 'USER') {
        throw new PieceworkError('AUTHORIZATION', {
          message: 'Only a signed-in user may do this; API keys have no sessions',
        });
      }
      return undefined;
    case 'platformAdmin':
      requirePlatformAdmin(principal, 'Only platform admins may do this');
      return undefined;
    case 'platformOperator':
      if (principal.type === 'USER' && principal.platformRole === 'MEMBER') {
        throw permissionDenied('Only platform admins and operators may do this', { userId: principal.id });
      }
      return undefined;
    case 'serverAdmin':
      await requireServerAdmin(ctx, principal, 'This changes every platform of this server');
      return undefined;
    case 'project': {
      const permission =
        typeof access.permission === 'function'
          ? (access.permission as (body: unknown) => ProjectPermission)(parts.body)
          : access.permission;
      const project = await projectOfRequest(ctx, principal, access.project, parts, within);
      if (project === undefined) return undefined;
      for (const required of requiredPermissions(permission)) {
        await assertProjectPermission(ctx, principal, project, required);
      }
      return project;
    }
  }
}

/**
 * The project named by the request, within the caller's platform; undefined for a platform-wide
 * call (no `projectId` where it is optional, or an entity without a project), after checking who
 * may make such a call. Confined (`within`), anything outside that project is 404 and a call
 * without a project 403.
 */
async function projectOfRequest(
  ctx: Pick<ServerContext, 'store'>,
  principal: Principal,
  source: ProjectSource,
  parts: AccessParts,
  within: AccessConfinement | undefined,
): Promise<ProjectRow | undefined> {
  if (source.from === 'entity') {
    const id =
      source.idAt === undefined
        ? idOf(parts.params)
        : idIn(source.idAt.part === 'query' ? parts.query : parts.body, source.idAt.key);
    return projectOfEntity(ctx.store.db, principal, source.entity, id, within);
  }
  const projectId =
    source.from === 'params'
      ? idOf(parts.params)
      : projectIdIn(source.from === 'query' ? parts.query : parts.body);
  if (within !== undefined) {
    if (projectId === undefined) {
      throw permissionDenied(`This call may only act on project ${within.projectId}`, {
        projectId: within.projectId,
      });
    }
    if (projectId !== within.projectId) throw notFound('project', projectId);
  }
  if (projectId === undefined) {
    if (source.from !== 'params' && source.optional === 'platformAdmin') {
      requirePlatformAdmin(principal, 'Only platform admins may do this without a project');
    }
    return undefined;
  }
  const project = await ctx.store.db
    .selectFrom('project')
    .selectAll()
    .where('id', '=', projectId)
    .where('platformId', '=', principal.platformId)
    .executeTakeFirst();
  if (project === undefined) throw notFound('project', projectId);
  return project;
}

/**
 * The project of the `entity` row `id` names, looked up within the caller's platform in one
 * query (an entity of another platform is 404 before any permission can answer 403).
 */
async function projectOfEntity(
  db: Kysely<Database>,
  principal: Principal,
  entity: ProjectEntity,
  id: string,
  within: AccessConfinement | undefined,
): Promise<ProjectRow | undefined> {
  const { table, entityType } = ENTITY_TABLES[entity];
  const withoutProject = ENTITIES_WITHOUT_PROJECT.has(entity);
  // The table is chosen at run time from the declaration; each has `id` and `projectId` columns.
  const anyDb = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const row = (await anyDb
    .selectFrom(`${table} as entity`)
    .leftJoin('project', 'project.id', 'entity.projectId')
    .selectAll('project')
    .select('entity.projectId as entityProjectId')
    .where('entity.id', '=', id)
    .where((eb) =>
      withoutProject
        ? eb.or([
            eb('project.platformId', '=', principal.platformId),
            eb.and([eb('entity.projectId', 'is', null), eb('entity.platformId', '=', principal.platformId)]),
          ])
        : eb('project.platformId', '=', principal.platformId),
    )
    .executeTakeFirst()) as (ProjectRow & { entityProjectId: string | null }) | undefined;
  if (row === undefined) throw notFound(entityType, id);
  const { entityProjectId, ...project } = row;
  if (within !== undefined && entityProjectId !== within.projectId) throw notFound(entityType, id);
  if (entityProjectId === null) {
    requirePlatformAdmin(principal, `Only platform admins may change a platform-wide ${entityType}`);
    return undefined;
  }
  return project;
}

function idOf(params: unknown): string {
  return (params as { id: string }).id;
}

/** The string at `key` of a validated query or body (its schema makes it required). */
function idIn(part: unknown, key: string): string {
  const value = (part as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

function projectIdIn(part: unknown): string | undefined {
  const projectId = (part as { projectId?: unknown } | undefined)?.projectId;
  return typeof projectId === 'string' ? projectId : undefined;
}
