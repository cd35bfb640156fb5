/**
 * The run engine's way to a connection's secret: `{{connections['<externalId>']}}` in a project
 * resolves to the decrypted value. OAuth2 tokens due for refresh (15 minutes before expiry) are
 * refreshed first, once however many runs ask at the same time, and the piece gets the fresh
 * ones, its refresh token redacted. Nothing else outside the module opens sealed values.
 */
import type { AppConnectionValue } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import {
  freshConnectionValue,
  type RefreshContext,
  type StoredConnection,
} from './oauth2/connection-refresh';
import { isRefreshDue } from './oauth2/oauth2-tokens';
import { redactForPieces } from './oauth2/redact-for-pieces';
import { isOAuth2Value } from './oauth2/refresh-oauth2';

/**
 * The value of the connection `externalId` of project `projectId` (its own, or a global one it
 * may use: see {@link findStoredConnection}) as a piece gets it, or `null` when there is none. Throws when the stored value cannot be opened
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

const STORED_COLUMNS = [
  'appConnection.id',
  'appConnection.externalId',
  'appConnection.pieceName',
  'appConnection.value',
  'project.platformId',
] as const;

/**
 * The stored (sealed) connection `externalId` project `projectId` may use, with its platform: the
 * project's own connection of that externalId, else a global connection of the project's platform
 * that lists the project. The project's own connection wins, so a project can override a global
 * one by creating a connection with the same externalId.
 */
export async function findStoredConnection(
  db: Kysely<Database>,
  projectId: string,
  externalId: string,
): Promise<StoredConnection | undefined> {
  const own = await db
    .selectFrom('appConnection')
    .innerJoin('project', 'project.id', 'appConnection.projectId')
    .select(STORED_COLUMNS)
    .where('appConnection.projectId', '=', projectId)
    .where('appConnection.externalId', '=', externalId)
    .executeTakeFirst();
  if (own !== undefined) return own;
  return db
    .selectFrom('appConnectionProject')
    .innerJoin('appConnection', 'appConnection.id', 'appConnectionProject.connectionId')
    .innerJoin('project', 'project.id', 'appConnectionProject.projectId')
    .select(STORED_COLUMNS)
    .where('appConnectionProject.projectId', '=', projectId)
    .where('appConnection.scope', '=', 'PLATFORM')
    .whereRef('appConnection.platformId', '=', 'project.platformId')
    .where('appConnection.externalId', '=', externalId)
    .executeTakeFirst();
}
