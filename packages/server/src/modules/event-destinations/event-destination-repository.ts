/**
 * The SQL of the `eventDestination` table and of reading `eventDelivery` and `auditEvent` rows for
 * destinations: one query per function, on the db or a write transaction.
 */
import type { EventDeliveryStatus, Page } from '@piecework/shared';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  AuditEventTable,
  Database,
  EventDeliveryTable,
  EventDestinationTable,
} from '../../infrastructure/storage/database';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import { DESTINATION_COLUMNS } from './event-destination-view';

/** Destination `id` of `platformId` (the API columns and its sealed secret), or undefined. */
export async function findDestinationWithSecret(db: Kysely<Database>, platformId: string, id: string) {
  return db
    .selectFrom('eventDestination')
    .select([...DESTINATION_COLUMNS, 'sealedSecret'])
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Inserts a destination row and returns its API columns. */
export async function insertDestination(trx: Kysely<Database>, values: Insertable<EventDestinationTable>) {
  return trx
    .insertInto('eventDestination')
    .values(values)
    .returning(DESTINATION_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** One seek page of `platformId`'s destinations (their API columns). */
export async function fetchDestinationPage(db: Kysely<Database>, platformId: string, page: PageRequest) {
  const select = db
    .selectFrom('eventDestination')
    .select(DESTINATION_COLUMNS)
    .where('platformId', '=', platformId);
  return fetchSeekPage(select, 'eventDestination', page);
}

/** Sets `changes` on destination `id` of `platformId`; its API columns, or undefined when there is none. */
export async function updateDestination(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
  changes: Updateable<EventDestinationTable>,
) {
  return trx
    .updateTable('eventDestination')
    .set(changes)
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .returning(DESTINATION_COLUMNS)
    .executeTakeFirst();
}

/** Deletes destination `id` of `platformId`; its id, or undefined when there was none. */
export async function deleteDestinationRow(
  trx: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<{ id: string } | undefined> {
  return trx
    .deleteFrom('eventDestination')
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .returning('id')
    .executeTakeFirst();
}

/** One seek page of the deliveries to destination `destinationId` of `platformId`, optionally of one status. */
export async function fetchDeliveryPage(
  db: Kysely<Database>,
  platformId: string,
  destinationId: string,
  status: EventDeliveryStatus | undefined,
  page: PageRequest,
): Promise<Page<Selectable<EventDeliveryTable>>> {
  let select = db
    .selectFrom('eventDelivery')
    .selectAll()
    .where('destinationId', '=', destinationId)
    .where('platformId', '=', platformId);
  if (status !== undefined) select = select.where('status', '=', status);
  return fetchSeekPage(select, 'eventDelivery', page);
}

/** The URL, toggle and sealed secret of destination `id` of `platformId`, or undefined. */
export async function findDeliveryTarget(db: Kysely<Database>, platformId: string, id: string) {
  return db
    .selectFrom('eventDestination')
    .select(['url', 'enabled', 'sealedSecret'])
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}

/** Audit event `id` of `platformId`, or undefined. */
export async function findAuditEvent(
  db: Kysely<Database>,
  platformId: string,
  id: string,
): Promise<Selectable<AuditEventTable> | undefined> {
  return db
    .selectFrom('auditEvent')
    .selectAll()
    .where('id', '=', id)
    .where('platformId', '=', platformId)
    .executeTakeFirst();
}
