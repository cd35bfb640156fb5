/**
 * What every MCP tool runs with: the caller, the server's routes, and one way to call an endpoint
 * as the caller ({@link callAsCaller}): the REST API's validation, access check and handler
 * (`invoke-route.ts`), confined to the caller's project, so a tool can neither see nor change
 * anything another project holds (it is "not found"). Tools answer results with
 * {@link textResult} and failures with {@link errorResult}.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isPieceworkError } from '@piecework/shared';
import { authorizeAccess } from '../../access/authorize-access';
import { invokeRoute, type InvokeRouteInput } from '../../../infrastructure/http/invoke-route';
import type { WebhookService } from '../../webhooks/webhook-service';
import type { RequestMeta, RouteDefinition } from '../../../infrastructure/http/route';
import type { ServerContext } from '../../../server-context';
import type { McpCaller } from '../mcp-caller';

/**
 * What MCP tools use of the server context: the store (flow tools), what the access check needs
 * and what the webhook path that runs flow tools needs.
 */
export type McpToolContext = Pick<ServerContext, 'store'> &
  Parameters<typeof authorizeAccess>[0] &
  ConstructorParameters<typeof WebhookService>[0];

/** The context of one MCP request's tools. */
export interface McpToolScope {
  readonly ctx: McpToolContext;
  readonly routes: readonly RouteDefinition[];
  readonly caller: McpCaller;
  /** The `/mcp` request's facts, handed to every endpoint handler. */
  readonly request: RequestMeta;
}

type CallParts<E extends Parameters<typeof invokeRoute>[1]> = Pick<
  InvokeRouteInput<E>,
  'params' | 'query' | 'body'
>;

/** Calls `endpoint` as the caller's principal, confined to the caller's project. */
export function callAsCaller<E extends Parameters<typeof invokeRoute>[1]>(
  scope: McpToolScope,
  endpoint: E,
  parts: CallParts<E>,
): ReturnType<typeof invokeRoute<E>> {
  const within = { projectId: scope.caller.projectId };
  return invokeRoute(scope.routes, endpoint, {
    ...parts,
    principal: scope.caller.principal,
    authorize: (access, principal, request) => authorizeAccess(scope.ctx, access, principal, request, within),
    request: scope.request,
  });
}

/** A tool result of `value`: text as it is, anything else as indented JSON. */
export function textResult(value: unknown): CallToolResult {
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return { content: [{ type: 'text', text }] };
}

/**
 * The tool result of a failure (`isError`): a PieceworkError as `CODE: message` (the REST API's
 * code, e.g. `PERMISSION_DENIED`); anything else is logged and answered as INTERNAL_ERROR without
 * its details.
 */
export function errorResult(scope: Pick<McpToolScope, 'request'>, error: unknown): CallToolResult {
  if (isPieceworkError(error)) {
    return { isError: true, content: [{ type: 'text', text: `${error.code}: ${error.message}` }] };
  }
  scope.request.log.error({ err: error }, 'MCP tool failed');
  return { isError: true, content: [{ type: 'text', text: 'INTERNAL_ERROR: The tool failed unexpectedly' }] };
}

/** Runs a tool's work, answering its failure as an {@link errorResult}. */
export async function answerTool(
  scope: Pick<McpToolScope, 'request'>,
  work: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  try {
    return await work();
  } catch (error) {
    return errorResult(scope, error);
  }
}
