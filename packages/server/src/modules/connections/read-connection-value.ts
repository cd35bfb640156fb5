/**
 * The run engine's way to a connection's secret: `{{connections['<externalId>']}}` in a project
 * resolves to the decrypted value. OAuth2 tokens due for refresh (15 minutes before expiry) are
 * refreshed first, once however many runs ask at the same time, and the piece gets the fresh
 * ones, its refresh token redacted. Nothing else outside the module opens sealed values.
 */
import type { AppConnectionValue } from '@piecework/shared';
import { findStoredConnection } from './connection-repository';
import { freshConnectionValue, type RefreshContext } from './oauth2/connection-refresh';
import { isRefreshDue } from './oauth2/oauth2-tokens';
import { redactForPieces } from './oauth2/redact-for-pieces';
import { isOAuth2Value } from './oauth2/refresh-oauth2';

/**
 * The value of the connection `externalId` of project `projectId` (its own, or a global one it
 * may use: see `findStoredConnection` in `connection-repository.ts`) as a piece gets it, or `null` when there is none. Throws when the stored value cannot be opened
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
