/**
 * What every module of the server shares: settings, the data store, the token issuer, the secret
 * box, the clock and the logger. Built once at start by `createServer` (the base in
 * `composition/open-infrastructure.ts`, the whole context in `composition/compose-context.ts`)
 * and handed whole to `modules/all-routes.ts` and the other stages. A module does not take it
 * whole: its route factory and service take only what they use, typed and named as a `Pick`,
 * e.g. `export type FolderDependencies = Pick<ServerContext, 'store' | 'now'>`; callers that
 * pass the whole context keep compiling.
 */
import type { HealthWorker } from '@piecework/shared';
import type { Logger } from 'pino';
import { SecretBox } from './infrastructure/auth/secret-box';
import { SessionTokens } from './infrastructure/auth/session-tokens';
import { McpAccessTokens } from './modules/mcp-oauth/mcp-access-tokens';
import { NO_MAILER, type Mailer } from './infrastructure/email/mailer';
import { smtpMailerFromConfig } from './infrastructure/email/smtp-mailer';
import type { ServerSettings } from './infrastructure/config/server-settings';
import { EmbedOriginsCache } from './modules/embedding/embed-origins-cache';
import { DedupeWindow } from './modules/triggers/dedupe-window';
import { RecordEvents } from './modules/tables/record-events';
import { CatalogueStore } from './modules/pieces/catalogue-store';
import { PieceAvailability } from './modules/pieces/piece-availability';
import type { RunRuntime } from './execution/run-runtime';
import type { DataStore } from './infrastructure/storage/data-store';
import { timestampOfMicros } from './infrastructure/storage/timestamp';

/**
 * The shared dependencies of the server's modules, composed once per server. Modules take a
 * `Pick<ServerContext, ...>` of the members they use, not the whole context.
 */
export interface ServerContext {
  readonly settings: ServerSettings;
  readonly store: DataStore;
  readonly tokens: SessionTokens;
  /** Issues and checks MCP OAuth access tokens (`modules/mcp-oauth/mcp-access-tokens.ts`). */
  readonly mcpAccessTokens: McpAccessTokens;
  readonly secrets: SecretBox;
  /** Sends email (invitations, verification, password reset, run alerts); see `infrastructure/email/mailer.ts`. */
  readonly mailer: Mailer;
  readonly logger: Logger;
  /**
   * The server's pieces: which it can run (built-in or installed; checked at save and by
   * webhooks), its catalogue (known pieces too), installs, on demand and by hand.
   */
  readonly pieces: PieceAvailability;
  /** Every committed record change of the tables module, for table triggers and webhooks. */
  readonly recordEvents: RecordEvents;
  /** Recent `_dedupe_key`s of trigger items (polls, app events), per flow version. */
  readonly triggerDedupe: DedupeWindow;
  /** The origins allowed to frame the web app (page CSP, flags), cached; invalidate after a change. */
  readonly embedOrigins: EmbedOriginsCache;
  /** The current time as an ISO-8601 UTC string, strictly increasing (timestamps of rows and events). */
  now(): string;
  /** The run machinery: create, enqueue, await and read runs. */
  readonly runs: RunRuntime;
  /** Scale-out: the worker processes heard from recently (for health). Absent in one process. */
  readonly workers?: { list(): Promise<HealthWorker[]> } | undefined;
}

/** The context without the run machinery: what the run machinery itself is built from. */
export type ServerBase = Omit<ServerContext, 'runs'>;

/**
 * Assembles a {@link ServerBase} from settings, an open store and a logger; `now` reads
 * `wallClockMicros` (default the system's clock).
 */
export function createServerBase(
  settings: ServerSettings,
  store: DataStore,
  logger: Logger,
  wallClockMicros?: () => number,
): ServerBase {
  const now = monotonicClock(wallClockMicros);
  return {
    settings,
    store,
    tokens: new SessionTokens(settings.jwtSecret),
    mcpAccessTokens: new McpAccessTokens(settings.jwtSecret, settings.publicUrl),
    secrets: new SecretBox(settings.encryptionKey),
    mailer: smtpMailerFromConfig(settings.config) ?? NO_MAILER,
    logger,
    pieces: new PieceAvailability({
      piecesDir: settings.piecesDir,
      logger,
      known: new CatalogueStore(store, now),
      installOnDemand: settings.config.piecesInstallOnDemand,
    }),
    recordEvents: new RecordEvents(logger),
    triggerDedupe: new DedupeWindow(),
    embedOrigins: new EmbedOriginsCache(store.db, { configured: settings.config.allowedEmbedOrigins }),
    now,
  };
}

/**
 * A clock that never answers the same instant twice, so rows created one after the other sort in
 * creation order. It counts in microseconds (ISO-8601 with six fractional digits, which still sort
 * as text) and steps 1 µs past its last answer when the wall clock has not moved, so it stays on
 * wall time up to a million calls a second.
 *
 * @param wallClockMicros - the wall clock in microseconds since the epoch (tests pin it).
 */
export function monotonicClock(
  wallClockMicros: () => number = () => Math.floor((performance.timeOrigin + performance.now()) * 1000),
): () => string {
  let last = 0;
  return () => {
    last = Math.max(wallClockMicros(), last + 1);
    return timestampOfMicros(last);
  };
}
