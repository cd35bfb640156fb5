import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';
import { Note } from './note';
import { Trigger } from './trigger';
import { FlowValidationIssue } from './validation-issue';

/** A flow version is a DRAFT (editable) or LOCKED (published or frozen; never edited). */
export const FlowVersionState = z.enum(['DRAFT', 'LOCKED']);
export type FlowVersionState = z.infer<typeof FlowVersionState>;

/**
 * The schema version of flows Piecework writes: references use the NESTED dialect
 * (`step_1['output'].x`). Any other value on import means the old dialect, rewritten on import.
 */
export const CURRENT_SCHEMA_VERSION = 'piecework-nested-1';

/** One version of a flow: the trigger and its step tree, plus notes. */
export const FlowVersion = z.object({
  ...BaseModelFields,
  flowId: z.string(),
  displayName: z.string(),
  trigger: Trigger,
  updatedBy: z.string().nullable().optional(),
  valid: z.boolean(),
  schemaVersion: z.string().nullable().optional(),
  state: FlowVersionState,
  connectionIds: z.array(z.string()).default([]),
  notes: z.array(Note).default([]),
  /**
   * Why the steps that are not valid are not, one entry per reason (recomputed on every save;
   * empty when every step is valid). Piecework's own field: Activepieces ignores it.
   */
  validationIssues: z.array(FlowValidationIssue).optional(),
});
export type FlowVersion = z.infer<typeof FlowVersion>;

/** The short form of a version carried in events: `{id, displayName, flowId, created, updated}`. */
export const FlowVersionSummary = FlowVersion.pick({
  id: true,
  displayName: true,
  flowId: true,
  created: true,
  updated: true,
});
export type FlowVersionSummary = z.infer<typeof FlowVersionSummary>;
