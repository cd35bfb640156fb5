/** Rows of the event-destination tables as the API shows them. */
import type { Selectable } from 'kysely';
import {
  AuditEventAction,
  EventDeliveryStatus,
  type EventDeliveryAttempt,
  type EventDestination,
} from '@piecework/shared';
import type { EventDeliveryTable, EventDestinationTable } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';

/** The columns a destination is shown with (never its sealed secret). */
export const DESTINATION_COLUMNS = [
  'id',
  'created',
  'updated',
  'platformId',
  'url',
  'events',
  'displayName',
  'enabled',
] as const;

/** The API's `EventDestination` of a row. */
export function eventDestinationView(
  row: Pick<Selectable<EventDestinationTable>, (typeof DESTINATION_COLUMNS)[number]>,
): EventDestination {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    platformId: row.platformId,
    url: row.url,
    events: fromJson<AuditEventAction[]>(row.events) ?? [],
    displayName: row.displayName,
    enabled: row.enabled === 1,
  };
}

/** The API's `EventDeliveryAttempt` of a row; a PENDING attempt's next attempt is when it is due. */
export function eventDeliveryView(row: Selectable<EventDeliveryTable>): EventDeliveryAttempt {
  const status = EventDeliveryStatus.parse(row.status);
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    destinationId: row.destinationId,
    eventId: row.eventId,
    action: AuditEventAction.parse(row.action),
    attempt: Number(row.attempt),
    status,
    statusCode: row.statusCode === null ? null : Number(row.statusCode),
    error: row.error,
    durationMs: row.durationMs === null ? null : Number(row.durationMs),
    nextAttemptAt: status === 'PENDING' ? row.dueAt : row.nextAttemptAt,
  };
}
