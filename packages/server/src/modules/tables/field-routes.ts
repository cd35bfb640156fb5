/** `/v1/fields`: a table's fields (READ_TABLE / WRITE_TABLE on its project, as declared in `ENDPOINTS.fields`). */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { TableDependencies } from './table-dependencies';
import { createField, deleteField, loadField, loadFields, updateField } from './field-service';
import { loadTable } from './table-service';
import { fieldView } from './table-views';

/** The field routes. */
export function fieldRoutes(ctx: TableDependencies): RouteDefinition[] {
  const db = () => ctx.store.db;
  const projectField = async (id: string, projectId: string) => {
    const field = await loadField(db(), id);
    await loadTable(db(), field.tableId, projectId);
    return field;
  };
  return [
    route(ENDPOINTS.fields.create, {
      handler: async ({ body, project }) => {
        const table = await loadTable(db(), body.tableId, project.id);
        return createField(ctx, table, project.platformId, body);
      },
    }),
    route(ENDPOINTS.fields.list, {
      handler: async ({ query, project }) => {
        const table = await loadTable(db(), query.tableId, project.id);
        return (await loadFields(db(), table.id)).map(fieldView);
      },
    }),
    route(ENDPOINTS.fields.get, {
      handler: async ({ params, project }) => fieldView(await projectField(params.id, project.id)),
    }),
    route(ENDPOINTS.fields.update, {
      handler: async ({ params, body, project }) => {
        const field = await projectField(params.id, project.id);
        return updateField(ctx, field.id, body);
      },
    }),
    route(ENDPOINTS.fields.delete, {
      handler: async ({ params, project }) => {
        const field = await projectField(params.id, project.id);
        await deleteField(ctx, field.id);
        return undefined;
      },
    }),
  ];
}
