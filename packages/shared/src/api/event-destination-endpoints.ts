/**
 * The endpoints of event destinations (`/v1/event-destinations`, platform admins): HTTP endpoints
 * the platform's audit events are POSTed to, signed; reached as `ENDPOINTS.eventDestinations`.
 */
import { Page, PageQuery } from '../common/page';
import {
  CreatedEventDestination,
  CreateEventDestinationRequest,
  EventDeliveryAttempt,
  EventDestination,
  EventDestinationTestResult,
  ListEventDeliveriesQuery,
  UpdateEventDestinationRequest,
} from '../event-destinations/event-destination';
import { PLATFORM_ADMIN_ACCESS } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** Create (the signing secret is answered once), list, get, update, delete, test, delivery log. */
export const EVENT_DESTINATION_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/v1/event-destinations',
    operationId: 'eventDestinations.create',
    summary:
      "Add an HTTP endpoint that receives the platform's audit events, signed (the signing secret is shown this once)",
    access: PLATFORM_ADMIN_ACCESS,
    body: CreateEventDestinationRequest,
    status: 201,
    response: CreatedEventDestination,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/event-destinations',
    operationId: 'eventDestinations.list',
    summary: "List the platform's event destinations, newest first",
    access: PLATFORM_ADMIN_ACCESS,
    query: PageQuery,
    status: 200,
    response: Page(EventDestination),
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/event-destinations/:id',
    operationId: 'eventDestinations.get',
    summary: 'Get an event destination',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 200,
    response: EventDestination,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/v1/event-destinations/:id',
    operationId: 'eventDestinations.update',
    summary: "Change an event destination's URL, events, name or whether it is enabled",
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    body: UpdateEventDestinationRequest,
    status: 200,
    response: EventDestination,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/event-destinations/:id',
    operationId: 'eventDestinations.delete',
    summary: 'Delete an event destination and its delivery log (queued deliveries are dropped)',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 204,
  }),
  test: endpoint({
    method: 'POST',
    path: '/v1/event-destinations/:id/test',
    operationId: 'eventDestinations.test',
    summary:
      'Send a signed test event now and answer what the destination answered (400 SSRF_BLOCKED for a blocked address)',
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    status: 200,
    response: EventDestinationTestResult,
  }),
  listDeliveries: endpoint({
    method: 'GET',
    path: '/v1/event-destinations/:id/deliveries',
    operationId: 'eventDestinations.listDeliveries',
    summary: "An event destination's delivery log: every attempt, newest first",
    access: PLATFORM_ADMIN_ACCESS,
    params: IdParams,
    query: ListEventDeliveriesQuery,
    status: 200,
    response: Page(EventDeliveryAttempt),
  }),
};
