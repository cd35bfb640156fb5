/**
 * Project members (`/v1/project-members`): list a project's members with their user and role
 * (READ_PROJECT_MEMBER), change a member's role by name or remove a member
 * (WRITE_PROJECT_MEMBER), and the caller's own role in a project (any caller of the platform).
 * Members are created by accepting invitations. The access check has authorized the project
 * (from `projectId`, or from the member row `:id` names) before a handler runs.
 */
import { ENDPOINTS } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { lockRowForWrite } from '../../infrastructure/storage/serialise-writes';
import { requireProjectRoleByName } from '../project-roles/project-role-lookup';
import { callerProjectRole } from './caller-project-role';
import { projectMemberWithUserView, selectMembersWithUser } from './project-member-view';

/** The project member routes. */
export function projectMemberRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.projectMembers.list, {
      handler: async ({ query, project }) => {
        let select = selectMembersWithUser(ctx.store.db).where('projectMember.projectId', '=', project.id);
        if (query.projectRoleId !== undefined) {
          select = select.where('projectMember.projectRoleId', '=', query.projectRoleId);
        }
        const page = await fetchSeekPage(select, 'projectMember', query);
        return mapPage(page, projectMemberWithUserView);
      },
    }),
    route(ENDPOINTS.projectMembers.role, {
      handler: async ({ query, principal }) => {
        const project = await ctx.store.db
          .selectFrom('project')
          .select(['id', 'ownerId', 'type', 'platformId'])
          .where('id', '=', query.projectId)
          .where('platformId', '=', principal.platformId)
          .executeTakeFirst();
        if (project === undefined) {
          throw notFound('project', query.projectId);
        }
        return callerProjectRole(ctx, principal, project);
      },
    }),
    route(ENDPOINTS.projectMembers.update, {
      handler: async ({ params, body, principal, project }) => {
        await ctx.store.write(async (trx) => {
          // Serialises with role deletion, which removes the memberships of the role it deletes.
          await lockRowForWrite(trx, 'platform', principal.platformId);
          const role = await requireProjectRoleByName(trx, principal.platformId, body.role);
          const changed = await trx
            .updateTable('projectMember')
            .set({ projectRoleId: role.id, updated: ctx.now() })
            .where('id', '=', params.id)
            .where('projectId', '=', project.id)
            .executeTakeFirst();
          if (changed.numUpdatedRows === 0n) {
            throw notFound('projectMember', params.id);
          }
        });
        const row = await selectMembersWithUser(ctx.store.db)
          .where('projectMember.id', '=', params.id)
          .executeTakeFirst();
        if (row === undefined) {
          throw notFound('projectMember', params.id);
        }
        return projectMemberWithUserView(row);
      },
    }),
    route(ENDPOINTS.projectMembers.delete, {
      handler: async ({ params, project }) => {
        const deleted = await ctx.store.write((trx) =>
          trx
            .deleteFrom('projectMember')
            .where('id', '=', params.id)
            .where('projectId', '=', project.id)
            .executeTakeFirst(),
        );
        if (deleted.numDeletedRows === 0n) {
          throw notFound('projectMember', params.id);
        }
        return undefined;
      },
    }),
  ];
}
