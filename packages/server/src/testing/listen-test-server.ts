/**
 * One in-process server as the tests build it: responses checked against their schemas, engine
 * threads started with the first run, listening on loopback.
 */
import type { Logger } from 'pino';
import { createServer, type PieceworkServer } from '../create-server';
import type { TestServerOptions } from './test-server';

/**
 * Builds a server with `env` (the whole `AP_*` configuration) and `options`, logging to `logger`,
 * and starts it listening on 127.0.0.1, port `port` (0: a free one). Answers it with its URL.
 * Use `startTestServer` in tests; this is the part a test server and each process of an
 * in-process cluster share.
 */
export async function listenTestServer(
  env: Record<string, string>,
  options: TestServerOptions,
  logger: Logger,
  port: number,
): Promise<{ server: PieceworkServer; url: string }> {
  const server = await createServer({
    env,
    validateResponses: true,
    // Threads start with the first run: most test servers run no flow.
    runs: { prestart: false, ...options.runs },
    ...(options.http === undefined ? {} : { http: options.http }),
    ...(options.timerIntervalMs === undefined ? {} : { timerIntervalMs: options.timerIntervalMs }),
    ...(options.googleEndpoints === undefined ? {} : { googleEndpoints: options.googleEndpoints }),
    ...(options.githubEndpoints === undefined ? {} : { githubEndpoints: options.githubEndpoints }),
    ...(options.oidcAllowHttpIssuers === undefined
      ? {}
      : { oidcAllowHttpIssuers: options.oidcAllowHttpIssuers }),
    ...(options.eventDeliveries === undefined ? {} : { eventDeliveries: options.eventDeliveries }),
    ...(options.wallClockMicros === undefined ? {} : { wallClockMicros: options.wallClockMicros }),
    webApp: options.webApp === true ? undefined : (options.webApp ?? false),
    // Tests list the pieces they seed themselves; the shipped snapshot only when one asks.
    ...(options.catalogueSnapshot === true ? {} : { catalogueSnapshot: options.catalogueSnapshot ?? false }),
    logger,
  });
  try {
    return { server, url: await server.listen({ port, host: '127.0.0.1' }) };
  } catch (error) {
    await server.close();
    throw error;
  }
}
