/**
 * Which enabled event destinations each platform has, cached in memory so that recording an audit
 * event costs no query when its platform has none (every flow run records two events). A
 * platform's entry is read on its first event and kept for {@link DIRECTORY_TTL_MS}; the routes
 * that change destinations forget it at once, so this process sees a change immediately and
 * other processes (scale-out apps and workers) within the TTL.
 *
 * The cache is process-wide, keyed by platform id (random, so servers on different databases in
 * one process never share an entry; servers on one database share what is true for both).
 */
import { generateTimeOrderedId, type AuditEventAction } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';
import { insertEventDeliveries, listEnabledDestinations } from './audit-event-repository';

/** How long a platform's destinations are trusted without reading them again, in ms. */
export const DIRECTORY_TTL_MS = 5_000;

/** A destination as the queueing needs it: its id and the actions it takes (empty: all). */
export interface DestinationRoute {
  id: string;
  events: readonly AuditEventAction[];
}

interface Entry {
  routes: readonly DestinationRoute[];
  expiresAt: number;
}

/** Entries above this count make the next store drop the expired ones. */
const PRUNE_ABOVE = 10_000;

const entries = new Map<string, Entry>();

/** Drops what is cached of `platformId`: call after changing its destinations (after the commit). */
export function forgetPlatformDestinations(platformId: string): void {
  entries.delete(platformId);
}

/** Whether a destination subscribed to `events` takes an event of `action`. */
export function destinationTakes(events: readonly AuditEventAction[], action: string): boolean {
  return events.length === 0 || (events as readonly string[]).includes(action);
}

/** The enabled destinations of `platformId`, from the cache or read in `db`. */
async function routesOf(db: Kysely<Database>, platformId: string): Promise<readonly DestinationRoute[]> {
  const now = Date.now();
  const cached = entries.get(platformId);
  if (cached !== undefined && cached.expiresAt > now) return cached.routes;
  const rows = await listEnabledDestinations(db, platformId);
  const routes = rows.map((row) => ({ id: row.id, events: fromJson<AuditEventAction[]>(row.events) ?? [] }));
  if (entries.size > PRUNE_ABOVE) {
    for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  }
  entries.set(platformId, { routes, expiresAt: now + DIRECTORY_TTL_MS });
  return routes;
}

/** The audit event just recorded, as its deliveries need it. */
export interface RecordedEvent {
  id: string;
  platformId: string;
  action: string;
  created: string;
}

/**
 * Queues, in `trx` (the transaction that records the event), the first delivery attempt of
 * `event` to each enabled destination of its platform that takes its action, due at once. No
 * query at all when the platform is known to have no destination.
 */
export async function queueEventDeliveries(trx: Kysely<Database>, event: RecordedEvent): Promise<void> {
  const routes = await routesOf(trx, event.platformId);
  const targets = routes.filter((route) => destinationTakes(route.events, event.action));
  if (targets.length === 0) return;
  await insertEventDeliveries(
    trx,
    targets.map((route) => ({
      id: generateTimeOrderedId(),
      platformId: event.platformId,
      destinationId: route.id,
      eventId: event.id,
      action: event.action,
      attempt: 1,
      status: 'PENDING',
      dueAt: event.created,
      statusCode: null,
      error: null,
      durationMs: null,
      nextAttemptAt: null,
      created: event.created,
      updated: event.created,
    })),
  );
}
