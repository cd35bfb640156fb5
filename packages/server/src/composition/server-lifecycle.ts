/**
 * The last stage of the server's assembly: the order things start in when the server listens
 * (HTTP, worker registration, run machinery, timers, event deliveries, run retention, catalogue
 * upkeep) and the order they stop in when it closes (HTTP first, then the database, the log
 * export last).
 */
import type { FastifyInstance } from 'fastify';
import type { CreateServerOptions, PieceworkServer } from '../create-server';
import type { TimedWorkTicks } from '../execution/scale-out/timed-work-ticks';
import { listeningUrl } from '../infrastructure/http/listening-url';
import { startCatalogueUpkeep, type CatalogueUpkeep } from '../modules/pieces/catalogue-upkeep';
import { shippedSnapshotPath } from '../modules/pieces/catalogue-file';
import type { ServerContext } from '../server-context';
import type { ServerFeatures } from './build-features';
import type { ServerHttp } from './build-http';
import type { Infrastructure } from './open-infrastructure';

/** What the server starts and stops: every earlier stage's parts. */
export interface ServerParts {
  readonly infrastructure: Infrastructure;
  readonly context: ServerContext;
  readonly features: ServerFeatures;
  readonly http: ServerHttp;
}

/** The `listen` and `close` of a server over its parts. */
export function serverLifecycle(
  parts: ServerParts,
  options: Pick<CreateServerOptions, 'catalogueSnapshot'>,
): Pick<PieceworkServer, 'listen' | 'close'> {
  const { infrastructure, context, features, http } = parts;
  const { settings, store, scaleOut, servesApi, release } = infrastructure;
  const { scheduler, triggerPoller, eventDispatcher, stuckRunWatchdog, retention, runSearchIndexer } =
    features;
  const { runs } = context;
  const app: FastifyInstance = http.app;
  let ticks: TimedWorkTicks | undefined;
  let catalogueUpkeep: CatalogueUpkeep | undefined;
  return {
    async listen(listenOptions = {}) {
      const host = listenOptions.host ?? '0.0.0.0';
      await app.listen({ port: listenOptions.port ?? settings.config.port, host });
      if (servesApi) await scaleOut?.registry.registerApp();
      await runs.start();
      if (servesApi && scaleOut !== undefined) {
        ticks = await scaleOut.startTimers([scheduler, triggerPoller]);
        // Its own timer in every app process: the once-per-run mark keeps two from alerting twice.
        await stuckRunWatchdog.start();
      } else if (servesApi) {
        await scheduler.start();
        await triggerPoller.start();
        await stuckRunWatchdog.start();
      }
      if (servesApi) await eventDispatcher.start();
      if (servesApi) await retention.start();
      if (servesApi) await runSearchIndexer.start();
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
      await http.rateLimits?.close();
      await ticks?.close();
      await scheduler.stop();
      await triggerPoller.stop();
      await stuckRunWatchdog.stop();
      await eventDispatcher.stop();
      await retention.stop();
      await runSearchIndexer.stop();
      await runs.stop();
      await scaleOut?.close();
      await context.pieces.close();
      await store.close();
      await infrastructure.logExport?.close();
    },
  };
}
