import type { Permission } from '../projects/permission';

/**
 * The entities a route may address by `:id` whose row names the project the route acts on; the
 * server looks the row up within the caller's platform and checks the permission on its project.
 */
export type ProjectEntity =
  'flow' | 'folder' | 'appConnection' | 'flowRun' | 'projectMember' | 'userInvitation';

/**
 * Who may call a project-scoped route when the request names no project (an `optional` query or
 * body without `projectId`), or when the `entity` row has none (a PLATFORM invitation): any caller
 * of the platform (`platform`, the default for `optional`), or platform admins only
 * (`platformAdmin`: an ADMIN user or an API key; anyone else is 403 AUTHORIZATION).
 */
export type WithoutProject = 'platform' | 'platformAdmin';

/**
 * Where a project-scoped route finds its project: `projectId` of the query or the body, the `:id`
 * parameter itself (project routes), or the row of `entity` that `:id` names. `optional`: a query
 * or body without `projectId` makes the route platform-wide, for the callers `withoutProject`
 * names. An `entity` row without a project is allowed only to `withoutProject` callers (unset:
 * such a row is not the route's business, 404).
 *
 * @example
 * ```ts
 * // a PROJECT invitation needs WRITE_INVITATION on its project; a PLATFORM one, a platform admin
 * projectAccess('WRITE_INVITATION', { from: 'body', optional: true, withoutProject: 'platformAdmin' })
 * ```
 */
export type ProjectSource =
  | {
      readonly from: 'query' | 'body';
      readonly optional?: boolean;
      readonly withoutProject?: WithoutProject;
    }
  | { readonly from: 'params' }
  | { readonly from: 'entity'; readonly entity: ProjectEntity; readonly withoutProject?: WithoutProject };

/**
 * Who may call an endpoint, declared once with the endpoint and enforced by one check in the
 * server before any handler runs:
 * - `public`: anyone, no token;
 * - `platform`: any signed-in user or API key; the handler only sees its own platform's data;
 * - `platformAdmin`: an ADMIN user or an API key (an API key acts as platform admin);
 * - `serverAdmin`: a platform admin of the server's first platform (server-wide changes such as
 *   installing npm pieces, which every platform of the server shares);
 * - `project`: the caller must hold `permission` on the project the route acts on (see
 *   {@link ProjectSource}); `permission` may depend on the validated body (flow operations).
 *   A project of another platform is 404, a missing permission 403.
 */
export type EndpointAccess =
  | { readonly kind: 'public' }
  | { readonly kind: 'platform' }
  | { readonly kind: 'platformAdmin' }
  | { readonly kind: 'serverAdmin' }
  | {
      readonly kind: 'project';
      readonly permission: Permission | ((body: never) => Permission);
      readonly project: ProjectSource;
    };

/** Anyone may call it, without a token. */
export const PUBLIC_ACCESS = { kind: 'public' } as const satisfies EndpointAccess;
/** Any user or API key of a platform; the handler scopes what it touches to that platform. */
export const PLATFORM_ACCESS = { kind: 'platform' } as const satisfies EndpointAccess;
/** Platform ADMIN users and API keys only. */
export const PLATFORM_ADMIN_ACCESS = { kind: 'platformAdmin' } as const satisfies EndpointAccess;

/** Platform admins of the server's first platform only (changes every platform of the server shares). */
export const SERVER_ADMIN_ACCESS = { kind: 'serverAdmin' } as const satisfies EndpointAccess;

/**
 * The caller needs `permission` on the project named by `project`.
 *
 * @example
 * ```ts
 * access: projectAccess('WRITE_FLOW', { from: 'entity', entity: 'flow' })
 * ```
 */
export function projectAccess<B = never>(
  permission: Permission | ((body: B) => Permission),
  project: ProjectSource,
): EndpointAccess {
  return { kind: 'project', permission: permission as (body: never) => Permission, project };
}
