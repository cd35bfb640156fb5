/**
 * A project's MCP server: one per project, made ENABLED with a fresh token on first read; enable
 * or disable it, rotate its token (the old one stops working at once), or find the server a
 * project MCP token belongs to (`/mcp` authentication).
 */
import { generateId, type McpServer, McpServerStatus } from '@piecework/shared';
import type { ProjectRow } from '../../infrastructure/storage/rows/identity-rows';
import type { ServerContext } from '../../server-context';
import {
  findMcpServerByHashedToken,
  findMcpServerByProject,
  insertMcpServerUnlessPresent,
  setMcpServerStatus,
  setMcpServerToken,
  type McpServerRow,
} from './mcp-repository';
import { hashMcpToken, newMcpToken } from './mcp-token';

/**
 * What the MCP server service uses of the server context: the store, the clock, the secret box
 * (tokens are kept sealed) and the settings (the server's URL).
 */
export type McpServerDependencies = Pick<ServerContext, 'store' | 'now' | 'secrets' | 'settings'>;

/** The address MCP clients connect to: `<public URL>mcp`. */
export function mcpServerUrl(ctx: Pick<ServerContext, 'settings'>): string {
  return new URL('mcp', ctx.settings.publicUrl).toString();
}

/** The API form of a row: its token unsealed, its URL. */
export function mcpServerView(
  ctx: Pick<ServerContext, 'settings' | 'secrets'>,
  row: McpServerRow,
): McpServer {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    status: McpServerStatus.parse(row.status),
    token: ctx.secrets.open<string>(row.sealedToken),
    serverUrl: mcpServerUrl(ctx),
  };
}

/** The MCP server of `project`, made (ENABLED, with a new token) when it has none yet. */
export async function getOrCreateMcpServer(
  ctx: Pick<ServerContext, 'store' | 'now' | 'secrets'>,
  project: ProjectRow,
): Promise<McpServerRow> {
  const existing = await findMcpServerOfProject(ctx, project.id);
  if (existing !== undefined) return existing;
  const token = newMcpToken();
  const now = ctx.now();
  // Two first reads at once: one insert wins, the other reads what it wrote.
  await ctx.store.write((trx) =>
    insertMcpServerUnlessPresent(trx, {
      id: generateId(),
      projectId: project.id,
      platformId: project.platformId,
      status: McpServerStatus.enum.ENABLED,
      hashedToken: hashMcpToken(token),
      sealedToken: ctx.secrets.seal(token),
      created: now,
      updated: now,
    }),
  );
  const made = await findMcpServerOfProject(ctx, project.id);
  if (made === undefined) throw new Error(`The MCP server of project ${project.id} was not saved`);
  return made;
}

/** Sets the status of MCP server `id`; answers the updated row. */
export async function updateMcpServerStatus(
  ctx: Pick<ServerContext, 'store' | 'now'>,
  id: string,
  status: McpServerStatus,
): Promise<McpServerRow> {
  return ctx.store.write((trx) => setMcpServerStatus(trx, id, status, ctx.now()));
}

/** Gives MCP server `id` a new token (the old one stops working at once); answers the updated row. */
export async function rotateMcpServerToken(
  ctx: Pick<ServerContext, 'store' | 'now' | 'secrets'>,
  id: string,
): Promise<McpServerRow> {
  const token = newMcpToken();
  return ctx.store.write((trx) =>
    setMcpServerToken(trx, id, {
      hashedToken: hashMcpToken(token),
      sealedToken: ctx.secrets.seal(token),
      updated: ctx.now(),
    }),
  );
}

/** The MCP server whose project MCP token is `token`, if any. */
export function findMcpServerByToken(
  ctx: Pick<ServerContext, 'store'>,
  token: string,
): Promise<McpServerRow | undefined> {
  return findMcpServerByHashedToken(ctx.store.db, hashMcpToken(token));
}

/** The MCP server of project `projectId`, if it has one. */
export function findMcpServerOfProject(
  ctx: Pick<ServerContext, 'store'>,
  projectId: string,
): Promise<McpServerRow | undefined> {
  return findMcpServerByProject(ctx.store.db, projectId);
}
