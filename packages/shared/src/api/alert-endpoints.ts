/** The alert receivers of a project, `ENDPOINTS.alerts`. */
import { Alert, CreateAlertRequest, ListAlertsQuery } from '../alerts/alert';
import { Page } from '../common/page';
import { projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/** `POST /v1/alerts`, `GET /v1/alerts?projectId`, `DELETE /v1/alerts/:id`. */
export const ALERT_ENDPOINTS = {
  create: endpoint({
    method: 'POST',
    path: '/v1/alerts',
    operationId: 'alerts.create',
    summary: 'Add an alert receiver to a project: emailed when a production run fails',
    access: projectAccess('WRITE_ALERT', { from: 'body' }),
    body: CreateAlertRequest,
    status: 201,
    response: Alert,
  }),
  list: endpoint({
    method: 'GET',
    path: '/v1/alerts',
    operationId: 'alerts.list',
    summary: "List a project's alert receivers",
    access: projectAccess('READ_ALERT', { from: 'query' }),
    query: ListAlertsQuery,
    status: 200,
    response: Page(Alert),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/alerts/:id',
    operationId: 'alerts.delete',
    summary: 'Remove an alert receiver',
    access: projectAccess('WRITE_ALERT', { from: 'entity', entity: 'alert' }),
    params: IdParams,
    status: 204,
  }),
};
