/**
 * A knowledge base as an agent tool (`KNOWLEDGE_BASE`): one tool `search_<name>` taking
 * `{query, limit?}` over the records of a project table (`sourceId`: its id or external id; a
 * table of another project is not found). A record matches when one of its cells contains a
 * word of the query (case-insensitive); records are ranked by how many of the words they
 * contain, then newest first; `limit` defaults to 5, at most 20. The answer is
 * `[{recordId, fields: {fieldName: value}}]`. Records are read through the tables module's
 * record service. FILE knowledge bases are not supported (the opening fails).
 */
import type { AgentKnowledgeBaseTool, PopulatedRecord } from '@piecework/shared';
import { invalidRequest, notFound } from '../../../errors';
import type { ServerContext } from '../../../server-context';
import { listRecords } from '../../tables/record-service';
import type { AgentToolHandle, AgentToolScope } from '../agent-toolbox';

/** Records answered by default, and at most. */
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;

/** Records read per page while searching. */
const PAGE = 100;

/** One record found: its id and its cells by field name. */
export interface KnowledgeBaseHit {
  recordId: string;
  fields: Record<string, string | null>;
}

/** The search tool of knowledge base `tool` in the scope's project. */
export async function openKnowledgeBaseTool(
  ctx: ServerContext,
  scope: AgentToolScope,
  tool: AgentKnowledgeBaseTool,
  name: string,
): Promise<AgentToolHandle> {
  if (tool.sourceType !== 'TABLE') {
    throw invalidRequest('file knowledge bases are not supported; use a table', { sourceId: tool.sourceId });
  }
  const table = await ctx.store.db
    .selectFrom('dataTable')
    .select(['id', 'projectId', 'name'])
    .where('projectId', '=', scope.projectId)
    .where((eb) => eb.or([eb('id', '=', tool.sourceId), eb('externalId', '=', tool.sourceId)]))
    .executeTakeFirst();
  if (table === undefined) throw notFound('table', tool.sourceId);
  return {
    name,
    description: `Searches the records of the table ${tool.sourceName ?? table.name}: records containing the words of the query, best matches first.`,
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to look for in the records' },
        limit: {
          type: 'number',
          description: `How many records to answer (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT})`,
        },
      },
      required: ['query'],
    },
    block: {
      toolCallType: 'KNOWLEDGE_BASE',
      sourceType: tool.sourceType,
      displayName: tool.sourceName ?? table.name,
    },
    async call(args) {
      const query = args['query'];
      if (typeof query !== 'string' || query.trim() === '')
        throw new Error('query must be a non-empty string');
      const limit = limitOf(args['limit']);
      return searchRecords(ctx, table, query, limit);
    },
  };
}

function limitOf(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_LIMIT;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be a positive whole number');
  return Math.min(limit, MAX_LIMIT);
}

/** The `limit` records of `table` best matching `query`'s words. */
export async function searchRecords(
  ctx: ServerContext,
  table: { id: string; projectId: string },
  query: string,
  limit: number,
): Promise<KnowledgeBaseHit[]> {
  const words = [
    ...new Set(
      query
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ];
  const scored: { record: PopulatedRecord; score: number; order: number }[] = [];
  let cursor: string | undefined;
  do {
    const page = await listRecords(ctx, table, { limit: PAGE, ...(cursor === undefined ? {} : { cursor }) });
    for (const record of page.data) {
      const text = Object.values(record.cells).map((cell) => (cell.value ?? '').toLowerCase());
      const score = words.filter((word) => text.some((value) => value.includes(word))).length;
      if (score > 0) scored.push({ record, score, order: scored.length });
    }
    cursor = page.next ?? undefined;
  } while (cursor !== undefined);
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.slice(0, limit).map(({ record }) => ({
    recordId: record.id,
    fields: Object.fromEntries(Object.values(record.cells).map((cell) => [cell.fieldName, cell.value])),
  }));
}
