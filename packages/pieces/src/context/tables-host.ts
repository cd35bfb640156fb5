/**
 * What the built-in tables piece (`@activepieces/piece-tables`) needs from its host: the tables,
 * fields and records of a project, and the table webhooks its triggers register. The server
 * implements it in-process on its tables services (no HTTP to itself); every call names the
 * project of the run (or of the builder's request), and an id of another project is "not found".
 */
export interface TablesHost {
  /** The project's tables, newest first; with `externalIds`, only those. */
  listTables(projectId: string, query: { externalIds?: string[] }): Promise<TablesHostTable[]>;
  /** The fields of a table of the project, oldest first. */
  listFields(projectId: string, tableId: string): Promise<TablesHostField[]>;
  /** Creates records (each a list of cells by field id) in one transaction. */
  createRecords(
    projectId: string,
    request: { tableId: string; records: TablesHostCell[][] },
  ): Promise<TablesHostRecord[]>;
  /** Changes the given cells of a record; the others stay as they are. */
  updateRecord(
    projectId: string,
    recordId: string,
    request: { tableId: string; cells: TablesHostCell[] },
  ): Promise<TablesHostRecord>;
  /** One record of the project. */
  getRecord(projectId: string, recordId: string): Promise<TablesHostRecord>;
  /** Deletes these records of the table. */
  deleteRecords(projectId: string, request: { tableId: string; ids: string[] }): Promise<void>;
  /** Up to `limit` records of the table, newest first, matching every filter. */
  listRecords(
    projectId: string,
    request: { tableId: string; limit: number; filters: TablesHostFilter[] },
  ): Promise<TablesHostRecord[]>;
  /** Deletes every record of the table; answers how many there were. */
  clearTable(projectId: string, tableId: string): Promise<{ deletedCount: number }>;
  /** Registers a table webhook: each of `events` on the table starts a run of `flowId`. */
  createWebhook(
    projectId: string,
    request: { tableId: string; events: TableEventType[]; webhookUrl: string; flowId: string },
  ): Promise<{ id: string }>;
  /** Removes a table webhook. */
  deleteWebhook(projectId: string, request: { tableId: string; webhookId: string }): Promise<void>;
}

/** A record event a table webhook listens to. */
export type TableEventType = 'RECORD_CREATED' | 'RECORD_UPDATED' | 'RECORD_DELETED';

/** A table, as the piece sees it. */
export interface TablesHostTable {
  id: string;
  externalId: string;
  name: string;
}

/** A field (column), as the piece sees it; `data` holds a STATIC_DROPDOWN field's options. */
export interface TablesHostField {
  id: string;
  externalId: string;
  name: string;
  type: string;
  data: { options: { value: string }[] } | null;
}

/** A cell as written: its field's id and any value (stored as text). */
export interface TablesHostCell {
  fieldId: string;
  value: unknown;
}

/** A filter of {@link TablesHost.listRecords}: `eq|neq|gt|gte|lt|lte|co` against `value`. */
export interface TablesHostFilter {
  fieldId: string;
  operator: string;
  value: string;
}

/** A record with its cells by field id (Activepieces' `PopulatedRecord`). */
export interface TablesHostRecord {
  id: string;
  created: string;
  updated: string;
  tableId: string;
  projectId: string;
  cells: Record<string, { value: string | null; fieldName: string; created: string; updated: string }>;
}
