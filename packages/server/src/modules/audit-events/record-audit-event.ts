/**
 * Writes audit events, inside the transaction of the change they describe (so an event exists
 * exactly when its change committed), with their deliveries to the platform's event destinations
 * queued in the same transaction. Read them back with `GET /v1/audit-events`.
 */
import { generateTimeOrderedId, type AuditEventAction, type AuditEventData } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Principal } from '../../infrastructure/auth/principal';
import type { Database } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import { insertAuditEventRow, insertAuditEventRows } from './audit-event-repository';
import { queueEventDeliveries } from './destination-directory';

/** Who did it and from where: the envelope fields that do not depend on the event. */
export interface AuditActor {
  platformId: string;
  userId?: string | undefined;
  userEmail?: string | undefined;
  ip?: string | undefined;
}

/** One event to record: its kind, its data, and the project it happened in (if any). */
export type AuditEventInput = {
  [A in AuditEventAction]: {
    action: A;
    data: AuditEventData<A>;
    project?: { id: string; displayName: string } | undefined;
  };
}[AuditEventAction];

/** The actor fields of a request's caller (an API key has no user). */
export function auditActorOf(principal: Principal, ip: string | undefined): AuditActor {
  return principal.type === 'USER'
    ? { platformId: principal.platformId, userId: principal.id, userEmail: principal.email, ip }
    : { platformId: principal.platformId, ip };
}

/**
 * Records one event in `trx` at time `now`, and queues its delivery to each enabled event
 * destination of the platform that takes it (no query when the platform has none).
 */
export async function recordAuditEvent(
  trx: Kysely<Database>,
  now: string,
  actor: AuditActor,
  event: AuditEventInput,
): Promise<void> {
  const row = auditEventRow(now, actor, event);
  await insertAuditEventRow.run(trx, row);
  await queueEventDeliveries(trx, row);
}

/**
 * Records several events in `trx`, each at its time `now`, with one INSERT (see
 * {@link recordAuditEvent} for one), each with its deliveries queued. Use it where one
 * transaction records an event per item of a batch (the runs one claim starts).
 */
export async function recordAuditEvents(
  trx: Kysely<Database>,
  events: readonly { now: string; actor: AuditActor; event: AuditEventInput }[],
): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(({ now, actor, event }) => auditEventRow(now, actor, event));
  await insertAuditEventRows(trx, rows);
  for (const row of rows) await queueEventDeliveries(trx, row);
}

/** The `auditEvent` row of `event`, done by `actor` at `now`, with a new id. */
function auditEventRow(now: string, actor: AuditActor, event: AuditEventInput) {
  return {
    id: generateTimeOrderedId(),
    platformId: actor.platformId,
    projectId: event.project?.id ?? null,
    projectDisplayName: event.project?.displayName ?? null,
    action: event.action,
    data: toJson(event.data),
    userId: actor.userId ?? null,
    userEmail: actor.userEmail ?? null,
    ip: actor.ip ?? null,
    created: now,
  };
}
