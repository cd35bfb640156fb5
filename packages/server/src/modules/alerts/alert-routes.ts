/**
 * A project's alert receivers: `POST /v1/alerts`, `GET /v1/alerts?projectId`, `DELETE
 * /v1/alerts/:id` (READ_ALERT / WRITE_ALERT on the project, as declared). Each receiver is emailed when a
 * production run of one of the project's flows fails (`run-failure-alerts.ts`). Adding an address
 * the project already has answers the existing receiver.
 */
import { ENDPOINTS, generateId, type Alert } from '@piecework/shared';
import type { Selectable } from 'kysely';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import type { AlertTable } from '../../infrastructure/storage/database';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';

/** The API form of an `alert` row. */
export function alertView(row: Selectable<AlertTable>): Alert {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    channel: row.channel as Alert['channel'],
    receiver: row.receiver,
  };
}

/** The alert routes. */
export function alertRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.alerts.create, {
      handler: async ({ body, project }) => {
        const receiver = body.receiver.trim().toLowerCase();
        const row = await ctx.store.write(async (trx) => {
          const existing = await trx
            .selectFrom('alert')
            .selectAll()
            .where('projectId', '=', project.id)
            .where('channel', '=', body.channel)
            .where('receiver', '=', receiver)
            .executeTakeFirst();
          if (existing !== undefined) return existing;
          const now = ctx.now();
          return trx
            .insertInto('alert')
            .values({
              id: generateId(),
              projectId: project.id,
              channel: body.channel,
              receiver,
              created: now,
              updated: now,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        });
        return alertView(row);
      },
    }),
    route(ENDPOINTS.alerts.list, {
      handler: async ({ query, project }) => {
        const page = await fetchSeekPage(
          ctx.store.db.selectFrom('alert').selectAll('alert').where('alert.projectId', '=', project.id),
          'alert',
          { limit: query.limit, cursor: query.cursor },
        );
        return mapPage(page, alertView);
      },
    }),
    route(ENDPOINTS.alerts.delete, {
      handler: async ({ params, project }) => {
        await ctx.store.write((trx) =>
          trx.deleteFrom('alert').where('id', '=', params.id).where('projectId', '=', project.id).execute(),
        );
        return undefined;
      },
    }),
  ];
}
