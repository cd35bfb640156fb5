import { z } from 'zod';
import { FlowStatus } from '../flows/flow';
import { ImportFlowRequest } from '../flows/operations';
import { TableDefinition } from '../templates/table-definition';

/**
 * One flow of a {@link ProjectState}, keyed by its `externalId`: its published version (its
 * latest when it was never published) in the form IMPORT_FLOW takes, without sample data, and
 * whether and how it runs. Connection references (`{{connections['x']}}`) are kept: they name
 * connections by externalId, which the target project resolves to its own connections.
 */
export const FlowState = z.object({
  externalId: z.string().min(1),
  /** True when `version` is the flow's published version; false for a never-published draft. */
  published: z.boolean(),
  status: FlowStatus,
  version: ImportFlowRequest,
});
export type FlowState = z.infer<typeof FlowState>;

/** One connection of a {@link ProjectState}: what it is, never its secret value. */
export const ConnectionState = z.object({
  externalId: z.string().min(1),
  displayName: z.string(),
  pieceName: z.string(),
  type: z.string(),
});
export type ConnectionState = z.infer<typeof ConnectionState>;

/**
 * One table of a {@link ProjectState}, keyed by its `externalId`: its definition (name, fields by
 * externalId, status, trigger) without its records.
 */
export const TableState = TableDefinition.omit({ data: true });
export type TableState = z.infer<typeof TableState>;

/**
 * A project's state as a release carries it (`GET /v1/project-releases/export`, the `state` of a
 * FILE release): its flows, its tables (definitions without records) and the connections the flows may use,
 * each keyed by externalId. Never
 * holds a secret. Use it to move a project's flows to another project, or to keep them in a file.
 */
export const ProjectState = z.object({
  flows: z.array(FlowState),
  connections: z.array(ConnectionState),
  /** Absent in files exported before tables were released: no tables. */
  tables: z.array(TableState).default([]),
});
export type ProjectState = z.infer<typeof ProjectState>;
