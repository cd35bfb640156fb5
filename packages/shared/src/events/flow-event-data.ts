import { z } from 'zod';
import { FlowVersionSummary } from '../flows/flow-version';
import { FlowOperation } from '../flows/operations';
import { AuditProject } from './audit-project';

/** The flow an audit event is about: `{id, externalId, created, updated}`. */
export const AuditFlow = z.object({
  id: z.string(),
  externalId: z.string(),
  created: z.string(),
  updated: z.string(),
});
export type AuditFlow = z.infer<typeof AuditFlow>;

/** `data` of flow.created. */
export const FlowCreatedEventData = z.object({
  flow: AuditFlow,
  project: AuditProject.optional(),
});
export type FlowCreatedEventData = z.infer<typeof FlowCreatedEventData>;

/** `data` of flow.updated: the flow, the version changed, and the operation `{type, request}` applied. */
export const FlowUpdatedEventData = z.object({
  flow: AuditFlow,
  flowVersion: FlowVersionSummary,
  request: FlowOperation,
  project: AuditProject.optional(),
});
export type FlowUpdatedEventData = z.infer<typeof FlowUpdatedEventData>;

/** `data` of flow.deleted, flow.published, flow.activated and flow.deactivated. */
export const FlowEventData = z.object({
  flow: AuditFlow,
  flowVersion: FlowVersionSummary,
  project: AuditProject.optional(),
});
export type FlowEventData = z.infer<typeof FlowEventData>;
