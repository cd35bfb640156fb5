/**
 * Assembles the server: settings, logger, store (SQLite, or PostgreSQL with AP_DB_TYPE=POSTGRES;
 * migrated), context, routes and the HTTP app. `listen()` binds AP_PORT (or the port given), starts the run machinery and answers with the
 * URL; `close()` stops the app, then the run machinery (running jobs get a grace period), then
 * closes the database. AP_CONTAINER_TYPE decides the role: WORKER_AND_APP does everything, APP
 * serves the API and the timers without executing runs, WORKER executes runs and answers health
 * only; with Redis configured, the queue, run signals and timers go through it (`execution/scale-out/`).
 */
import { shippedSnapshotPath } from './modules/pieces/catalogue-file';
import { startCatalogueUpkeep, type CatalogueUpkeep } from './modules/pieces/catalogue-upkeep';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { authenticate } from './modules/access/authenticate';
import { authorizeAccess } from './modules/access/authorize-access';
import { loadServerSettings, type ServerSettings } from './infrastructure/config/server-settings';
import { buildHttpApp } from './infrastructure/http/build-http-app';
import { resolveHttpTimeouts, type HttpTimeoutOptions } from './infrastructure/http/http-timeouts';
import { listeningUrl } from './infrastructure/http/listening-url';
import { locateWebApp } from './infrastructure/http/web-app/locate-web-app';
import { serveWebApp } from './infrastructure/http/web-app/serve-web-app';
import { openAuthnRateLimit } from './infrastructure/http/rate-limit/open-authn-rate-limit';
import { createLogger } from './infrastructure/logging/create-logger';
import { allRoutes } from './modules/all-routes';
import { mcpEndpoint } from './modules/mcp/mcp-endpoint';
import type { GoogleEndpoints } from './modules/federated-authn/google-provider';
import { mcpOAuthRootRoutes } from './modules/mcp-oauth/mcp-oauth-root-routes';
import { platformRoutes } from './modules/platform/platform-routes';
import { createScheduler } from './modules/schedules/scheduler';
import type { EventDeliveryOptions } from './modules/event-destinations/delivery-policy';
import { createEventDispatcher } from './modules/event-destinations/event-dispatcher';
import { createTriggerPoller } from './modules/triggers/trigger-poller';
import { createRunRuntime, type RunRuntimeOptions } from './execution/create-run-runtime';
import { PIECEWORK_RELEASE } from './release';
import { openScaleOut } from './execution/scale-out/open-scale-out';
import type { TimedWorkTicks } from './execution/scale-out/timed-work-ticks';
import { licensePublicKeyOf } from './modules/platform-plan/platform-plan';
import { createServerBase, type ServerContext } from './server-context';
import { openStore } from './infrastructure/storage/open-store';
import { serverTablesHost } from './modules/pieces/server-tables-host';
import { createAgentToolboxOpener } from './modules/agents/tools/open-agent-toolbox';
import { subscribeTableWebhooks } from './modules/table-webhooks/deliver-table-events';

/** Options of {@link createServer}; everything defaults to what the environment says. */
export interface CreateServerOptions {
  /** Environment to read the `AP_*` configuration from (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** Already-loaded settings (instead of `env`). */
  settings?: ServerSettings;
  logger?: Logger;
  /** Check every answer against its schema (for tests). */
  validateResponses?: boolean;
  /** Options of the run machinery (tests shorten its timings). */
  runs?: RunRuntimeOptions;
  /** The release this process says it runs (tests of a worker of another release). Default the package's. */
  release?: string;
  /**
   * How long to wait on HTTP clients: headers, whole request, idle socket, keep-alive. Each
   * defaults as `infrastructure/http/http-timeouts.ts` says (20 s, 300 s, the webhook timeout + 60 s, 72 s).
   */
  http?: HttpTimeoutOptions;
  /**
   * Longest wait between two looks at the due schedules, polls and trigger renewals, in ms (work
   * due sooner is done when due). Default 1000.
   */
  timerIntervalMs?: number;
  /**
   * Google's endpoints for Google sign-in (authorization, token, JWKS, issuers): for tests, which
   * run a stand-in provider on loopback (its address must be on AP_SSRF_ALLOW_LIST). Default Google's.
   */
  googleEndpoints?: GoogleEndpoints;
  /**
   * The folder of the built web app to serve at `/` (`dist/app` of `@piecework/ui`), or false to
   * serve the API alone. Default: the installed `@piecework/ui`'s build, if there is one.
   * Workers never serve it.
   */
  webApp?: string | false;
  /**
   * Delivery of audit events to event destinations: attempts, backoff, request timeout, polling
   * (`modules/event-destinations/delivery-policy.ts` gives the defaults; polling defaults to
   * `timerIntervalMs`). Tests shorten the backoff.
   */
  eventDeliveries?: EventDeliveryOptions;
  /**
   * The catalogue file whose pieces a server lists before any sync (a fresh or air-gapped one),
   * or false for none. Default: the snapshot shipped with the server package.
   */
  catalogueSnapshot?: string | false;
}

/** A server, built but not yet listening. */
export interface PieceworkServer {
  readonly app: FastifyInstance;
  readonly context: ServerContext;
  /** Whether the web app is served at `/` (see {@link CreateServerOptions.webApp}). */
  readonly servesWebApp: boolean;
  /**
   * Starts listening on `port` (default AP_PORT; 0 picks a free one) and `host` (default every
   * IPv4 address) and answers with the base URL it is reached at from this machine: a wildcard
   * address shown as the loopback address of its family, an IPv6 address in brackets, the real port.
   */
  listen(options?: { port?: number; host?: string }): Promise<string>;
  /** Stops answering, stops the run machinery (running jobs get a grace period) and closes the database. */
  close(): Promise<void>;
}

