/**
 * Which templates a `GET /v1/templates` query lists, decided in memory over the few templates a
 * platform sees (the official ones and its own): tags, categories and pieces are JSON columns,
 * never queried into by SQL.
 */
import type { ListTemplatesQuery, Template } from '@piecework/shared';

/**
 * The categories templates are filed under (`GET /v1/templates/categories`); official templates
 * use these, a platform's own may name any.
 */
export const TEMPLATE_CATEGORIES: readonly string[] = [
  'ANALYTICS',
  'COMMUNICATION',
  'CONTENT',
  'CUSTOMER_SUPPORT',
  'DEVELOPER_TOOLS',
  'HUMAN_RESOURCES',
  'IT_OPERATIONS',
  'MARKETING',
  'PRODUCTIVITY',
  'SALES',
];

/**
 * Whether `template` is listed for `query`: PUBLISHED; of `type` when given; `search` a
 * case-insensitive substring of its name, summary or description; carrying every tag title of
 * `tags`; in at least one of `categories` (and `category`); using at least one of `pieces`.
 */
export function matchesTemplateQuery(template: Template, query: ListTemplatesQuery): boolean {
  if (template.status !== 'PUBLISHED') return false;
  if (query.type !== undefined && template.type !== query.type) return false;
  if (query.search !== undefined && query.search !== '') {
    const needle = query.search.toLowerCase();
    const haystacks = [template.name, template.summary, template.description];
    if (!haystacks.some((text) => text.toLowerCase().includes(needle))) return false;
  }
  if (query.tags !== undefined) {
    const titles = new Set(template.tags.map((tag) => tag.title));
    if (!query.tags.every((title) => titles.has(title))) return false;
  }
  const categories = [...(query.categories ?? []), ...(query.category === undefined ? [] : [query.category])];
  if (categories.length > 0 && !categories.some((category) => template.categories.includes(category))) {
    return false;
  }
  if (query.pieces !== undefined && query.pieces.length > 0) {
    if (!query.pieces.some((piece) => template.pieces.includes(piece))) return false;
  }
  return true;
}
