/**
 * `POST /v1/app-connections`: creates the connection `(projectId, externalId)`, or replaces the
 * existing one's value, type, names, piece and metadata while keeping its id and `created`. An
 * OAuth2 value's code is exchanged for tokens first (see `oauth2/claim-oauth2.ts`); a refused
 * exchange writes nothing. The value is sealed before it reaches the database; the answer and
 * the event never carry it.
 */
import type { UpsertAppConnectionRequest } from '@piecework/shared';
import { recordAuditEvent, type AuditActor } from '../audit-events/record-audit-event';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { Insertable } from 'kysely';
import type { AppConnectionTable } from '../../infrastructure/storage/database';
import { toJson } from '../../infrastructure/storage/json-column';
import { findProjectConnectionId, writeConnectionRow } from './connection-repository';
import { connectionEventData, type ConnectionRow } from './connection-view';
import { claimConnectionValue, type ClaimContext } from './oauth2/claim-oauth2';

/** What an upsert sets, whatever the connection's scope (project or global). */
export type ConnectionContent = Pick<
  UpsertAppConnectionRequest,
  'displayName' | 'type' | 'value' | 'pieceName' | 'pieceVersion' | 'metadata'
>;

/** The columns {@link sealedConnectionContent} sets. */
export type ConnectionContentColumns = Required<
  Pick<
    Insertable<AppConnectionTable>,
    | 'displayName'
    | 'type'
    | 'value'
    | 'pieceName'
    | 'pieceVersion'
    | 'status'
    | 'refreshLeaseId'
    | 'refreshLeaseUntil'
    | 'metadata'
    | 'updated'
  >
>;

/**
 * The columns an upsert of `request` writes at `now`, on any scope: the value claimed (an OAuth2
 * code exchanged on platform `platformId`) and sealed before any write, status ACTIVE. A refused
 * exchange throws before anything is written.
 */
export async function sealedConnectionContent(
  ctx: ClaimContext,
  platformId: string,
  request: ConnectionContent,
): Promise<(now: string) => ConnectionContentColumns> {
  const value = await claimConnectionValue(
    ctx,
    { platformId, pieceName: request.pieceName, pieceVersion: request.pieceVersion },
    request.value,
  );
  const sealed = ctx.secrets.seal(value);
  return (now) => ({
    displayName: request.displayName,
    type: request.type,
    value: sealed,
    pieceName: request.pieceName,
    pieceVersion: request.pieceVersion ?? null,
    status: 'ACTIVE',
    refreshLeaseId: null,
    refreshLeaseUntil: null,
    metadata: request.metadata === undefined || request.metadata === null ? null : toJson(request.metadata),
    updated: now,
  });
}

/** The columns that name a new connection row: where it lives, its external id, owner and creation time. */
export type ConnectionIdentity = Pick<
  Insertable<AppConnectionTable>,
  'projectId' | 'platformId' | 'externalId' | 'scope' | 'ownerId' | 'created'
>;

/**
 * Upserts `request` in `project` (already authorized), a new connection owned by user `ownerId`
 * (null for an API key), and records connection.upserted.
 */
export async function upsertConnection(
  ctx: ClaimContext,
  actor: AuditActor,
  ownerId: string | null,
  project: ProjectRow,
  request: UpsertAppConnectionRequest,
): Promise<ConnectionRow> {
  const content = await sealedConnectionContent(ctx, project.platformId, request);
  return ctx.store.write(async (trx) => {
    const now = ctx.now();
    const fields = content(now);
    const existing = await findProjectConnectionId(trx, project.id, request.externalId);
    const row = await writeConnectionRow(trx, existing?.id, fields, {
      projectId: project.id,
      externalId: request.externalId,
      scope: 'PROJECT',
      ownerId,
      created: now,
    });
    await recordAuditEvent(trx, now, actor, {
      action: 'connection.upserted',
      data: connectionEventData(row, project.displayName),
      project,
    });
    return row;
  });
}
