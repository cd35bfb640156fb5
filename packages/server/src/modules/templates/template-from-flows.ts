/**
 * A template built from flows of a project (`POST /v1/templates/from-flows`): each flow's latest
 * version as its export gives it (no sample data, no connections), and the definitions of the
 * project's tables those flows' tables-piece steps name by `table_id` (with their rows when
 * asked), so that using the template elsewhere recreates what the flows need.
 */
import type {
  CreateTemplateRequest,
  Template,
  TemplateFlow,
  TemplateFromFlowsRequest,
} from '@piecework/shared';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import { FlowService } from '../flows/flow-service';
import { listProjectTables, tableDefinitionOf } from '../tables/table-definitions';
import { tableExternalIdsOf } from './table-references';
import type { TemplateService } from './template-service';

/**
 * What building a template from flows uses of the server context: what the flow service (the
 * flows' exports) and the tables service (the tables' definitions) need.
 */
export type TemplateFromFlowsDependencies = ConstructorParameters<typeof FlowService>[0] &
  Parameters<typeof listProjectTables>[0] &
  Parameters<typeof tableDefinitionOf>[0];

/** Creates a template of the caller's platform from flows of `project` (authorized for READ_FLOW and READ_TABLE). */
export async function templateFromFlows(
  ctx: TemplateFromFlowsDependencies,
  templates: TemplateService,
  principal: Principal,
  project: ProjectRow,
  request: TemplateFromFlowsRequest,
): Promise<Template> {
  const flowService = new FlowService(ctx);
  const flows: TemplateFlow[] = [];
  let author = '';
  for (const flowId of new Set(request.flowIds)) {
    const exported = await flowService.getTemplate(principal, project, flowId, undefined);
    author = exported.author;
    for (const version of exported.flows) {
      flows.push({
        displayName: version.displayName,
        trigger: version.trigger,
        valid: version.valid,
        schemaVersion: version.schemaVersion ?? null,
        description: '',
        notes: version.notes,
      });
    }
  }
  const named = new Set(flows.flatMap((flow) => tableExternalIdsOf(flow.trigger)));
  const used = (await listProjectTables(ctx, project.id)).filter((table) => named.has(table.externalId));
  const tables = [];
  for (const table of used) {
    tables.push(await tableDefinitionOf(ctx, table.id, { withData: request.includeTableData }));
  }
  const create: CreateTemplateRequest = {
    name: request.name,
    summary: request.summary,
    description: request.description,
    author,
    type: request.type,
    status: 'PUBLISHED',
    tags: [],
    categories: [],
    pieces: [],
    flows,
    tables,
  };
  return templates.create(principal, create);
}
