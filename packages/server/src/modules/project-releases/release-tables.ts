/**
 * The tables of a release: a project's table definitions (no records) by externalId, what a
 * source changes in them, and applying those changes through the tables service. The tables
 * service commits each table change in its own transaction, so a release applies them around its
 * flow transaction: creates and updates before it (undone if anything after fails: created
 * tables deleted, updated ones brought back to their earlier definition), deletes after it.
 */
import type { TableReleaseOperation, TableState } from '@piecework/shared';
import type { TableDependencies } from '../tables/table-dependencies';
import {
  createTableFromDefinition,
  deleteTable,
  listProjectTables,
  tableDefinitionOf,
  updateTableFromDefinition,
} from '../tables/table-definitions';
import { canonicalJson } from './flow-state';

/** A table of the target project with its current definition. */
export interface CapturedTable {
  readonly tableId: string;
  readonly definition: TableState;
}

/** One table change of a release, with what applying it needs. */
export type TableStep =
  | { readonly type: 'CREATE_TABLE'; readonly source: TableState }
  | { readonly type: 'UPDATE_TABLE'; readonly source: TableState; readonly target: CapturedTable }
  | { readonly type: 'DELETE_TABLE'; readonly target: CapturedTable };

/** The project's tables by externalId, each with its definition without records. */
export async function captureTables(
  ctx: TableDependencies,
  projectId: string,
): Promise<ReadonlyMap<string, CapturedTable>> {
  const captured = new Map<string, CapturedTable>();
  for (const table of await listProjectTables(ctx, projectId)) {
    const { data: _data, ...definition } = await tableDefinitionOf(ctx, table.id, { withData: false });
    captured.set(table.externalId, { tableId: table.id, definition: normalised(definition) });
  }
  return captured;
}

/** A definition as the tables service stores it: absent values null, options only on dropdowns. */
function normalised(definition: TableState): TableState {
  return {
    name: definition.name,
    externalId: definition.externalId,
    fields: definition.fields.map((field) => ({
      name: field.name,
      type: field.type,
      externalId: field.externalId,
      data: field.type === 'STATIC_DROPDOWN' ? { options: field.data?.options ?? [] } : null,
    })),
    status: definition.status ?? null,
    trigger: definition.trigger ?? null,
  };
}

/** What differs between a source table and the target's table of the same externalId. */
export function tableChanges(source: TableState, target: TableState): Omit<TableReleaseOperation, 'type'> {
  const wanted = normalised(source);
  const current = normalised(target);
  const currentFields = new Map(current.fields.map((field) => [field.externalId, field]));
  const wantedIds = new Set(wanted.fields.map((field) => field.externalId));
  const changes = (['name', 'status', 'trigger'] as const).filter((key) => wanted[key] !== current[key]);
  const fieldsAdded: string[] = [];
  const fieldsChanged: string[] = [];
  for (const field of wanted.fields) {
    const existing = currentFields.get(field.externalId);
    if (existing === undefined) fieldsAdded.push(field.externalId);
    else if (canonicalJson(existing) !== canonicalJson(field)) fieldsChanged.push(field.externalId);
  }
  const fieldsRemoved = current.fields
    .filter((field) => !wantedIds.has(field.externalId))
    .map((field) => field.externalId);
  return {
    externalId: source.externalId,
    name: source.name,
    changes,
    fieldsAdded,
    fieldsRemoved,
    fieldsChanged,
  };
}

/** The table steps and their plan rows for releasing `source` tables into the captured target. */
export function planTables(
  source: readonly TableState[],
  target: ReadonlyMap<string, CapturedTable>,
): { steps: TableStep[]; plan: TableReleaseOperation[] } {
  const steps: TableStep[] = [];
  const plan: TableReleaseOperation[] = [];
  const sourceIds = new Set<string>();
  for (const table of source) {
    sourceIds.add(table.externalId);
    const existing = target.get(table.externalId);
    if (existing === undefined) {
      steps.push({ type: 'CREATE_TABLE', source: table });
      plan.push({
        type: 'CREATE_TABLE',
        externalId: table.externalId,
        name: table.name,
        changes: [],
        fieldsAdded: table.fields.map((field) => field.externalId),
        fieldsRemoved: [],
        fieldsChanged: [],
      });
      continue;
    }
    const changes = tableChanges(table, existing.definition);
    if (
      changes.changes.length +
        changes.fieldsAdded.length +
        changes.fieldsRemoved.length +
        changes.fieldsChanged.length >
      0
    ) {
      steps.push({ type: 'UPDATE_TABLE', source: table, target: existing });
      plan.push({ type: 'UPDATE_TABLE', ...changes });
    }
  }
  for (const table of target.values()) {
    if (sourceIds.has(table.definition.externalId)) continue;
    steps.push({ type: 'DELETE_TABLE', target: table });
    plan.push({
      type: 'DELETE_TABLE',
      externalId: table.definition.externalId,
      name: table.definition.name,
      changes: [],
      fieldsAdded: [],
      fieldsRemoved: table.definition.fields.map((field) => field.externalId),
      fieldsChanged: [],
    });
  }
  return { steps, plan };
}

/**
 * Creates and updates the tables of `steps` in project `projectId`; answers how to undo them. When
 * one fails, those already made are undone before the error is thrown.
 */
export async function applyTableChanges(
  ctx: TableDependencies,
  projectId: string,
  steps: readonly TableStep[],
): Promise<() => Promise<void>> {
  const undo: (() => Promise<unknown>)[] = [];
  const undoAll = async () => {
    for (const step of undo.reverse()) await step();
  };
  try {
    for (const step of steps) {
      if (step.type === 'CREATE_TABLE') {
        const table = await createTableFromDefinition(ctx, projectId, step.source);
        undo.push(() => deleteTable(ctx, table.id));
      } else if (step.type === 'UPDATE_TABLE') {
        await updateTableFromDefinition(ctx, step.target.tableId, step.source);
        undo.push(() => updateTableFromDefinition(ctx, step.target.tableId, step.target.definition));
      }
    }
  } catch (error) {
    await undoAll();
    throw error;
  }
  return undoAll;
}

/** Deletes the tables of `steps` marked DELETE_TABLE (after the release committed). */
export async function deleteReleasedTables(
  ctx: TableDependencies,
  steps: readonly TableStep[],
): Promise<void> {
  for (const step of steps) {
    if (step.type === 'DELETE_TABLE') await deleteTable(ctx, step.target.tableId);
  }
}
