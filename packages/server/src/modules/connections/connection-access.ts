/**
 * Finding a connection for a request: scoped to the caller's platform (another platform's
 * connection is "not found"), then checked against the caller's permission on its project.
 */
import { authorizeEntity, type ProjectRow } from '../../auth/project-access';
import type { Permission } from '@piecework/shared';
import type { Principal } from '../../auth/principal';
import type { ServerContext } from '../../server-context';
import { CONNECTION_COLUMNS, type ConnectionRow } from './connection-view';

/** The connection `id` (without its value) and its project; else 404 or 403. */
export async function authorizeConnection(
  ctx: ServerContext,
  principal: Principal,
  id: string,
  permission: Permission,
): Promise<{ connection: ConnectionRow; project: ProjectRow }> {
  const connection = await ctx.store.db
    .selectFrom('appConnection')
    .innerJoin('project', 'project.id', 'appConnection.projectId')
    .select(CONNECTION_COLUMNS)
    .where('appConnection.id', '=', id)
    .where('project.platformId', '=', principal.platformId)
    .executeTakeFirst();
  const { entity, project } = await authorizeEntity(
    ctx,
    principal,
    { entityType: 'connection', id, entity: connection },
    permission,
  );
  return { connection: entity, project };
}
