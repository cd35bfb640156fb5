/**
 * The routes of steps' sample data: `GET /v1/sample-data`, `POST /v1/sample-data/test-step`, and
 * `POST /v1/test-trigger` (WRITE_FLOW on the project), which runs a trigger once for its sample.
 */
import { ENDPOINTS } from '@piecework/shared';
import { HttpReply } from '../../infrastructure/http/http-reply';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { readSampleData } from './read-sample-data';
import { startStepTest } from './start-step-test';
import { testTrigger } from './test-trigger';

/** Every sample-data route. */
export function sampleDataRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.sampleData.get, {
      handler: async ({ query, project }) => {
        const value = await readSampleData(ctx.store.db, project, query);
        // Any JSON value, a bare string included, goes as JSON (never as text/plain).
        return new HttpReply(200, Buffer.from(JSON.stringify(value)), {
          'content-type': 'application/json; charset=utf-8',
        });
      },
    }),
    route(ENDPOINTS.sampleData.testStep, {
      handler: ({ body, principal, project }) => startStepTest(ctx, principal, project, body),
    }),
    route(ENDPOINTS.triggers.test, {
      handler: ({ body, principal, project, request }) =>
        testTrigger(ctx, principal, project, body, request.ip),
    }),
  ];
}
