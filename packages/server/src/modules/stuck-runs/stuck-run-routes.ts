/**
 * The stuck-run watchdog's routes: the platform's default limits (`/v1/stuck-run-limits`), a
 * flow's overrides (`/v1/flows/:id/stuck-run-limits`), the project's stuck runs
 * (`GET /v1/stuck-runs`) and ending them with a reason (`POST /v1/stuck-runs/end`). The behaviour
 * is in `stuck-run-limits-service.ts` and `stuck-run-service.ts`.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { auditActorOf } from '../audit-events/record-audit-event';
import {
  getFlowLimits,
  getPlatformLimits,
  updateFlowLimits,
  updatePlatformLimits,
} from './stuck-run-limits-service';
import { endStuckRuns, listStuckRuns, type StuckRunDependencies } from './stuck-run-service';

/** The stuck-run routes. */
export function stuckRunRoutes(deps: StuckRunDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.stuckRuns.getPlatformLimits, {
      handler: ({ principal }) => getPlatformLimits(deps, principal.platformId),
    }),
    route(ENDPOINTS.stuckRuns.updatePlatformLimits, {
      handler: ({ principal, body }) => updatePlatformLimits(deps, principal.platformId, body),
    }),
    route(ENDPOINTS.stuckRuns.getFlowLimits, {
      logEntity: 'flow',
      handler: ({ params, project }) => getFlowLimits(deps, project, params.id),
    }),
    route(ENDPOINTS.stuckRuns.updateFlowLimits, {
      logEntity: 'flow',
      handler: ({ params, project, body }) => updateFlowLimits(deps, project, params.id, body),
    }),
    route(ENDPOINTS.stuckRuns.list, {
      handler: ({ project }) => listStuckRuns(deps, project),
    }),
    route(ENDPOINTS.stuckRuns.end, {
      handler: ({ project, principal, body, request }) =>
        endStuckRuns(deps, project, auditActorOf(principal, request.ip), body),
    }),
  ];
}
