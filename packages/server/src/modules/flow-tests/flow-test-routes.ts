/**
 * Flow tests and replay: `GET|POST /v1/flows/:id/test-cases`, `POST /v1/flows/:id/test-cases/from-run`,
 * `POST|DELETE /v1/test-cases/:id`, `POST /v1/flows/:id/test-cases/run`, `POST /v1/flows/:id/replay`.
 * The behaviour is in `flow-test-case-service.ts`, `run-flow-tests.ts` and `replay-flow-runs.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import {
  createTestCase,
  createTestCaseFromRun,
  deleteTestCase,
  listTestCases,
  updateTestCase,
  type FlowTestDependencies,
} from './flow-test-case-service';
import { replayFlowRuns } from './replay-flow-runs';
import { runFlowTests } from './run-flow-tests';

/** The flow test routes. */
export function flowTestRoutes(deps: FlowTestDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.flowTests.list, {
      logEntity: 'flow',
      handler: async ({ params }) => listTestCases(deps, params.id),
    }),
    route(ENDPOINTS.flowTests.create, {
      logEntity: 'flow',
      handler: async ({ params, body, project }) => createTestCase(deps, project, params.id, body),
    }),
    route(ENDPOINTS.flowTests.createFromRun, {
      logEntity: 'flow',
      handler: async ({ params, body, project }) => createTestCaseFromRun(deps, project, params.id, body),
    }),
    route(ENDPOINTS.flowTests.update, {
      handler: async ({ params, body, project }) => updateTestCase(deps, project, params.id, body),
    }),
    route(ENDPOINTS.flowTests.delete, {
      handler: async ({ params, project }) => {
        await deleteTestCase(deps, project, params.id);
        return undefined;
      },
    }),
    route(ENDPOINTS.flowTests.run, {
      logEntity: 'flow',
      handler: async ({ params, body, project }) => runFlowTests(deps, project, params.id, body),
    }),
    route(ENDPOINTS.flowTests.replay, {
      logEntity: 'flow',
      handler: async ({ params, body, project }) => replayFlowRuns(deps, project, params.id, body),
    }),
  ];
}
