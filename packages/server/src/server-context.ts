/**
 * What every module of the server shares: settings, the data store, the token issuer, the secret
 * box, the clock and the logger. Built once at start by `createServer`; modules take it as their
 * only dependency.
 */
import type { Logger } from 'pino';
import { SecretBox } from './auth/secret-box';
import { SessionTokens } from './auth/session-tokens';
import type { ServerSettings } from './config/server-settings';
import type { DataStore } from './storage/data-store';

/** The shared dependencies of the server's modules. */
export interface ServerContext {
  readonly settings: ServerSettings;
  readonly store: DataStore;
  readonly tokens: SessionTokens;
  readonly secrets: SecretBox;
  readonly logger: Logger;
  /** The current time as an ISO-8601 UTC string, strictly increasing (timestamps of rows and events). */
  now(): string;
}

/** Assembles a {@link ServerContext} from settings, an open store and a logger. */
export function createServerContext(
  settings: ServerSettings,
  store: DataStore,
  logger: Logger,
): ServerContext {
  return {
    settings,
    store,
    tokens: new SessionTokens(settings.jwtSecret),
    secrets: new SecretBox(settings.encryptionKey),
    logger,
    now: monotonicClock(),
  };
}

/**
 * A clock that never answers the same instant twice (it steps 1 ms past the last answer when the
 * wall clock has not moved), so rows created one after the other sort in creation order.
 */
export function monotonicClock(wallClock: () => number = Date.now): () => string {
  let last = 0;
  return () => {
    last = Math.max(wallClock(), last + 1);
    return new Date(last).toISOString();
  };
}
