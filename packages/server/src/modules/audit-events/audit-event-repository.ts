/**
 * The SQL of the `auditEvent` and `eventDelivery` tables as audit recording uses them: one query
 * per function, on the db or a write transaction.
 */
import type { Page } from '@piecework/shared';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  AuditEventTable,
  Database,
  EventDeliveryTable,
  EventDestinationTable,
} from '../../infrastructure/storage/database';
import { compiledInsert } from '../../infrastructure/storage/compiled-statement';
import { fetchSeekPage, type PageRequest } from '../../infrastructure/storage/seek-page';

/** Which audit events to list: an optional project and action. */
export interface AuditEventFilter {
  projectId?: string | undefined;
  action?: string | undefined;
}

/** One seek page of platform `platformId`'s audit events matching `filter`, newest first. */
export async function fetchAuditEventPage(
  db: Kysely<Database>,
  platformId: string,
  filter: AuditEventFilter,
  page: PageRequest,
): Promise<Page<Selectable<AuditEventTable>>> {
  let select = db
    .selectFrom('auditEvent')
    .selectAll('auditEvent')
    .where('auditEvent.platformId', '=', platformId);
  if (filter.projectId !== undefined) {
    select = select.where('auditEvent.projectId', '=', filter.projectId);
  }
  if (filter.action !== undefined) {
    select = select.where('auditEvent.action', '=', filter.action);
  }
  return fetchSeekPage(select, 'auditEvent', page);
}

/** The prepared insert of one `auditEvent` row (`run(trx, row)`). */
export const insertAuditEventRow = compiledInsert('auditEvent', [
  'id',
  'platformId',
  'projectId',
  'projectDisplayName',
  'action',
  'data',
  'userId',
  'userEmail',
  'ip',
  'created',
]);

/** The id and subscribed events (JSON) of each enabled event destination of `platformId`. */
export async function listEnabledDestinations(
  db: Kysely<Database>,
  platformId: string,
): Promise<Pick<Selectable<EventDestinationTable>, 'id' | 'events'>[]> {
  return db
    .selectFrom('eventDestination')
    .select(['id', 'events'])
    .where('platformId', '=', platformId)
    .where('enabled', '=', 1)
    .execute();
}

/** Inserts event delivery rows (at least one). */
export async function insertEventDeliveries(
  trx: Kysely<Database>,
  values: Insertable<EventDeliveryTable>[],
): Promise<void> {
  await trx.insertInto('eventDelivery').values(values).execute();
}
