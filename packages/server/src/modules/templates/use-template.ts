/**
 * Using a template in a project (`POST /v1/templates/:id/use`): its tables are created through the
 * tables service, then its flows, each created and filled by IMPORT_FLOW (old-dialect flows are
 * upgraded and every step validated, as an import is), with the template's notes. All or nothing:
 * the flows are written in one transaction, and when anything fails the tables made so far are
 * deleted again.
 *
 * Tables-piece steps name tables by external id (`table_id`). A table whose external id the project
 * already uses gets a fresh one, and every `table_id` naming it in the new flows' steps and
 * triggers is rewritten to match.
 */
import {
  generateId,
  type PopulatedFlow,
  type Table,
  type TableDefinition,
  type Template,
  type UseTemplateRequest,
  type UseTemplateResponse,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import { auditActorOf } from '../audit-events/record-audit-event';
import type { Principal } from '../../infrastructure/auth/principal';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { Database } from '../../infrastructure/storage/database';
import { applyFlowChangeIn } from '../flows/apply-flow-change';
import { createFlowIn, type CallerMeta } from '../flows/flow-service';
import { createTableFromDefinition, deleteTable, listProjectTables } from '../tables/table-definitions';
import { withTableIdsRenamed } from './table-references';

/**
 * What using a template uses of the server context: the store and what creating tables, creating
 * flows and applying their import need.
 */
export type UseTemplateDependencies = Parameters<typeof createFlowIn>[1] &
  Parameters<typeof applyFlowChangeIn>[1] &
  Parameters<typeof createTableFromDefinition>[0] &
  Parameters<typeof deleteTable>[0] &
  Parameters<typeof listProjectTables>[0];

/** Creates `template`'s tables and flows in `project` (authorized for WRITE_FLOW and WRITE_TABLE). */
export async function useTemplate(
  ctx: UseTemplateDependencies,
  principal: Principal,
  meta: CallerMeta,
  project: ProjectRow,
  template: Template,
  request: UseTemplateRequest,
): Promise<UseTemplateResponse> {
  const definitions = template.tables ?? [];
  const renamed = await externalIdsToRename(ctx, project.id, definitions);
  const tables: Table[] = [];
  try {
    for (const definition of definitions) {
      const externalId = renamed.get(definition.externalId) ?? definition.externalId;
      tables.push(await createTableFromDefinition(ctx, project.id, { ...definition, externalId }));
    }
    const flows = await ctx.store.write((trx) =>
      createFlows(trx, ctx, { principal, meta, project, template, request, renamed }),
    );
    return { flows, tables };
  } catch (error) {
    await deleteTables(ctx, tables);
    throw error;
  }
}

/** One use of a template: who uses it, where, and the table external ids it renames. */
interface TemplateUse {
  readonly principal: Principal;
  readonly meta: CallerMeta;
  readonly project: ProjectRow;
  readonly template: Template;
  readonly request: UseTemplateRequest;
  /** Old table external id to new, for the tables the project already had. */
  readonly renamed: ReadonlyMap<string, string>;
}

/** The template's flows created in write transaction `trx`, `table_id`s renamed as the use says. */
async function createFlows(
  trx: Kysely<Database>,
  ctx: UseTemplateDependencies,
  { principal, meta, project, template, request, renamed }: TemplateUse,
): Promise<PopulatedFlow[]> {
  const flows: PopulatedFlow[] = [];
  for (const templateFlow of template.flows ?? []) {
    const created = await createFlowIn(
      trx,
      ctx,
      principal,
      meta,
      project,
      {
        displayName: templateFlow.displayName,
        projectId: project.id,
        ...(request.folderId === undefined ? {} : { folderId: request.folderId }),
      },
      template.id,
    );
    const imported = await applyFlowChangeIn(
      trx,
      ctx,
      created.id,
      {
        type: 'IMPORT_FLOW',
        request: {
          displayName: templateFlow.displayName,
          trigger: withTableIdsRenamed(templateFlow.trigger, renamed),
          schemaVersion: templateFlow.schemaVersion ?? null,
          notes: templateFlow.notes ?? [],
        },
      },
      {
        userId: principal.type === 'USER' ? principal.id : null,
        platformId: principal.platformId,
        actor: auditActorOf(principal, meta.ip),
        project,
      },
      null,
    );
    flows.push(imported.flow);
  }
  return flows;
}

/**
 * For each table definition whose external id the project already has, a fresh external id (old
 * to new); definitions whose external id is free keep it.
 */
async function externalIdsToRename(
  ctx: UseTemplateDependencies,
  projectId: string,
  definitions: readonly TableDefinition[],
): Promise<Map<string, string>> {
  const renamed = new Map<string, string>();
  if (definitions.length === 0) return renamed;
  const taken = new Set((await listProjectTables(ctx, projectId)).map((table) => table.externalId));
  for (const definition of definitions) {
    if (taken.has(definition.externalId)) renamed.set(definition.externalId, generateId());
  }
  return renamed;
}

/**
 * Deletes the tables a failed use made, each even when another's deletion fails (the caller
 * answers the error that made the use fail, not one of these).
 */
async function deleteTables(ctx: UseTemplateDependencies, tables: readonly Table[]): Promise<void> {
  await Promise.allSettled(tables.map((table) => deleteTable(ctx, table.id)));
}
