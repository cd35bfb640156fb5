/** Templates, `ENDPOINTS.templates`: official, a platform's own (CUSTOM) and shared ones. */
import { Page } from '../common/page';
import { CreateTemplateRequest, Template, UpdateTemplateRequest } from '../templates/template';
import {
  ListTemplatesQuery,
  TemplateCategories,
  TemplateFromFlowsRequest,
  UseTemplateRequest,
  UseTemplateResponse,
} from '../templates/template-requests';
import { PLATFORM_ACCESS, PUBLIC_ACCESS, projectAccess } from './endpoint-access';
import { endpoint, IdParams } from './endpoint';

/**
 * `/v1/templates`: list (official + the caller's platform's), categories, get, create, update,
 * delete, build one from flows of a project, and use one in a project. Every platform sees the
 * OFFICIAL templates the server ships and its own CUSTOM and SHARED ones, never another's.
 * Who may change which type is the endpoints' own rule: CUSTOM templates platform admins, SHARED
 * ones their author or a platform admin, OFFICIAL ones nobody.
 */
export const TEMPLATE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/v1/templates',
    operationId: 'templates.list',
    summary: "List the official templates and the caller platform's own, filtered (one page)",
    access: PLATFORM_ACCESS,
    query: ListTemplatesQuery,
    status: 200,
    response: Page(Template),
  }),
  categories: endpoint({
    method: 'GET',
    path: '/v1/templates/categories',
    operationId: 'templates.categories',
    summary: 'The categories templates are filed under',
    access: PUBLIC_ACCESS,
    status: 200,
    response: TemplateCategories,
  }),
  get: endpoint({
    method: 'GET',
    path: '/v1/templates/:id',
    operationId: 'templates.get',
    summary: "Read an official template or one of the caller's platform",
    access: PLATFORM_ACCESS,
    params: IdParams,
    status: 200,
    response: Template,
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/templates',
    operationId: 'templates.create',
    summary:
      'Create a template (CUSTOM: platform admins; SHARED: any user of the platform; OFFICIAL: refused)',
    access: PLATFORM_ACCESS,
    body: CreateTemplateRequest,
    status: 201,
    response: Template,
  }),
  fromFlows: endpoint({
    method: 'POST',
    path: '/v1/templates/from-flows',
    operationId: 'templates.fromFlows',
    summary: 'Create a template from flows of a project, with the tables their steps use (no connections)',
    access: projectAccess(['READ_FLOW', 'READ_TABLE'], { from: 'body' }),
    body: TemplateFromFlowsRequest,
    status: 201,
    response: Template,
  }),
  update: endpoint({
    method: 'POST',
    path: '/v1/templates/:id',
    operationId: 'templates.update',
    summary: 'Change a template of the platform (not an official one)',
    access: PLATFORM_ACCESS,
    params: IdParams,
    body: UpdateTemplateRequest,
    status: 200,
    response: Template,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/v1/templates/:id',
    operationId: 'templates.delete',
    summary: 'Delete a template of the platform (not an official one)',
    access: PLATFORM_ACCESS,
    params: IdParams,
    status: 204,
  }),
  use: endpoint({
    method: 'POST',
    path: '/v1/templates/:id/use',
    operationId: 'templates.use',
    summary: "Create a template's tables and flows in a project, all or nothing",
    access: projectAccess(['WRITE_FLOW', 'WRITE_TABLE'], { from: 'body' }),
    params: IdParams,
    body: UseTemplateRequest,
    status: 201,
    response: UseTemplateResponse,
  }),
};
