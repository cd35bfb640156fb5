/** The Impact dashboard's figures, `ENDPOINTS.impact`. */
import { ImpactQuery, ImpactReport } from '../impact/impact-report';
import { PLATFORM_ADMIN_ACCESS, projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** `GET /v1/projects/:id/impact?from&to` and `GET /v1/platform-impact?from&to`. */
export const IMPACT_ENDPOINTS = {
  project: endpoint({
    method: 'GET',
    path: '/v1/projects/:id/impact',
    operationId: 'impact.project',
    summary:
      "What a project's production runs did over a range of days (runs, success, durations, time saved)",
    access: projectAccess('READ_RUN', { from: 'params' }),
    params: IdParams,
    query: ImpactQuery,
    status: 200,
    response: ImpactReport,
  }),
  platform: endpoint({
    method: 'GET',
    path: '/v1/platform-impact',
    operationId: 'impact.platform',
    summary:
      "What the platform's production runs did over a range of days, every project together (platform admins)",
    access: PLATFORM_ADMIN_ACCESS,
    query: ImpactQuery,
    status: 200,
    response: ImpactReport,
  }),
};
