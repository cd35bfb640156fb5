import type {
  TablesHost,
  TablesHostCell,
  TablesHostField,
  TablesHostRecord,
} from '../../context/tables-host';
import type { PiecePropertyDefinition } from '../../framework/piece-definition';
import { Property } from '../../framework/properties';
import { builtinEnv } from '../../context/builtin-env';

/** The npm name of the tables piece. */
export const TABLES_PIECE_NAME = '@activepieces/piece-tables';

/** A context the piece is called with: every one names its project. */
interface ProjectContext {
  project: { id: string };
}

/** The host's tables bound to the context's project; throws where no server serves tables. */
export function projectTables(ctx: ProjectContext): BoundTables {
  const host = builtinEnv(ctx).tables;
  if (!host) throw new Error('Tables are only available on a Piecework server (no tables host here)');
  const projectId = ctx.project.id;
  return {
    host,
    projectId,
    async tableIdOf(externalId: unknown) {
      if (typeof externalId !== 'string' || externalId === '')
        throw new Error('Input "table_id" is required');
      const [table] = await host.listTables(projectId, { externalIds: [externalId] });
      if (!table) throw new Error(`Table with externalId ${externalId} not found`);
      return table.id;
    },
  };
}

/** {@link TablesHost} with the project it acts for, and a table's id from its external id. */
export interface BoundTables {
  host: TablesHost;
  projectId: string;
  /** The id of the project's table with this external id; throws "not found" when there is none. */
  tableIdOf(externalId: unknown): Promise<string>;
}

/** `table_id`: the project's tables by name; the value is the table's external id. */
export const tableIdProp: PiecePropertyDefinition = {
  ...Property.Dropdown({
    displayName: 'Table Name',
    required: true,
    refreshers: [],
    options: async (_props, ctx) => {
      try {
        const tables = await projectTables(ctx).host.listTables(ctx.project.id, {});
        if (tables.length === 0) {
          return {
            options: [],
            disabled: true,
            placeholder: 'No tables found. Please create a table first.',
          };
        }
        return { options: tables.map((table) => ({ label: table.name, value: table.externalId })) };
      } catch {
        return { options: [], disabled: true, placeholder: 'Error loading tables. Please try again.' };
      }
    },
  }),
  refreshOnSearch: true,
};

/** `record_id`: the id of the record to act on. */
export const recordIdProp = Property.ShortText({
  displayName: 'Record ID',
  description: 'The ID of the record to do the action on.',
  required: true,
});

const FIELD_TYPE_TEXT: Record<string, string> = {
  STATIC_DROPDOWN: 'Single Select',
  DATE: 'Date',
  NUMBER: 'Number',
  TEXT: 'Text',
};

/** What the builder shows when a table has no fields. */
const NO_FIELDS = {
  markdown: Property.MarkDown({
    value: "We couldn't find any fields in the selected table. Please add fields to the table first.",
    variant: 'INFO',
  }),
};

/**
 * One optional input per field of the table, keyed by the field's external id (NUMBER, DATE_TIME,
 * a dropdown of a STATIC_DROPDOWN field's options, text otherwise); a `markdown` note alone when
 * the table has no fields.
 */
export function fieldProperties(fields: TablesHostField[]): Record<string, PiecePropertyDefinition> {
  if (fields.length === 0) return NO_FIELDS;
  const props: Record<string, PiecePropertyDefinition> = {};
  for (const field of fields) {
    const common = { displayName: field.name, description: FIELD_TYPE_TEXT[field.type], required: false };
    switch (field.type) {
      case 'NUMBER':
        props[field.externalId] = Property.Number(common);
        break;
      case 'DATE':
        props[field.externalId] = Property.DateTime(common);
        break;
      case 'STATIC_DROPDOWN':
        props[field.externalId] = Property.StaticDropdown({
          ...common,
          defaultValue: '',
          options: {
            options: [
              { label: '(Empty)', value: '' },
              ...(field.data?.options ?? []).map((option) => ({ label: option.value, value: option.value })),
            ],
          },
        });
        break;
      default:
        props[field.externalId] = Property.ShortText({ ...common, defaultValue: '' });
    }
  }
  return props;
}

/** The field inputs of a table picked in `table_id` (none until one is picked). */
export async function fieldPropertiesOfTable(
  ctx: ProjectContext,
  tableExternalId: unknown,
): Promise<Record<string, PiecePropertyDefinition>> {
  if (typeof tableExternalId !== 'string' || tableExternalId === '') return {};
  const tables = projectTables(ctx);
  return fieldProperties(
    await tables.host.listFields(tables.projectId, await tables.tableIdOf(tableExternalId)),
  );
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/**
 * The cells of one record's values keyed by field external id: blank values (null, undefined,
 * `''`) and keys that name no field are left out. A NUMBER value must be a number and a DATE a
 * date, or it throws naming the field.
 */
export function cellsOf(values: unknown, fields: TablesHostField[]): TablesHostCell[] {
  const entries = typeof values === 'object' && values !== null ? Object.entries(values) : [];
  const cells: TablesHostCell[] = [];
  for (const [externalId, value] of entries) {
    const field = fields.find((candidate) => candidate.externalId === externalId);
    if (!field || isBlank(value)) continue;
    assertValueFits(field, value);
    cells.push({ fieldId: field.id, value });
  }
  return cells;
}

/** Throws when `value` cannot be a cell of `field` (a NUMBER field's non-number, a DATE field's non-date). */
export function assertValueFits(field: Pick<TablesHostField, 'name' | 'type'>, value: unknown): void {
  if (field.type === 'NUMBER' && (typeof value === 'object' || Number.isNaN(Number(value)))) {
    throw new Error(`Invalid number for field "${field.name}"`);
  }
  if (field.type === 'DATE' && !(value instanceof Date) && Number.isNaN(new Date(String(value)).getTime())) {
    throw new Error(`Invalid date for field "${field.name}"`);
  }
}

/** A record as the piece outputs it: id, timestamps and cells by field id. */
export interface FormattedRecord {
  id: string;
  created: string;
  updated: string;
  cells: Record<string, { fieldName: string; updated: string; created: string; value: unknown }>;
}

/** The Activepieces piece's output of a record (also given as `{record}`, as some events carry it). */
export function formatRecord(given: TablesHostRecord | { record: TablesHostRecord }): FormattedRecord {
  const record = 'record' in given ? given.record : given;
  const cells: FormattedRecord['cells'] = {};
  for (const [fieldId, cell] of Object.entries(record.cells ?? {})) {
    cells[fieldId] = {
      fieldName: cell.fieldName,
      updated: cell.updated,
      created: cell.created,
      value: cell.value,
    };
  }
  return { id: record.id, created: record.created, updated: record.updated, cells };
}
