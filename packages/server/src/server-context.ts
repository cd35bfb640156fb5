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
  /** The current time as an ISO-8601 UTC string (timestamps of rows and events). */
  now(): string;
}

/** Assembles a {@link ServerContext} from settings, an open store and a logger. */
export function createServerContext(settings: ServerSettings, store: DataStore, logger: Logger): ServerContext {
  return {
    settings,
    store,
    tokens: new SessionTokens(settings.jwtSecret),
    secrets: new SecretBox(settings.encryptionKey),
    logger,
    now: () => new Date().toISOString(),
  };
}
