/** The `template` table's rows as API templates, and templates as rows. */
import type { Template, TemplateStatus, TemplateType } from '@piecework/shared';
import type { Insertable, Selectable } from 'kysely';
import type { TemplateTable } from '../../infrastructure/storage/database';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';

/** The API form of a `template` row. */
export function templateFromRow(row: Selectable<TemplateTable>): Template {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    name: row.name,
    summary: row.summary,
    description: row.description,
    author: row.author,
    type: row.type as TemplateType,
    status: row.status as TemplateStatus,
    tags: fromJson(row.tags) ?? [],
    categories: fromJson(row.categories) ?? [],
    pieces: fromJson(row.pieces) ?? [],
    blogUrl: row.blogUrl,
    metadata: fromJson(row.metadata),
    platformId: row.platformId,
    flows: fromJson(row.flows) ?? [],
    tables: fromJson(row.tables) ?? [],
  };
}

/** The row of `template` (kept by its platform), made by `ownerId` (null: an API key). */
export function templateRow(
  template: Template & { platformId: string },
  ownerId: string | null,
): Insertable<TemplateTable> {
  return {
    id: template.id,
    created: template.created,
    updated: template.updated,
    platformId: template.platformId,
    ownerId,
    type: template.type,
    status: template.status,
    name: template.name,
    summary: template.summary,
    description: template.description,
    author: template.author,
    tags: toJson(template.tags),
    categories: toJson(template.categories),
    pieces: toJson(template.pieces),
    blogUrl: template.blogUrl ?? null,
    metadata:
      template.metadata === undefined || template.metadata === null ? null : toJson(template.metadata),
    flows: toJson(template.flows ?? []),
    tables: toJson(template.tables ?? []),
  };
}