const MB = 1024 * 1024;

/** Builds a server from the configuration. An invalid `AP_*` value throws, naming the variable. */
export async function createServer(options: CreateServerOptions = {}): Promise<PieceworkServer> {
  const settings = options.settings ?? loadServerSettings(options.env);
  licensePublicKeyOf(settings); // a malformed AP_LICENSE_PUBLIC_KEY stops the start
  const { config } = settings;
  const logger =
    options.logger ?? createLogger({ level: config.logLevel, sampleRateInfo: config.logSampleRateInfo });
  const store = await openStore(settings);
  const role = config.containerType;
  const servesApi = role !== 'WORKER';
  const executes = role !== 'APP';
  const leaseMs = options.runs?.leaseMs ?? config.workerLeaseSeconds * 1000;
  const release = options.release ?? PIECEWORK_RELEASE;
  const base = createServerBase(settings, store, logger);
  const scaleOut = await openScaleOut(settings, { store, logger, now: base.now, leaseMs, release });
  const runs = createRunRuntime(base, {
    // The tables piece's record writes fire their events on the routes' context, built below.
    tables: serverTablesHost(() => context),
    agentToolbox: createAgentToolboxOpener(
      () => context,
      () => routes,
    ),
    ...options.runs,
    leaseMs,
    executes,
    ...(scaleOut === undefined
      ? {}
      : {
          queue: scaleOut.queue,
          signals: scaleOut.signals,
          admission: scaleOut.registry,
          takeOverOnStart: false,
        }),
  });
  const context: ServerContext = {
    ...base,
    runs,
    ...(scaleOut === undefined ? {} : { workers: { list: () => scaleOut.registry.workers() } }),
  };
  subscribeTableWebhooks(context);
  const timers = options.timerIntervalMs === undefined ? {} : { pollIntervalMs: options.timerIntervalMs };
  const scheduler = createScheduler(context, timers);
  const triggerPoller = createTriggerPoller(context, timers);
  // Every app process delivers; claims on the delivery rows keep two from sending the same one.
  const eventDispatcher = createEventDispatcher(context, {
    ...(options.timerIntervalMs === undefined ? {} : { pollIntervalMs: options.timerIntervalMs }),
    ...options.eventDeliveries,
  });
  let ticks: TimedWorkTicks | undefined;
  let catalogueUpkeep: CatalogueUpkeep | undefined;
  const authnRateLimit = servesApi ? openAuthnRateLimit(settings, store) : undefined;
  // A worker answers health only: the API is the app's.
  const routes = servesApi
    ? allRoutes(context, { federatedAuthn: { google: options.googleEndpoints } })
    : platformRoutes(context, () => []);
  const app = await buildHttpApp({
    routes,
    logger,
    authenticate: (header) => authenticate(context, header),
    authorize: (access, principal, parts) => authorizeAccess(context, access, principal, parts),
    bodyLimit: Math.max(config.maxFileSizeMb + 4, config.maxFlowRunLogSizeMb + 4, 25) * MB,
    logKeepSlowMs: config.logKeepSlowMs,
    timeouts: resolveHttpTimeouts(options.http ?? {}, config.webhookTimeoutSeconds * 1000),
    ...(options.validateResponses === undefined ? {} : { validateResponses: options.validateResponses }),
    ...(authnRateLimit === undefined ? {} : { authnRateLimit: authnRateLimit.options }),
  });
  // The MCP authorization server and `/mcp` sit at the domain root, before the web app's catch-all.
  if (servesApi) {
    await app.register(mcpOAuthRootRoutes(context));
    await app.register(mcpEndpoint(context, routes));
  }
  const webApp = servesApi ? (options.webApp ?? locateWebApp()) : false;
  if (webApp !== false && webApp !== undefined) {
    serveWebApp(app, webApp, { frameAncestors: () => context.embedOrigins.allowed() });
  }
  return {
    app,
    context,
    servesWebApp: webApp !== false && webApp !== undefined,
    async listen(listenOptions = {}) {
      const host = listenOptions.host ?? '0.0.0.0';
      await app.listen({ port: listenOptions.port ?? config.port, host });
      if (servesApi) await scaleOut?.registry.registerApp();
      await runs.start();
      if (servesApi && scaleOut !== undefined) ticks = await scaleOut.startTimers([scheduler, triggerPoller]);
      else if (servesApi) {
        await scheduler.start();
        await triggerPoller.start();
      }
      if (servesApi) await eventDispatcher.start();
      if (servesApi) {
        catalogueUpkeep = startCatalogueUpkeep(context, {
          snapshot: options.catalogueSnapshot ?? shippedSnapshotPath() ?? false,
          release,
        });
      } else void context.pieces.known.reload();
      const address = app.server.address();
      if (address === null || typeof address === 'string')
        throw new Error('The server is not listening on TCP');
      return listeningUrl(address);
    },
    async close() {
      await app.close();
      catalogueUpkeep?.stop();
      await catalogueUpkeep?.started;
      await authnRateLimit?.close();
      await ticks?.close();
      await scheduler.stop();
      await triggerPoller.stop();
      await eventDispatcher.stop();
      await runs.stop();
      await scaleOut?.close();
      await context.pieces.close();
      await store.close();
    },
  };
}
