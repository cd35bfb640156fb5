/** An `auditEvent` row as the API returns it: the envelope (nulls left out) plus its parsed data. */
import type { Selectable } from 'kysely';
import type { AuditEvent } from '@piecework/shared';
import type { AuditEventTable } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';

/**
 * The API's `AuditEvent` of a row. Events are never changed, so `updated` is `created`; the
 * envelope's optional fields (`projectId`, `projectDisplayName`, `userId`, `userEmail`, `ip`) are
 * omitted when the row holds null.
 */
export function auditEventView(row: Selectable<AuditEventTable>): AuditEvent {
  return {
    id: row.id,
    created: row.created,
    updated: row.created,
    platformId: row.platformId,
    ...present('projectId', row.projectId),
    ...present('projectDisplayName', row.projectDisplayName),
    ...present('userId', row.userId),
    ...present('userEmail', row.userEmail),
    ...present('ip', row.ip),
    action: row.action,
    data: fromJson<unknown>(row.data),
  } as AuditEvent;
}

function present<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null ? {} : ({ [key]: value } as Record<K, string>);
}
