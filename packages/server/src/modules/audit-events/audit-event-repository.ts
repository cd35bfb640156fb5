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
import { compiledInsert, compiledMultiRowInsert } from '../../infrastructure/storage/compiled-statement';
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

/** The columns of an `auditEvent` row. */
const AUDIT_EVENT_COLUMNS = [
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
] as const satisfies readonly (keyof AuditEventTable)[];

/** The prepared insert of one `auditEvent` row (`run(trx, row)`). */
export const insertAuditEventRow = compiledInsert('auditEvent', AUDIT_EVENT_COLUMNS);

const multiRowInsert = compiledMultiRowInsert('auditEvent', AUDIT_EVENT_COLUMNS);

/**
 * Inserts `rows` into `auditEvent` in `trx`, as few statements as possible (one up to 500 rows).
 * Use it where one transaction records several events (runs started by one claim): one round
 * trip instead of one per event.
 */
export async function insertAuditEventRows(
  trx: Kysely<Database>,
  rows: readonly Insertable<AuditEventTable>[],
): Promise<void> {
  await multiRowInsert.run(trx, rows);
}

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
