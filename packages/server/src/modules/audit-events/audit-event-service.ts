/** Reading a platform's audit events, newest first. */
import type { AuditEvent, ListAuditEventsQuery, Page } from '@piecework/shared';
import { mapPage } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import { fetchAuditEventPage } from './audit-event-repository';
import { auditEventView } from './audit-event-view';

/** What the audit event routes and service use from the server context. */
export type AuditEventDependencies = Pick<ServerContext, 'store'>;

/** One page of platform `platformId`'s audit events, filtered by the query's project and action. */
export async function listAuditEvents(
  deps: AuditEventDependencies,
  platformId: string,
  query: ListAuditEventsQuery,
): Promise<Page<AuditEvent>> {
  const page = await fetchAuditEventPage(
    deps.store.db,
    platformId,
    { projectId: query.projectId, action: query.action },
    { limit: query.limit, cursor: query.cursor },
  );
  return mapPage(page, auditEventView);
}
