/**
 * A connection row as the API returns it (never its sealed `value`), and as its audit events
 * carry it. Rows are read through {@link CONNECTION_COLUMNS}, which leaves the value out.
 */
import type { Selectable } from 'kysely';
import type { AppConnection, AuditEventData } from '@piecework/shared';
import type { AppConnectionTable } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';

/** Every column of `appConnection` but the sealed value. */
export const CONNECTION_COLUMNS = [
  'appConnection.id',
  'appConnection.created',
  'appConnection.updated',
  'appConnection.projectId',
  'appConnection.externalId',
  'appConnection.type',
  'appConnection.pieceName',
  'appConnection.pieceVersion',
  'appConnection.displayName',
  'appConnection.status',
  'appConnection.scope',
  'appConnection.ownerId',
  'appConnection.metadata',
  'appConnection.platformId',
  'appConnection.preSelectForNewProjects',
] as const;

/** A connection row without its value (nor its refresh lease). */
export type ConnectionRow = Omit<
  Selectable<AppConnectionTable>,
  'value' | 'refreshLeaseId' | 'refreshLeaseUntil'
>;

/**
 * The API's `AppConnection` of a row, on platform `platformId`. `ownerId` is the user who created
 * it (null when an API key did); a connection without a recorded piece version answers `''`.
 * `projectIds` is the project of a project connection; a global connection's come from
 * `appConnectionProject` (see `global-connection-projects.ts`) and are passed in.
 */
export function connectionView(
  row: ConnectionRow,
  platformId: string,
  projectIds: readonly string[] = row.projectId === null ? [] : [row.projectId],
): AppConnection {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    externalId: row.externalId,
    displayName: row.displayName,
    type: row.type as AppConnection['type'],
    pieceName: row.pieceName,
    pieceVersion: row.pieceVersion ?? '',
    projectIds: [...projectIds],
    platformId,
    scope: row.scope as AppConnection['scope'],
    status: row.status as AppConnection['status'],
    ownerId: row.ownerId,
    metadata: fromJson<Record<string, unknown>>(row.metadata),
    preSelectForNewProjects: Boolean(row.preSelectForNewProjects),
    usingSecretManager: false,
  };
}

/**
 * The `data` of a connection.upserted / connection.deleted event; a global connection's event
 * names no project (`projectDisplayName` undefined).
 */
export function connectionEventData(
  row: ConnectionRow,
  projectDisplayName: string | undefined,
): AuditEventData<'connection.upserted'> {
  return {
    connection: {
      id: row.id,
      created: row.created,
      updated: row.updated,
      displayName: row.displayName,
      externalId: row.externalId,
      pieceName: row.pieceName,
      status: row.status as AppConnection['status'],
      type: row.type as AppConnection['type'],
    },
    ...(projectDisplayName === undefined ? {} : { project: { displayName: projectDisplayName } }),
  };
}
