/**
 * A knowledge base as an agent tool (`KNOWLEDGE_BASE`): one tool `search_<name>` taking
 * `{query, limit?}` over the records of a project table (`sourceId`: its id or external id; a
 * table of another project is not found). A record matches when one of its cells contains a
 * word of the query (case-insensitive; on SQLite for ASCII letters only); records are ranked by how many of the words they
 * contain, then newest first; `limit` defaults to 5, at most 20. The answer is
 * `[{recordId, fields: {fieldName: value}}]`. Records are read through the tables module's
 * record service. FILE knowledge bases are not supported (the opening fails).
 */
import type { AgentKnowledgeBaseTool } from '@piecework/shared';
import { invalidRequest, notFound } from '../../../infrastructure/errors';
import type { ServerContext } from '../../../server-context';
import { readPopulated } from '../../tables/record-rows';
import { fieldsById } from '../../tables/record-service';
import type { AgentToolHandle, AgentToolScope } from '../../../execution/agents/agent-toolbox';
import { findKnowledgeBaseTable, rankRecordsByWords, selectRecordsByIds } from './agent-tool-repository';

/** Records answered by default, and at most. */
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 20;

/** One record found: its id and its cells by field name. */
export interface KnowledgeBaseHit {
  recordId: string;
  fields: Record<string, string | null>;
}

/** What the knowledge base tool uses from the server context: its store. */
export type KnowledgeBaseToolDependencies = Pick<ServerContext, 'store'>;

/** The search tool of knowledge base `tool` in the scope's project. */
export async function openKnowledgeBaseTool(
  ctx: KnowledgeBaseToolDependencies,
  scope: AgentToolScope,
  tool: AgentKnowledgeBaseTool,
  name: string,
): Promise<AgentToolHandle> {
  if (tool.sourceType !== 'TABLE') {
    throw invalidRequest('file knowledge bases are not supported; use a table', { sourceId: tool.sourceId });
  }
  const table = await findKnowledgeBaseTable(ctx.store.db, scope.projectId, tool.sourceId);
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

/** Distinct words of a query searched for, at most (the rest are ignored). */
const MAX_WORDS = 32;

/**
 * The `limit` records of `table` best matching `query`'s words, scored and ranked in the database
 * (one LIKE per word over the table's cells), so a search reads only the records it answers.
 */
export async function searchRecords(
  ctx: KnowledgeBaseToolDependencies,
  table: { id: string; projectId: string },
  query: string,
  limit: number,
): Promise<KnowledgeBaseHit[]> {
  const db = ctx.store.db;
  const byLowerCase = new Map(
    query
      .split(/\s+/)
      .filter((word) => word !== '')
      .map((word) => [word.toLowerCase(), word]),
  );
  const words = [...byLowerCase.values()].slice(0, MAX_WORDS);
  const ranked = await rankRecordsByWords(db, table.id, words, limit);
  if (ranked.length === 0) return [];
  const ids = ranked.map((row) => row.recordId);
  const rows = await selectRecordsByIds(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const records = await readPopulated(
    db,
    ids.map((id) => byId.get(id)!),
    await fieldsById(db, table.id),
  );
  return records.map((record) => ({
    recordId: record.id,
    fields: Object.fromEntries(Object.values(record.cells).map((cell) => [cell.fieldName, cell.value])),
  }));
}
