/**
 * Assembles the server: settings, logger, store (SQLite, or PostgreSQL with AP_DB_TYPE=POSTGRES;
 * migrated), context, routes and the HTTP app. `listen()` binds AP_PORT (or the port given), starts the run machinery and answers with the
 * URL; `close()` stops the app, then the run machinery (running jobs get a grace period), then
 * closes the database. AP_CONTAINER_TYPE decides the role: WORKER_AND_APP does everything, APP
 * serves the API and the timers without executing runs, WORKER executes runs and answers health
 * only; with Redis configured, the queue, run signals and timers go through it (`execution/scale-out/`).
 * Each stage of the assembly is a function of `composition/`, called in order below; every stage
 * is built from the ones before it. The one cycle (agent steps' tools call the routes, which use
 * the run machinery) is closed by the named stage `connectRunServices`.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildFeatures } from './composition/build-features';
import { buildHttp } from './composition/build-http';
import type { GithubEndpoints } from './modules/federated-authn/github-provider';
import { buildRoutes } from './composition/build-routes';
import { buildRunRuntime } from './composition/build-run-runtime';
import { composeServerContext } from './composition/compose-context';
import { connectRunServices } from './composition/connect-run-services';
import { openInfrastructure } from './composition/open-infrastructure';
import { serverLifecycle } from './composition/server-lifecycle';
import type { ServerSettings } from './infrastructure/config/server-settings';
import type { HttpTimeoutOptions } from './infrastructure/http/http-timeouts';
import type { GoogleEndpoints } from './modules/federated-authn/google-provider';
import type { EventDeliveryOptions } from './modules/event-destinations/delivery-policy';
import type { RunRuntimeOptions } from './execution/create-run-runtime';
import type { ServerContext } from './server-context';
import type { RunRetentionOptions } from './modules/run-retention/run-retention-timer';

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
   * GitHub's endpoints for GitHub sign-in (authorize, access token, API): for tests, which run a
   * stand-in GitHub on loopback (its address must be on AP_SSRF_ALLOW_LIST). Default GitHub's.
   */
  githubEndpoints?: GithubEndpoints;
  /**
   * Accept OpenID Connect issuers served over plain http (tests only: a stand-in provider on
   * loopback; its address must still be on AP_SSRF_ALLOW_LIST). Default false: https only.
   */
  oidcAllowHttpIssuers?: boolean;
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
  /**
   * The wall clock behind `ServerContext.now`, in microseconds since the epoch. Default the
   * system's; tests of what happens after a long wait (stuck runs) move it forward.
   */
  wallClockMicros?: () => number;
  /** When the deletion of expired runs sweeps, and its batch sizes (defaults: hourly, 100 runs). */
  retention?: RunRetentionOptions;
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

/** Builds a server from the configuration. An invalid `AP_*` value throws, naming the variable. */
export async function createServer(options: CreateServerOptions = {}): Promise<PieceworkServer> {
  const infrastructure = await openInfrastructure(options);
  const { runs, services } = buildRunRuntime(infrastructure, options.runs);
  const context = composeServerContext(infrastructure, runs);
  const features = buildFeatures(context, options);
  const routes = buildRoutes(context, infrastructure.servesApi, options);
  connectRunServices(services, context, routes);
  const http = await buildHttp(infrastructure, context, routes, options);
  return {
    app: http.app,
    context,
    servesWebApp: http.servesWebApp,
    ...serverLifecycle({ infrastructure, context, features, http }, options),
  };
}
