import { z } from 'zod';
import { Id } from '../common/id';
import { QueryList } from '../common/query-list';
import { PopulatedFlow } from '../flows/flow';
import { Table } from '../tables/table';
import { TemplateType } from './template';

/**
 * Query of `GET /v1/templates`, as Activepieces takes it: `type` (OFFICIAL, SHARED or CUSTOM; all
 * three when absent), `search` (a case-insensitive substring of the name, summary or
 * description), `tags` (tag titles; a template must carry every one), `categories` / `category`
 * (a template must be in at least one) and `pieces` (piece names; a template must use at least
 * one). Archived templates are left out. One page: `next` and `previous` are always null.
 */
export const ListTemplatesQuery = z.object({
  type: TemplateType.optional(),
  search: z.string().optional(),
  tags: QueryList(z.string()).optional(),
  categories: QueryList(z.string()).optional(),
  category: z.string().optional(),
  pieces: QueryList(z.string()).optional(),
});
export type ListTemplatesQuery = z.infer<typeof ListTemplatesQuery>;

/**
 * Body of `POST /v1/templates/:id/use`: the project to create the template's tables and flows in,
 * and optionally a folder of that project for the flows.
 */
export const UseTemplateRequest = z.object({
  projectId: z.string(),
  folderId: Id.optional(),
});
export type UseTemplateRequest = z.infer<typeof UseTemplateRequest>;

/**
 * Body of `POST /v1/templates/from-flows`: a template built from flows of one project, carrying
 * the definitions of the tables those flows' tables-piece steps name by `table_id` (and their
 * rows when `includeTableData`). Connections are never carried.
 */
export const TemplateFromFlowsRequest = z.object({
  projectId: z.string(),
  flowIds: z.array(Id).min(1).max(50),
  name: z.string().min(1),
  summary: z.string().default(''),
  description: z.string().default(''),
  type: z.enum(['SHARED', 'CUSTOM']).default('CUSTOM'),
  includeTableData: z.boolean().default(false),
});
export type TemplateFromFlowsRequest = z.infer<typeof TemplateFromFlowsRequest>;

/** Answer of `GET /v1/templates/categories`: the category names templates may be filed under. */
export const TemplateCategories = z.array(z.string());
export type TemplateCategories = z.infer<typeof TemplateCategories>;

/**
 * Answer of `POST /v1/templates/:id/use`: the flows and tables created in the project, in the
 * template's order.
 */
export const UseTemplateResponse = z.object({
  flows: z.array(PopulatedFlow),
  tables: z.array(Table),
});
export type UseTemplateResponse = z.infer<typeof UseTemplateResponse>;
