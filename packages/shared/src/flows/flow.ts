import { z } from 'zod';
import { BaseModelFields, Metadata } from '../common/base-model';
import { FlowVersion } from './flow-version';

/** Whether a flow's published version is live (its trigger listening). */
export const FlowStatus = z.enum(['ENABLED', 'DISABLED']);
export type FlowStatus = z.infer<typeof FlowStatus>;

/** A long-running change in progress on a flow. */
export const FlowOperationStatus = z.enum(['NONE', 'DELETING', 'ENABLING', 'DISABLING']);
export type FlowOperationStatus = z.infer<typeof FlowOperationStatus>;

/** A flow: identity, status and pointers; its steps live in its versions. */
export const Flow = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  externalId: z.string(),
  ownerId: z.string().nullable().optional(),
  folderId: z.string().nullable().optional(),
  status: FlowStatus,
  publishedVersionId: z.string().nullable().optional(),
  metadata: Metadata.nullable().optional(),
  operationStatus: FlowOperationStatus,
  timeSavedPerRun: z.number().nullable().optional(),
  templateId: z.string().nullable().optional(),
});
export type Flow = z.infer<typeof Flow>;

/** A flow together with one of its versions (the draft unless another was asked for). */
export const PopulatedFlow = Flow.extend({ version: FlowVersion });
export type PopulatedFlow = z.infer<typeof PopulatedFlow>;

/** Body of `POST /v1/flows`. */
export const CreateFlowRequest = z.object({
  displayName: z.string().min(1),
  projectId: z.string(),
  folderId: z.string().nullable().optional(),
  externalId: z.string().optional(),
  metadata: Metadata.nullable().optional(),
});
export type CreateFlowRequest = z.infer<typeof CreateFlowRequest>;
