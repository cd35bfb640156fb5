/**
 * Refreshing a connection's OAuth2 tokens once, however many runs need them at the same time:
 * within a process the runs share one refresh (one promise per connection), and across processes
 * the one that takes the connection's refresh lease (a conditional update: no lease, or one past
 * its time, and the value still the one it read) asks the token endpoint; the others wait for
 * the value it stores. A refresh that works stores the tokens and sets the status ACTIVE; one
 * that fails sets ERROR and fails the caller with a message saying why (never a secret).
 */
import { generateId, isPieceworkError, type AppConnectionValue } from '@piecework/shared';
import type { ServerContext } from '../../../server-context';
import type { DataStore } from '../../../infrastructure/storage/data-store';
import { clearRefreshLease, selectConnectionValue, updateRefreshLease } from './oauth2-repository';
import { isRefreshDue } from './oauth2-tokens';
import { isOAuth2Value, refreshOAuth2Value } from './refresh-oauth2';
import { TOKEN_REQUEST_TIMEOUT_MS } from './token-endpoint';

/** How long a refresh lease lasts: the token request's timeout, with room to store the answer. */
export const REFRESH_LEASE_MS = TOKEN_REQUEST_TIMEOUT_MS + 10_000;

/** How often a process waiting on another's lease reads the connection again, in ms. */
const WAIT_STEP_MS = 50;

/** What a refresh needs of the server. */
export type RefreshContext = Pick<ServerContext, 'store' | 'secrets' | 'settings' | 'now' | 'logger'>;

/** A connection as the refresh reads it: its sealed value and who owns it. */
export interface StoredConnection {
  id: string;
  externalId: string;
  pieceName: string;
  platformId: string;
  /** The sealed value. */
  value: string;
}

/** A refresh that failed: the connection is ERROR now; the message says why. */
export class ConnectionRefreshError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConnectionRefreshError';
  }
}

/** The refreshes under way in this process, per store and connection id. */
const inFlight = new WeakMap<DataStore, Map<string, Promise<AppConnectionValue>>>();

/**
 * The value of `connection` with tokens good for at least the refresh margin: as stored when no
 * refresh is due, else refreshed (sharing a refresh already under way in this process).
 * @throws ConnectionRefreshError when the refresh fails.
 */
export function freshConnectionValue(
  ctx: RefreshContext,
  connection: StoredConnection,
): Promise<AppConnectionValue> {
  let running = inFlight.get(ctx.store);
  if (running === undefined) {
    running = new Map();
    inFlight.set(ctx.store, running);
  }
  const shared = running.get(connection.id);
  if (shared !== undefined) return shared;
  const refresh = refreshUnderLease(ctx, connection).finally(() => running.delete(connection.id));
  running.set(connection.id, refresh);
  return refresh;
}

/**
 * The refresh itself, coordinated only through the database (what two processes share): take
 * the lease and refresh, or wait for the holder's result. Exported for the test that races two
 * "processes"; runs go through {@link freshConnectionValue}.
 */
export async function refreshUnderLease(
  ctx: RefreshContext,
  connection: StoredConnection,
): Promise<AppConnectionValue> {
  const giveUpAt = Date.now() + REFRESH_LEASE_MS + 5_000;
  let sealed = connection.value;
  for (;;) {
    const value = ctx.secrets.open<AppConnectionValue>(sealed);
    if (!isOAuth2Value(value) || !isRefreshDue(value, nowSeconds(ctx))) return value;
    const leaseId = generateId();
    if (await takeLease(ctx, connection.id, sealed, leaseId)) {
      return refreshWithLease(ctx, connection, value, leaseId);
    }
    if (Date.now() > giveUpAt) {
      throw new ConnectionRefreshError(
        `Connection '${connection.externalId}' is being refreshed by another process that did not finish in time`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    const row = await selectConnectionValue(ctx.store.db, connection.id);
    if (row === undefined) {
      throw new ConnectionRefreshError(
        `Connection '${connection.externalId}' was deleted while it was refreshed`,
      );
    }
    sealed = row.value;
  }
}

/** Takes the refresh lease of connection `id` if nobody holds a live one and its value is still `sealed`. */
async function takeLease(ctx: RefreshContext, id: string, sealed: string, leaseId: string): Promise<boolean> {
  const now = ctx.now();
  const until = new Date(Date.parse(now) + REFRESH_LEASE_MS).toISOString();
  return ctx.store.write((trx) => updateRefreshLease(trx, id, sealed, leaseId, until, now));
}

async function refreshWithLease(
  ctx: RefreshContext,
  connection: StoredConnection,
  value: Extract<AppConnectionValue, { access_token: string }>,
  leaseId: string,
): Promise<AppConnectionValue> {
  const logFields = { connection: { id: connection.id, externalId: connection.externalId } };
  let fresh: AppConnectionValue;
  try {
    fresh = await refreshOAuth2Value(ctx, connection, value);
  } catch (error) {
    const reason = isPieceworkError(error)
      ? String(error.params['message'] ?? error.code)
      : error instanceof Error
        ? error.message
        : String(error);
    await endLease(ctx, connection.id, leaseId, { status: 'ERROR' });
    ctx.logger.warn({ ...logFields, reason }, 'OAuth2 refresh failed; the connection is marked ERROR');
    throw new ConnectionRefreshError(
      `Connection '${connection.externalId}' could not be refreshed: ${reason}. It is marked ERROR; reconnect it if this persists`,
    );
  }
  await endLease(ctx, connection.id, leaseId, { status: 'ACTIVE', value: ctx.secrets.seal(fresh) });
  ctx.logger.info(logFields, 'OAuth2 tokens refreshed');
  return fresh;
}

/** Stores the outcome and frees the lease, unless another process has taken it over since. */
async function endLease(
  ctx: RefreshContext,
  id: string,
  leaseId: string,
  outcome: { status: 'ACTIVE' | 'ERROR'; value?: string },
): Promise<void> {
  await ctx.store.write((trx) => clearRefreshLease(trx, id, leaseId, outcome, ctx.now()));
}

function nowSeconds(ctx: Pick<ServerContext, 'now'>): number {
  return Math.round(Date.parse(ctx.now()) / 1000);
}
