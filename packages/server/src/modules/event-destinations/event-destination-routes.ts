/**
 * Event destinations (`/v1/event-destinations`), for platform admins: create, list, get, update,
 * delete, send a test event, and read the delivery log (`event-destination-service.ts`).
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  createEventDestination,
  deleteEventDestination,
  getEventDestination,
  listEventDeliveries,
  listEventDestinations,
  testEventDestination,
  updateEventDestination,
  type EventDestinationDependencies,
} from './event-destination-service';

/** The event-destination routes. */
export function eventDestinationRoutes(deps: EventDestinationDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.eventDestinations.create, {
      handler: async ({ principal, body }) => createEventDestination(deps, principal.platformId, body),
    }),
    route(ENDPOINTS.eventDestinations.list, {
      handler: async ({ principal, query }) => listEventDestinations(deps, principal.platformId, query),
    }),
    route(ENDPOINTS.eventDestinations.get, {
      handler: async ({ principal, params }) => getEventDestination(deps, principal.platformId, params.id),
    }),
    route(ENDPOINTS.eventDestinations.update, {
      handler: async ({ principal, params, body }) =>
        updateEventDestination(deps, principal.platformId, params.id, body),
    }),
    route(ENDPOINTS.eventDestinations.delete, {
      handler: async ({ principal, params }) => {
        await deleteEventDestination(deps, principal.platformId, params.id);
        return undefined;
      },
    }),
    route(ENDPOINTS.eventDestinations.test, {
      handler: async ({ principal, params }) => testEventDestination(deps, principal.platformId, params.id),
    }),
    route(ENDPOINTS.eventDestinations.listDeliveries, {
      handler: async ({ principal, params, query }) =>
        listEventDeliveries(deps, principal.platformId, params.id, query),
    }),
  ];
}
