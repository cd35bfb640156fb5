import { z } from 'zod';

/** What a release does to one flow of the target project, found by externalId. */
export const FlowReleaseOperationType = z.enum(['CREATE_FLOW', 'UPDATE_FLOW', 'DELETE_FLOW']);
export type FlowReleaseOperationType = z.infer<typeof FlowReleaseOperationType>;

/**
 * One flow a release changes. `changes` names what differs for UPDATE_FLOW (`displayName`,
 * `steps`, `notes`, `status`, `published`); empty for CREATE_FLOW and DELETE_FLOW.
 */
export const FlowReleaseOperation = z.object({
  type: FlowReleaseOperationType,
  externalId: z.string(),
  displayName: z.string(),
  changes: z.array(z.string()),
});
export type FlowReleaseOperation = z.infer<typeof FlowReleaseOperation>;

/** What a release does to one table of the target project, found by externalId. */
export const TableReleaseOperationType = z.enum(['CREATE_TABLE', 'UPDATE_TABLE', 'DELETE_TABLE']);
export type TableReleaseOperationType = z.infer<typeof TableReleaseOperationType>;

/**
 * One table a release changes, with its fields (by externalId) added, removed or changed (name,
 * type or dropdown options) and the table's own properties changed (`name`, `status`,
 * `trigger`). Records are never touched; a removed field's values go with it.
 */
export const TableReleaseOperation = z.object({
  type: TableReleaseOperationType,
  externalId: z.string(),
  name: z.string(),
  changes: z.array(z.string()),
  fieldsAdded: z.array(z.string()),
  fieldsRemoved: z.array(z.string()),
  fieldsChanged: z.array(z.string()),
});
export type TableReleaseOperation = z.infer<typeof TableReleaseOperation>;

/**
 * A connection the released flows may use that the target project lacks (by externalId). A
 * release never creates connections (it carries no secrets): create them in the target project.
 */
export const MissingConnection = z.object({
  externalId: z.string(),
  displayName: z.string(),
  pieceName: z.string(),
  type: z.string(),
});
export type MissingConnection = z.infer<typeof MissingConnection>;

/**
 * The exact plan of a release (`POST /v1/project-releases/diff`): the flows and tables it
 * creates, updates or deletes in the target project, and the connections the target lacks (`connectionsCreated`
 * is always false: a release never creates a connection). A flow or table the release leaves
 * as it is appears nowhere; an empty plan means the release would change nothing.
 */
export const ProjectReleasePlan = z.object({
  flows: z.array(FlowReleaseOperation),
  tables: z.array(TableReleaseOperation),
  connections: z.array(MissingConnection),
  connectionsCreated: z.literal(false),
});
export type ProjectReleasePlan = z.infer<typeof ProjectReleasePlan>;
