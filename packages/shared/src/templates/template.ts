import { z } from 'zod';
import { BaseModelFields, Metadata } from '../common/base-model';
import { ImportedNote } from '../flows/operations';
import { Trigger } from '../flows/trigger';
import { TableDefinition } from './table-definition';
import { TemplateTag } from './template-tag';

/** Who provides a template: OFFICIAL (shipped), SHARED (shared by a user) or CUSTOM (a platform's own). */
export const TemplateType = z.enum(['OFFICIAL', 'SHARED', 'CUSTOM']);
export type TemplateType = z.infer<typeof TemplateType>;

/** Whether a template is listed (PUBLISHED) or hidden (ARCHIVED). */
export const TemplateStatus = z.enum(['PUBLISHED', 'ARCHIVED']);
export type TemplateStatus = z.infer<typeof TemplateStatus>;

/**
 * One flow of a template, importable with IMPORT_FLOW: its trigger chain (with
 * `lastUpdatedDate`), validity, schema version (old-dialect references are upgraded on import),
 * description and notes.
 */
export const TemplateFlow = z.object({
  displayName: z.string(),
  trigger: Trigger,
  valid: z.boolean(),
  schemaVersion: z.string().nullable().optional(),
  description: z.string().optional(),
  notes: z.array(ImportedNote).optional(),
});
export type TemplateFlow = z.infer<typeof TemplateFlow>;

/** A template (`/v1/templates`): flows, and optionally tables, to start from. Has no `usageCount`. */
export const Template = z.object({
  ...BaseModelFields,
  name: z.string(),
  summary: z.string(),
  description: z.string(),
  author: z.string(),
  type: TemplateType,
  tags: z.array(TemplateTag),
  categories: z.array(z.string()),
  pieces: z.array(z.string()),
  status: TemplateStatus,
  blogUrl: z.string().nullable().optional(),
  metadata: Metadata.nullable().optional(),
  platformId: z.string().nullable().optional(),
  flows: z.array(TemplateFlow).optional(),
  tables: z.array(TableDefinition).optional(),
});
export type Template = z.infer<typeof Template>;

/**
 * Body of `POST /v1/templates`: a template without its server-set fields. `type` defaults to
 * CUSTOM, `status` to PUBLISHED, lists to empty.
 */
export const CreateTemplateRequest = Template.omit({
  id: true,
  created: true,
  updated: true,
  platformId: true,
}).extend({
  type: TemplateType.default('CUSTOM'),
  status: TemplateStatus.default('PUBLISHED'),
  summary: z.string().default(''),
  description: z.string().default(''),
  author: z.string().default(''),
  tags: z.array(TemplateTag).default([]),
  categories: z.array(z.string()).default([]),
  pieces: z.array(z.string()).default([]),
});
export type CreateTemplateRequest = z.infer<typeof CreateTemplateRequest>;

/** Body of `POST /v1/templates/:id`: the fields to change. */
export const UpdateTemplateRequest = Template.omit({
  id: true,
  created: true,
  updated: true,
  platformId: true,
}).partial();
export type UpdateTemplateRequest = z.infer<typeof UpdateTemplateRequest>;
