/**
 * The run engine's way to a connection's secret: `{{connections['<externalId>']}}` in a project
 * resolves to the decrypted value. OAuth2 tokens due for refresh (15 minutes before expiry) are
 * refreshed first, once however many runs ask at the same time, and the piece gets the fresh
 * ones, its refresh token redacted. Nothing else outside the module opens sealed values.
 */
import type { AppConnectionValue } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database';
import {
  freshConnectionValue,
  type RefreshContext,
  type StoredConnection,
} from './oauth2/connection-refresh';
import { isRefreshDue } from './oauth2/oauth2-tokens';
import { redactForPieces } from './oauth2/redact-for-pieces';
import { isOAuth2Value } from './oauth2/refresh-oauth2';

/**
 * The value of the connection `externalId` of project `projectId` as a piece gets it, or `null`
 * when the project has no such connection. Throws when the stored value cannot be opened
 * (another key), and a `ConnectionRefreshError` (the step fails with its message) when its
 * OAuth2 tokens needed a refresh that failed.
 */
export async function readConnectionValue(
  ctx: RefreshContext,
  projectId: string,
  externalId: string,
): Promise<AppConnectionValue | null> {
  const row = await findStoredConnection(ctx.store.db, projectId, externalId);
  if (row === undefined) return null;
  const value = ctx.secrets.open<AppConnectionValue>(row.value);
  if (!isOAuth2Value(value)) return value;
  const due = isRefreshDue(value, Math.round(Date.parse(ctx.now()) / 1000));
  return redactForPieces(due ? await freshConnectionValue(ctx, row) : value);
}

/** The stored (sealed) connection `externalId` of project `projectId`, with its platform. */
export function findStoredConnection(
  db: Kysely<Database>,
  projectId: string,
  externalId: string,
): Promise<StoredConnection | undefined> {
  return db
    .selectFrom('appConnection')
    .innerJoin('project', 'project.id', 'appConnection.projectId')
    .select([
      'appConnection.id',
      'appConnection.externalId',
      'appConnection.pieceName',
      'appConnection.value',
      'project.platformId',
    ])
    .where('appConnection.projectId', '=', projectId)
    .where('appConnection.externalId', '=', externalId)
    .executeTakeFirst();
}
