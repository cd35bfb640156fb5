/**
 * The routes of `/v1/templates` (access as declared in `ENDPOINTS.templates`): list, categories,
 * get, create, create from flows, update, delete, and use in a project.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { migrateTemplateFlowsBody } from './template-flows-body';
import { templateFromFlows, type TemplateFromFlowsDependencies } from './template-from-flows';
import { TEMPLATE_CATEGORIES } from './template-query';
import { TemplateService, type TemplateDependencies } from './template-service';
import { useTemplate, type UseTemplateDependencies } from './use-template';

/** What the template routes use of the server context: what the service, from-flows and use need. */
export type TemplateRouteDependencies = TemplateDependencies &
  TemplateFromFlowsDependencies &
  UseTemplateDependencies;

/** Every template route, bound to one {@link TemplateService}. */
export function templateRoutes(ctx: TemplateRouteDependencies): RouteDefinition[] {
  const templates = new TemplateService(ctx);
  return [
    route(ENDPOINTS.templates.list, {
      handler: ({ query, principal }) => templates.list(principal, query),
    }),
    route(ENDPOINTS.templates.categories, {
      handler: () => Promise.resolve([...TEMPLATE_CATEGORIES]),
    }),
    route(ENDPOINTS.templates.get, {
      handler: ({ params, principal }) => templates.get(principal, params.id),
    }),
    route(ENDPOINTS.templates.create, {
      prepareBody: migrateTemplateFlowsBody,
      handler: ({ body, principal }) => templates.create(principal, body),
    }),
    route(ENDPOINTS.templates.fromFlows, {
      handler: ({ body, principal, project }) => templateFromFlows(ctx, templates, principal, project, body),
    }),
    route(ENDPOINTS.templates.update, {
      prepareBody: migrateTemplateFlowsBody,
      handler: ({ params, body, principal }) => templates.update(principal, params.id, body),
    }),
    route(ENDPOINTS.templates.delete, {
      handler: async ({ params, principal }) => {
        await templates.delete(principal, params.id);
        return undefined;
      },
    }),
    route(ENDPOINTS.templates.use, {
      handler: async ({ params, body, principal, project, request }) =>
        useTemplate(ctx, principal, request, project, await templates.get(principal, params.id), body),
    }),
  ];
}
