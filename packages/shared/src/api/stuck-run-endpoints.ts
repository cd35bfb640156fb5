/** The stuck-run watchdog: its limits and the runs over them, `ENDPOINTS.stuckRuns`. */
import { z } from 'zod';
import { FlowRun } from '../flow-runs/flow-run';
import { EndStuckRunsRequest, ListStuckRunsQuery, StuckRun } from '../flow-runs/stuck-run';
import { FlowStuckRunLimits, FlowStuckRunLimitsView, StuckRunLimits } from '../flow-runs/stuck-run-limits';
import { PLATFORM_ACCESS, PLATFORM_ADMIN_ACCESS, projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/**
 * `GET|POST /v1/stuck-run-limits` (the platform's defaults), `GET|POST /v1/flows/:id/stuck-run-limits`
 * (a flow's overrides), `GET /v1/stuck-runs?projectId` and `POST /v1/stuck-runs/end`.
 */
export const STUCK_RUN_ENDPOINTS = {
  getPlatformLimits: endpoint({
    method: 'GET',
    path: '/v1/stuck-run-limits',
    operationId: 'stuckRuns.getPlatformLimits',
    summary: "Get the platform's default stuck-run limits (minutes per status)",
    access: PLATFORM_ACCESS,
    status: 200,
    response: StuckRunLimits,
  }),
  updatePlatformLimits: endpoint({
    method: 'POST',
    path: '/v1/stuck-run-limits',
    operationId: 'stuckRuns.updatePlatformLimits',
    summary: "Set the platform's default stuck-run limits (platform admins)",
    access: PLATFORM_ADMIN_ACCESS,
    body: StuckRunLimits,
    status: 200,
    response: StuckRunLimits,
  }),
  getFlowLimits: endpoint({
    method: 'GET',
    path: '/v1/flows/:id/stuck-run-limits',
    operationId: 'stuckRuns.getFlowLimits',
    summary: "Get a flow's stuck-run limits: its overrides, the platform's defaults and the effective limits",
    access: projectAccess('READ_FLOW', { from: 'entity', entity: 'flow' }),
    params: IdParams,
    status: 200,
    response: FlowStuckRunLimitsView,
  }),
  updateFlowLimits: endpoint({
    method: 'POST',
    path: '/v1/flows/:id/stuck-run-limits',
    operationId: 'stuckRuns.updateFlowLimits',
    summary: "Set a flow's stuck-run limit overrides (null keeps the platform's default)",
    access: projectAccess('WRITE_FLOW', { from: 'entity', entity: 'flow' }),
    params: IdParams,
    body: FlowStuckRunLimits,
    status: 200,
    response: FlowStuckRunLimitsView,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/stuck-runs',
    operationId: 'stuckRuns.list',
    summary: "List a project's stuck runs: QUEUED, RUNNING or PAUSED longer than their limit",
    access: projectAccess('READ_RUN', { from: 'query' }),
    query: ListStuckRunsQuery,
    status: 200,
    response: z.array(StuckRun),
  }),
  end: endpoint({
    method: 'POST',
    path: '/v1/stuck-runs/end',
    operationId: 'stuckRuns.end',
    summary:
      'End stuck runs (the named ones, or all of the project) as CANCELED, recording the reason on each run',
    access: projectAccess('WRITE_RUN', { from: 'body' }),
    body: EndStuckRunsRequest,
    status: 200,
    response: z.array(FlowRun),
  }),
};
