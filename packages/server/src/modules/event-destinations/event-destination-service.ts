/**
 * Event destinations of a platform: create (the signing secret is answered this once and stored
 * sealed by the secret box), list, get, update, delete, send a test event, and read the delivery
 * log. Another platform's destination is 404. Every change makes this process forget its cached
 * view of the platform's destinations (`destination-directory.ts`).
 */
import {
  generateId,
  PieceworkError,
  type CreatedEventDestination,
  type CreateEventDestinationRequest,
  type EventDeliveryAttempt,
  type EventDestination,
  type EventDestinationTestResult,
  type ListEventDeliveriesQuery,
  type Page,
  type UpdateEventDestinationRequest,
} from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import { mapPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { forgetPlatformDestinations } from '../audit-events/destination-directory';
import { resolveEventDeliveryOptions } from './delivery-policy';
import {
  deleteDestinationRow,
  fetchDeliveryPage,
  fetchDestinationPage,
  findDestinationWithSecret,
  insertDestination,
  updateDestination,
} from './event-destination-repository';
import { eventDeliveryView, eventDestinationView } from './event-destination-view';
import { newSigningSecret } from './event-signature';
import { sendEvent } from './send-event';
import { testEvent } from './test-event';

/** What the event destination routes and service use from the server context. */
export type EventDestinationDependencies = Pick<ServerContext, 'store' | 'now' | 'secrets' | 'settings'>;

/** The destination `id` of `platformId` with its sealed secret, or a 404. */
async function destinationOf(deps: EventDestinationDependencies, platformId: string, id: string) {
  const row = await findDestinationWithSecret(deps.store.db, platformId, id);
  if (row === undefined) throw notFound('eventDestination', id);
  return row;
}

/** Creates a destination of `platformId`; answers it with its signing secret (only this once). */
export async function createEventDestination(
  deps: EventDestinationDependencies,
  platformId: string,
  body: CreateEventDestinationRequest,
): Promise<CreatedEventDestination> {
  const secret = newSigningSecret();
  const now = deps.now();
  const row = await deps.store.write((trx) =>
    insertDestination(trx, {
      id: generateId(),
      platformId,
      url: body.url,
      events: toJson([...new Set(body.events)]),
      displayName: body.displayName ?? null,
      enabled: toSqlBoolean(body.enabled ?? true),
      sealedSecret: deps.secrets.seal(secret),
      created: now,
      updated: now,
    }),
  );
  forgetPlatformDestinations(platformId);
  return { ...eventDestinationView(row), signingSecret: secret };
}

/** One page of `platformId`'s destinations. */
export async function listEventDestinations(
  deps: EventDestinationDependencies,
  platformId: string,
  page: PageRequest,
): Promise<Page<EventDestination>> {
  return mapPage(await fetchDestinationPage(deps.store.db, platformId, page), eventDestinationView);
}

/** Destination `id` of `platformId`, or a 404. */
export async function getEventDestination(
  deps: EventDestinationDependencies,
  platformId: string,
  id: string,
): Promise<EventDestination> {
  return eventDestinationView(await destinationOf(deps, platformId, id));
}

/** Changes the given fields of destination `id` of `platformId`; a 404 when there is none. */
export async function updateEventDestination(
  deps: EventDestinationDependencies,
  platformId: string,
  id: string,
  body: UpdateEventDestinationRequest,
): Promise<EventDestination> {
  const row = await deps.store.write((trx) =>
    updateDestination(trx, platformId, id, {
      ...(body.url === undefined ? {} : { url: body.url }),
      ...(body.events === undefined ? {} : { events: toJson([...new Set(body.events)]) }),
      ...(body.displayName === undefined ? {} : { displayName: body.displayName }),
      ...(body.enabled === undefined ? {} : { enabled: toSqlBoolean(body.enabled) }),
      updated: deps.now(),
    }),
  );
  if (row === undefined) throw notFound('eventDestination', id);
  forgetPlatformDestinations(platformId);
  return eventDestinationView(row);
}

/** Deletes destination `id` of `platformId` (its deliveries go with it); a 404 when there is none. */
export async function deleteEventDestination(
  deps: EventDestinationDependencies,
  platformId: string,
  id: string,
): Promise<void> {
  const deleted = await deps.store.write((trx) => deleteDestinationRow(trx, platformId, id));
  if (deleted === undefined) throw notFound('eventDestination', id);
  forgetPlatformDestinations(platformId);
}

/** Sends a test event to destination `id` of `platformId` at once and answers how it went. */
export async function testEventDestination(
  deps: EventDestinationDependencies,
  platformId: string,
  id: string,
): Promise<EventDestinationTestResult> {
  const destination = await destinationOf(deps, platformId, id);
  const event = testEvent(platformId, deps.now());
  const sent = await sendEvent({
    url: destination.url,
    secret: deps.secrets.open<string>(destination.sealedSecret),
    eventId: event.id,
    body: JSON.stringify(event),
    allowList: deps.settings.config.ssrfAllowList,
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
}

/** One page of the delivery log of destination `id` of `platformId` (a 404 when there is none). */
export async function listEventDeliveries(
  deps: EventDestinationDependencies,
  platformId: string,
  id: string,
  query: ListEventDeliveriesQuery,
): Promise<Page<EventDeliveryAttempt>> {
  await destinationOf(deps, platformId, id);
  const page = await fetchDeliveryPage(deps.store.db, platformId, id, query.status, {
    limit: query.limit,
    cursor: query.cursor,
  });
  return mapPage(page, eventDeliveryView);
}
