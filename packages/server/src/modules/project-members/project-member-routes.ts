/**
 * Project members (`/v1/project-members`): list a project's members with their user and role
 * (READ_PROJECT_MEMBER), change a member's role by name or remove a member
 * (WRITE_PROJECT_MEMBER), and the caller's own role in a project (any caller of the platform).
 * Members are created by accepting invitations.
 */
import { ENDPOINTS } from '@piecework/shared';
import { authorizeEntity, authorizeProject } from '../../auth/project-access';
import { notFound } from '../../errors';
import { route, type RouteDefinition } from '../../http/route';
import type { ServerContext } from '../../server-context';
import { fetchSeekPage, mapPage } from '../../storage/seek-page';
import { lockRowForWrite } from '../../storage/serialise-writes';
import { requireProjectRoleByName } from '../project-roles/project-role-lookup';
import { callerProjectRole } from './caller-project-role';
import { projectMemberWithUserView, selectMembersWithUser } from './project-member-view';

/** The project member routes. */
export function projectMemberRoutes(ctx: ServerContext): RouteDefinition[] {
  const memberOf = async (platformId: string, id: string) =>
    ctx.store.db
      .selectFrom('projectMember')
      .selectAll()
      .where('id', '=', id)
      .where('platformId', '=', platformId)
      .executeTakeFirst();

  return [
    route(ENDPOINTS.projectMembers.list, {
      handler: async ({ query, principal }) => {
        const project = await authorizeProject(ctx, principal, query.projectId, 'READ_PROJECT_MEMBER');
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
      handler: async ({ params, body, principal }) => {
        const { entity: member } = await authorizeEntity(
          ctx,
          principal,
          {
            entityType: 'projectMember',
            id: params.id,
            entity: await memberOf(principal.platformId, params.id),
          },
          'WRITE_PROJECT_MEMBER',
        );
        await ctx.store.write(async (trx) => {
          // Serialises with role deletion, which removes the memberships of the role it deletes.
          await lockRowForWrite(trx, 'platform', principal.platformId);
          const role = await requireProjectRoleByName(trx, principal.platformId, body.role);
          const changed = await trx
            .updateTable('projectMember')
            .set({ projectRoleId: role.id, updated: ctx.now() })
            .where('id', '=', member.id)
            .executeTakeFirst();
          if (changed.numUpdatedRows === 0n) {
            throw notFound('projectMember', member.id);
          }
        });
        const row = await selectMembersWithUser(ctx.store.db)
          .where('projectMember.id', '=', member.id)
          .executeTakeFirst();
        if (row === undefined) {
          throw notFound('projectMember', member.id);
        }
        return projectMemberWithUserView(row);
      },
    }),
    route(ENDPOINTS.projectMembers.delete, {
      handler: async ({ params, principal }) => {
        const { entity: member } = await authorizeEntity(
          ctx,
          principal,
          {
            entityType: 'projectMember',
            id: params.id,
            entity: await memberOf(principal.platformId, params.id),
          },
          'WRITE_PROJECT_MEMBER',
        );
        await ctx.store.write((trx) => trx.deleteFrom('projectMember').where('id', '=', member.id).execute());
        return undefined;
      },
    }),
  ];
}
