/**
 * Rows of the `flow` and `flowVersion` tables to and from the API objects (`Flow`, `FlowVersion`,
 * `PopulatedFlow`) and the short forms carried in audit events.
 */
import type { Insertable, Selectable } from 'kysely';
import type {
  AuditFlow,
  AuditProject,
  Flow,
  FlowOperationStatus,
  FlowStatus,
  FlowVersion,
  FlowVersionState,
  FlowVersionSummary,
  FlowValidationIssue,
  Metadata,
  Note,
  PopulatedFlow,
  Trigger,
} from '@piecework/shared';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { FlowTable, FlowVersionTable } from '../../infrastructure/storage/database';
import { fromJson, toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';

/** A `flow` row as read. */
export type FlowRow = Selectable<FlowTable>;
/** A `flowVersion` row as read. */
export type FlowVersionRow = Selectable<FlowVersionTable>;

/** The API form of a flow row; a missing `externalId` reads as the flow's id. */
export function flowFromRow(row: FlowRow): Flow {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    externalId: row.externalId ?? row.id,
    ownerId: row.ownerId,
    folderId: row.folderId,
    status: row.status as FlowStatus,
    publishedVersionId: row.publishedVersionId,
    metadata: fromJson<Metadata>(row.metadata),
    operationStatus: row.operationStatus as FlowOperationStatus,
    timeSavedPerRun: row.timeSavedPerRun,
    templateId: row.templateId,
  };
}

/** The row of a flow, to insert or to update (every column but the id is written). */
export function flowToRow(flow: Flow): Insertable<FlowTable> {
  return {
    id: flow.id,
    created: flow.created,
    updated: flow.updated,
    projectId: flow.projectId,
    externalId: flow.externalId,
    ownerId: flow.ownerId ?? null,
    folderId: flow.folderId ?? null,
    status: flow.status,
    publishedVersionId: flow.publishedVersionId ?? null,
    metadata: flow.metadata === undefined || flow.metadata === null ? null : toJson(flow.metadata),
    operationStatus: flow.operationStatus,
    timeSavedPerRun: flow.timeSavedPerRun ?? null,
    templateId: flow.templateId ?? null,
  };
}

/** The API form of a version row (JSON columns parsed). */
export function flowVersionFromRow(row: FlowVersionRow): FlowVersion {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    flowId: row.flowId,
    displayName: row.displayName,
    trigger: fromJson<Trigger>(row.trigger)!,
    updatedBy: row.updatedBy,
    valid: row.valid === 1,
    schemaVersion: row.schemaVersion,
    state: row.state as FlowVersionState,
    connectionIds: fromJson<string[]>(row.connectionIds) ?? [],
    notes: fromJson<Note[]>(row.notes) ?? [],
    ...(row.validationIssues === null
      ? {}
      : { validationIssues: fromJson<FlowValidationIssue[]>(row.validationIssues) ?? [] }),
  };
}

/** The row of a version, to insert or to update. */
export function flowVersionToRow(version: FlowVersion): Insertable<FlowVersionTable> {
  return {
    id: version.id,
    created: version.created,
    updated: version.updated,
    flowId: version.flowId,
    displayName: version.displayName,
    trigger: toJson(version.trigger),
    updatedBy: version.updatedBy ?? null,
    valid: toSqlBoolean(version.valid),
    schemaVersion: version.schemaVersion ?? null,
    state: version.state,
    connectionIds: toJson(version.connectionIds),
    notes: toJson(version.notes),
    validationIssues: version.validationIssues === undefined ? null : toJson(version.validationIssues),
  };
}

/** A flow with one of its versions: the answer of every flow route. */
export function populatedFlow(flow: Flow, version: FlowVersion): PopulatedFlow {
  return { ...flow, version };
}

/** `{id, externalId, created, updated}`: the flow as carried in flow.* audit events. */
export function auditFlowOf(flow: Flow): AuditFlow {
  return { id: flow.id, externalId: flow.externalId, created: flow.created, updated: flow.updated };
}

/** `{id, displayName, flowId, created, updated}`: the version as carried in flow.* audit events. */
export function versionSummaryOf(version: FlowVersion): FlowVersionSummary {
  return {
    id: version.id,
    displayName: version.displayName,
    flowId: version.flowId,
    created: version.created,
    updated: version.updated,
  };
}

/** `{displayName, externalId}`: the project as carried in flow.* audit events. */
export function auditProjectOf(project: ProjectRow): AuditProject {
  return { displayName: project.displayName, externalId: project.externalId };
}
