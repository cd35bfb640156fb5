/**
 * Project roles (`/v1/project-roles`): any user or API key of a platform lists and reads the
 * default roles and the platform's custom roles (each with how many of the platform's members
 * hold it); platform admins create, replace and delete custom roles. Every write records
 * project.role.created / updated / deleted in its transaction.
 */
import { ENDPOINTS } from '@piecework/shared';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { fetchSeekPage } from '../../infrastructure/storage/seek-page';
import { createCustomRole, deleteCustomRole, updateCustomRole } from './custom-role-writes';
import { findProjectRoleById, findProjectRoleByName, type ProjectRoleRow } from './project-role-lookup';
import { countRoleMembers, projectRoleEventShape, projectRoleWithUserCount } from './project-role-view';

/** The project role routes. */
export function projectRoleRoutes(ctx: ServerContext): RouteDefinition[] {
  const withUserCount = async (principal: Principal, row: ProjectRoleRow) => {
    const counts = await countRoleMembers(ctx.store.db, principal.platformId, [row.id]);
    return projectRoleWithUserCount(row, counts.get(row.id) ?? 0);
  };
  const roleOrNotFound = async (principal: Principal, id: string) => {
    const role = await findProjectRoleById(ctx.store.db, principal.platformId, id);
    if (role === undefined) {
      throw notFound('projectRole', id);
    }
    return role;
  };

  return [
    route(ENDPOINTS.projectRoles.list, {
      handler: async ({ query, principal }) => {
        const select = ctx.store.db
          .selectFrom('projectRole')
          .selectAll()
          .where((eb) => eb.or([eb('platformId', 'is', null), eb('platformId', '=', principal.platformId)]));
        const page = await fetchSeekPage(select, 'projectRole', query);
        const counts = await countRoleMembers(
          ctx.store.db,
          principal.platformId,
          page.data.map((row) => row.id),
        );
        return {
          data: page.data.map((row) => projectRoleWithUserCount(row, counts.get(row.id) ?? 0)),
          next: page.next,
          previous: page.previous,
        };
      },
    }),
    route(ENDPOINTS.projectRoles.get, {
      handler: async ({ params, principal }) =>
        withUserCount(principal, await roleOrNotFound(principal, params.id)),
    }),
    route(ENDPOINTS.projectRoles.create, {
      handler: async ({ body, principal, request }) => {
        const row = await ctx.store.write(async (trx) => {
          const now = ctx.now();
          const created = await createCustomRole(trx, principal.platformId, body, now);
          await recordAuditEvent(trx, now, auditActorOf(principal, request.ip), {
            action: 'project.role.created',
            data: { projectRole: projectRoleEventShape(created) },
          });
          return created;
        });
        return projectRoleWithUserCount(row, 0);
      },
    }),
    route(ENDPOINTS.projectRoles.update, {
      handler: async ({ params, body, principal, request }) => {
        const role = await roleOrNotFound(principal, params.id);
        const row = await ctx.store.write(async (trx) => {
          const now = ctx.now();
          const updated = await updateCustomRole(trx, principal.platformId, role, body, now);
          await recordAuditEvent(trx, now, auditActorOf(principal, request.ip), {
            action: 'project.role.updated',
            data: { projectRole: projectRoleEventShape(updated) },
          });
          return updated;
        });
        return withUserCount(principal, row);
      },
    }),
    route(ENDPOINTS.projectRoles.delete, {
      handler: async ({ params, principal, request }) => {
        const role =
          (await findProjectRoleById(ctx.store.db, principal.platformId, params.id)) ??
          (await findProjectRoleByName(ctx.store.db, principal.platformId, params.id));
        if (role === undefined) {
          throw notFound('projectRole', params.id);
        }
        await ctx.store.write(async (trx) => {
          await deleteCustomRole(trx, principal.platformId, role);
          await recordAuditEvent(trx, ctx.now(), auditActorOf(principal, request.ip), {
            action: 'project.role.deleted',
            data: { projectRole: projectRoleEventShape(role) },
          });
        });
        return undefined;
      },
    }),
  ];
}
