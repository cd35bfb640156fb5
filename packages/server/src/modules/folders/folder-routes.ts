/**
 * Folders: `POST /v1/folders`, `POST|GET|DELETE /v1/folders/:id`, `GET /v1/folders?projectId`.
 * Names are unique per project ignoring case (409 CONFLICT); deleting a folder keeps its flows,
 * unfiled (the `flow.folderId` foreign key sets null). Every change records a folder.* event.
 */
import { ENDPOINTS, generateId } from '@piecework/shared';
import { auditActorOf, recordAuditEvent } from '../audit-events/record-audit-event';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { assertFolderNameFree } from './folder-name';
import { folderEventData, folderView } from './folder-view';

/** The folder routes. */
export function folderRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.folders.create, {
      handler: async ({ body, principal, project, request }) => {
        const folder = await ctx.store.write(async (trx) => {
          await assertFolderNameFree(trx, project.id, body.displayName);
          const now = ctx.now();
          const row = await trx
            .insertInto('folder')
            .values({
              id: generateId(),
              projectId: project.id,
              displayName: body.displayName,
              displayOrder: 0,
              created: now,
              updated: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await recordAuditEvent(trx, now, auditActorOf(principal, request.ip), {
            action: 'folder.created',
            data: folderEventData(row, project.displayName),
            project,
          });
          return row;
        });
        return folderView(folder);
      },
    }),
    route(ENDPOINTS.folders.update, {
      logEntity: 'folder',
      handler: async ({ params, body, principal, project, request }) => {
        const folder = await ctx.store.write(async (trx) => {
          await assertFolderNameFree(trx, project.id, body.displayName, params.id);
          const now = ctx.now();
          const row = await trx
            .updateTable('folder')
            .set({ displayName: body.displayName, updated: now })
            .where('id', '=', params.id)
            .returningAll()
            .executeTakeFirst();
          if (row === undefined) {
            throw notFound('folder', params.id);
          }
          await recordAuditEvent(trx, now, auditActorOf(principal, request.ip), {
            action: 'folder.updated',
            data: folderEventData(row, project.displayName),
            project,
          });
          return row;
        });
        return folderView(folder);
      },
    }),
    route(ENDPOINTS.folders.get, {
      logEntity: 'folder',
      handler: async ({ params, project }) => {
        const folder = await ctx.store.db
          .selectFrom('folder')
          .selectAll()
          .where('id', '=', params.id)
          .where('projectId', '=', project.id)
          .executeTakeFirst();
        if (folder === undefined) throw notFound('folder', params.id);
        return folderView(folder);
      },
    }),
    route(ENDPOINTS.folders.list, {
      handler: async ({ query, project }) => {
        const page = await fetchSeekPage(
          ctx.store.db.selectFrom('folder').selectAll('folder').where('folder.projectId', '=', project.id),
          'folder',
          { limit: query.limit, cursor: query.cursor },
        );
        return mapPage(page, folderView);
      },
    }),
    route(ENDPOINTS.folders.delete, {
      logEntity: 'folder',
      handler: async ({ params, principal, project, request }) => {
        await ctx.store.write(async (trx) => {
          const row = await trx
            .deleteFrom('folder')
            .where('id', '=', params.id)
            .returningAll()
            .executeTakeFirst();
          if (row === undefined) {
            throw notFound('folder', params.id);
          }
          await recordAuditEvent(trx, ctx.now(), auditActorOf(principal, request.ip), {
            action: 'folder.deleted',
            data: folderEventData(row, project.displayName),
            project,
          });
        });
        return undefined;
      },
    }),
  ];
}
