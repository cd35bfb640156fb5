/**
 * Event destinations (`/v1/event-destinations`), for platform admins: create (the signing secret
 * is answered this once and stored sealed by the secret box), list, get, update, delete, send a
 * test event, and read the delivery log. Another platform's destination is 404. Every change makes
 * this process forget its cached view of the platform's destinations (`destination-directory.ts`).
 */
import { ENDPOINTS, generateId, PieceworkError } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import { fetchSeekPage, mapPage } from '../../infrastructure/storage/seek-page';
import { resolveEventDeliveryOptions } from './delivery-policy';
import { forgetPlatformDestinations } from '../audit-events/destination-directory';
import { DESTINATION_COLUMNS, eventDeliveryView, eventDestinationView } from './event-destination-view';
import { newSigningSecret } from './event-signature';
import { sendEvent } from './send-event';
import { testEvent } from './test-event';

/** The event-destination routes. */
export function eventDestinationRoutes(ctx: ServerContext): RouteDefinition[] {
  /** The destination `id` of `platformId` with its sealed secret, or a 404. */
  async function destinationOf(platformId: string, id: string) {
    const row = await ctx.store.db
      .selectFrom('eventDestination')
      .select([...DESTINATION_COLUMNS, 'sealedSecret'])
      .where('id', '=', id)
      .where('platformId', '=', platformId)
      .executeTakeFirst();
    if (row === undefined) throw notFound('eventDestination', id);
    return row;
  }

  return [
    route(ENDPOINTS.eventDestinations.create, {
      handler: async ({ principal, body }) => {
        const secret = newSigningSecret();
        const now = ctx.now();
        const row = await ctx.store.write((trx) =>
          trx
            .insertInto('eventDestination')
            .values({
              id: generateId(),
              platformId: principal.platformId,
              url: body.url,
              events: toJson([...new Set(body.events)]),
              displayName: body.displayName ?? null,
              enabled: toSqlBoolean(body.enabled ?? true),
              sealedSecret: ctx.secrets.seal(secret),
              created: now,
              updated: now,
            })
            .returning(DESTINATION_COLUMNS)
            .executeTakeFirstOrThrow(),
        );
        forgetPlatformDestinations(principal.platformId);
        return { ...eventDestinationView(row), signingSecret: secret };
      },
    }),
    route(ENDPOINTS.eventDestinations.list, {
      handler: async ({ principal, query }) => {
        const select = ctx.store.db
          .selectFrom('eventDestination')
          .select(DESTINATION_COLUMNS)
          .where('platformId', '=', principal.platformId);
        return mapPage(await fetchSeekPage(select, 'eventDestination', query), eventDestinationView);
      },
    }),
    route(ENDPOINTS.eventDestinations.get, {
      handler: async ({ principal, params }) =>
        eventDestinationView(await destinationOf(principal.platformId, params.id)),
    }),
    route(ENDPOINTS.eventDestinations.update, {
      handler: async ({ principal, params, body }) => {
        const row = await ctx.store.write((trx) =>
          trx
            .updateTable('eventDestination')
            .set({
              ...(body.url === undefined ? {} : { url: body.url }),
              ...(body.events === undefined ? {} : { events: toJson([...new Set(body.events)]) }),
              ...(body.displayName === undefined ? {} : { displayName: body.displayName }),
              ...(body.enabled === undefined ? {} : { enabled: toSqlBoolean(body.enabled) }),
              updated: ctx.now(),
            })
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .returning(DESTINATION_COLUMNS)
            .executeTakeFirst(),
        );
        if (row === undefined) throw notFound('eventDestination', params.id);
        forgetPlatformDestinations(principal.platformId);
        return eventDestinationView(row);
      },
    }),
    route(ENDPOINTS.eventDestinations.delete, {
      handler: async ({ principal, params }) => {
        const deleted = await ctx.store.write((trx) =>
          trx
            .deleteFrom('eventDestination')
            .where('id', '=', params.id)
            .where('platformId', '=', principal.platformId)
            .returning('id')
            .executeTakeFirst(),
        );
        if (deleted === undefined) throw notFound('eventDestination', params.id);
        forgetPlatformDestinations(principal.platformId);
        return undefined;
      },
    }),
    route(ENDPOINTS.eventDestinations.test, {
      handler: async ({ principal, params }) => {
        const destination = await destinationOf(principal.platformId, params.id);
        const event = testEvent(principal.platformId, ctx.now());
        const sent = await sendEvent({
          url: destination.url,
          secret: ctx.secrets.open<string>(destination.sealedSecret),
          eventId: event.id,
          body: JSON.stringify(event),
          allowList: ctx.settings.config.ssrfAllowList,
          timeoutMs: resolveEventDeliveryOptions().requestTimeoutMs,
        });
        switch (sent.kind) {
          case 'blocked':
            throw new PieceworkError('SSRF_BLOCKED', {
              message: sent.error.message,
              host: sent.error.host,
              address: sent.error.address,
              reason: sent.error.reason,
            });
          case 'answered':
            return {
              delivered: sent.statusCode >= 200 && sent.statusCode < 300,
              statusCode: sent.statusCode,
              error: null,
              durationMs: sent.durationMs,
            };
          case 'unreachable':
            return { delivered: false, statusCode: null, error: sent.error, durationMs: sent.durationMs };
        }
      },
    }),
    route(ENDPOINTS.eventDestinations.listDeliveries, {
      handler: async ({ principal, params, query }) => {
        await destinationOf(principal.platformId, params.id);
        let select = ctx.store.db
          .selectFrom('eventDelivery')
          .selectAll()
          .where('destinationId', '=', params.id)
          .where('platformId', '=', principal.platformId);
        if (query.status !== undefined) select = select.where('status', '=', query.status);
        const page = await fetchSeekPage(select, 'eventDelivery', {
          limit: query.limit,
          cursor: query.cursor,
        });
        return mapPage(page, eventDeliveryView);
      },
    }),
  ];
}
