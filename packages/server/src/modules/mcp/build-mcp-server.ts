/**
 * The MCP server one `/mcp` request talks to, built for its caller: the builder tools
 * (`ap_list_flows`, `ap_flow_structure`, `ap_create_flow`, `ap_add_step`, `ap_lock_and_publish`,
 * `ap_change_flow_status`, `ap_list_pieces`) and one tool per MCP-triggered flow of the project.
 * Stateless: a new one per request, so every call sees the project as it is now.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { PIECEWORK_RELEASE } from '../../release';
import { registerBuilderEditTools } from './tools/builder-edit-tools';
import { registerBuilderReadTools } from './tools/builder-read-tools';
import { registerFlowTools } from './tools/flow-tools';
import type { McpToolScope } from './tools/mcp-tool-scope';

/** The MCP server for the caller of `scope`. */
export async function buildMcpServer(scope: McpToolScope): Promise<McpServer> {
  const server = new McpServer(
    { name: 'piecework', version: PIECEWORK_RELEASE },
    {
      capabilities: { tools: {} },
      instructions:
        'Tools of one Piecework project: list and inspect its flows, build them (create, add steps, publish, turn on or off) and run the flows it offers as tools.',
    },
  );
  registerBuilderReadTools(server, scope);
  registerBuilderEditTools(server, scope);
  await registerFlowTools(server, scope);
  return server;
}
