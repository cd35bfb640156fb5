/** The fixtures of `ENDPOINTS.templates`: one row per endpoint (`templates.name`). */
import { OFFICIAL_TEMPLATES } from '../../templates/official';
import { adminCall, name, type Caller, type Fixture, type World } from './world';

/** An official template without tables: using it needs no table service beyond the access check. */
const OFFICIAL_WITHOUT_TABLES = OFFICIAL_TEMPLATES.find((template) => (template.tables ?? []).length === 0)!;

/** Callers of platform A that are not platform admins: the type rules refuse them CUSTOM templates. */
const NOT_PLATFORM_ADMINS: readonly Caller[] = [
  'editor',
  'viewer',
  'customRole',
  'operator',
  'memberOfAnotherProject',
];

/** A fresh CUSTOM template of platform A, made by its admin. */
const freshCustomTemplate = (world: World) =>
  adminCall<{ id: string }>(world, 'POST', '/v1/templates', { name: name('Template'), type: 'CUSTOM' });

/** One row per template endpoint. */
export const TEMPLATE_FIXTURES: Record<string, Fixture> = {
  'templates.list': async () => ({ platformWide: true }),
  'templates.get': async (w) => ({ params: { id: (await freshCustomTemplate(w)).id } }),
  // SHARED: any user of the platform may share a template (CUSTOM needs an admin: see update).
  'templates.create': async () => ({ body: { name: name('Shared'), type: 'SHARED' }, platformWide: true }),
  'templates.fromFlows': async (w) => ({
    body: { projectId: w.projectId, flowIds: [w.flow.id], name: name('From flows'), type: 'SHARED' },
  }),
  // CUSTOM templates are changed by platform admins only (the endpoint's own rule, by type).
  'templates.update': async (w) => ({
    params: { id: (await freshCustomTemplate(w)).id },
    body: { name: name('Renamed') },
    refusedCallers: NOT_PLATFORM_ADMINS,
  }),
  'templates.delete': async (w) => ({
    params: { id: (await freshCustomTemplate(w)).id },
    refusedCallers: NOT_PLATFORM_ADMINS,
  }),
  'templates.use': async (w) => ({
    params: { id: OFFICIAL_WITHOUT_TABLES.id },
    body: { projectId: w.projectId },
  }),
};
