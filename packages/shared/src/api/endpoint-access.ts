import type { Permission } from '../projects/permission';

/**
 * The entities a route may address by `:id` whose row names the project the route acts on; the
 * server looks the row up within the caller's platform and checks the permission on its project.
 */
export type ProjectEntity =
  | 'flow'
  | 'folder'
  | 'appConnection'
  | 'flowRun'
  | 'projectMember'
  | 'userInvitation'
  | 'alert'
  | 'mcpServer'
  | 'mcpOAuthGrant'
  | 'table'
  | 'field'
  | 'record'
  | 'projectRelease'
  | 'gitRepo'
  | 'agentRun'
  | 'flowTestCase';

/** Entities whose row may have no project (a PLATFORM invitation): platform-wide, for admins. */
export type EntityWithoutProject = 'userInvitation';

/**
 * Where a project-scoped route finds its project: `projectId` of the query or the body, the `:id`
 * parameter itself (project routes), or the row of `entity` that `:id` (or `idAt`) names. `optional`: a query
 * or body without `projectId` makes the call platform-wide, open to any caller of the platform
 * (`true`) or to platform admins only (`'platformAdmin'`). An entity row without a project (a
 * platform invitation) is platform-wide too, for platform admins only.
 */
export type ProjectSource =
  | { readonly from: 'query' | 'body'; readonly optional?: true | 'platformAdmin' }
  | { readonly from: 'params' }
  | { readonly from: 'entity'; readonly entity: ProjectEntity; readonly idAt?: EntityIdLocation };

/**
 * Where an entity's id is read when it is not the `:id` parameter: `key` of the query or the body
 * (`GET /v1/records?tableId=` names its table, whose project the call acts on).
 */
export interface EntityIdLocation {
  readonly part: 'query' | 'body';
  readonly key: string;
}

/**
 * Who may call an endpoint, declared once with the endpoint and enforced by one check in the
 * server before any handler runs:
 * - `public`: anyone, no token;
 * - `platform`: any signed-in user or API key; the handler only sees its own platform's data;
 * - `user`: a signed-in user only (a session token); API keys are refused with 403 (the user's
 *   own sessions, signing out);
 * - `platformAdmin`: an ADMIN user or an API key (an API key acts as platform admin);
 * - `platformOperator`: platform admins, OPERATORs and API keys (not MEMBERs): creating projects;
 * - `serverAdmin`: a platform admin of the server's first platform (server-wide changes such as
 *   installing npm pieces, which every platform of the server shares);
 * - `project`: the caller must hold `permission` on the project the route acts on (see
 *   {@link ProjectSource}); `permission` may depend on the validated body (flow operations).
 *   A project of another platform is 404, a missing permission 403.
 */
export type EndpointAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'platform' }
  | { readonly kind: 'user' }
  | { readonly kind: 'platformAdmin' }
  | { readonly kind: 'platformOperator' }
  | { readonly kind: 'serverAdmin' }
  | ProjectAccess;

/** The `project` kind of {@link EndpointAccess}, typed by where its project comes from. */
export interface ProjectAccess<S extends ProjectSource = ProjectSource> {
  readonly kind: 'project';
  readonly permission: ProjectPermission | ((body: never) => ProjectPermission);
  readonly project: S;
}

/**
 * What a project-scoped route needs on its project: one permission, or a list of permissions the
 * caller must hold every one of (creating flows and tables at once needs WRITE_FLOW and WRITE_TABLE).
 */
export type ProjectPermission = Permission | readonly Permission[];

/** The permissions a {@link ProjectPermission} requires, as a list. */
export function requiredPermissions(permission: ProjectPermission): readonly Permission[] {
  return typeof permission === 'string' ? [permission] : permission;
}

/**
 * Whether a handler of an endpoint with access `X` always gets its project (`required`), may get
 * none (`optional`: a platform-wide call), or never does (`none`).
 */
export type ProjectGrant<X extends EndpointAccess> = [X] extends [ProjectAccess<infer S>]
  ? [S] extends [{ optional: true | 'platformAdmin' }]
    ? 'optional'
    : [S] extends [{ from: 'entity'; entity: EntityWithoutProject }]
      ? 'optional'
      : 'required'
  : 'none';

/** Anyone may call it, without a token. */
export const PUBLIC_ACCESS = { kind: 'public' } as const satisfies EndpointAccess;
/** Any user or API key of a platform; the handler scopes what it touches to that platform. */
export const PLATFORM_ACCESS = { kind: 'platform' } as const satisfies EndpointAccess;
/**
 * Signed-in users only (any role); API keys are refused: what acts on the caller's own account
 * (their sessions, their second factor).
 */
export const USER_ACCESS = { kind: 'user' } as const satisfies EndpointAccess;
/** Platform ADMIN users and API keys only. */
export const PLATFORM_ADMIN_ACCESS = { kind: 'platformAdmin' } as const satisfies EndpointAccess;

/** Platform admins, OPERATOR users and API keys; MEMBER users are refused. */
export const PLATFORM_OPERATOR_ACCESS = { kind: 'platformOperator' } as const satisfies EndpointAccess;

/** Platform admins of the server's first platform only (changes every platform of the server shares). */
export const SERVER_ADMIN_ACCESS = { kind: 'serverAdmin' } as const satisfies EndpointAccess;

/**
 * The caller needs `permission` (or every permission of a list) on the project named by `project`.
 *
 * @example
 * ```ts
 * access: projectAccess('WRITE_FLOW', { from: 'entity', entity: 'flow' })
 * ```
 */
export function projectAccess<const S extends ProjectSource, B = never>(
  permission: ProjectPermission | ((body: B) => ProjectPermission),
  project: S,
): ProjectAccess<S> {
  return { kind: 'project', permission: permission as (body: never) => ProjectPermission, project };
}
