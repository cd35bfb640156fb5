import { createPiece } from '../../framework/create-piece';
import { mcpTool } from './mcp-tool';
import { replyToMcpClient } from './reply-to-mcp-client';

export { MCP_PROPERTY_TYPES, MCP_TOOL_TRIGGER, mcpToolArguments, mcpToolParameters } from './mcp-tool';
export type { McpPropertyType, McpToolParameter } from './mcp-tool';

/** The npm name of the MCP piece. */
export const MCP_PIECE_NAME = '@activepieces/piece-mcp';

/** `@activepieces/piece-mcp`: a flow as a tool of its project's MCP server, and its reply. */
export const mcpPiece = createPiece({
  name: MCP_PIECE_NAME,
  displayName: 'MCP',
  description: 'Connect to your hosted MCP Server using any MCP client to communicate with tools',
  logoUrl: 'https://cdn.activepieces.com/pieces/new-core/mcp.svg',
  authors: ['Gamal72', 'hazemadelkhalel'],
  version: '0.0.21',
  categories: ['ARTIFICIAL_INTELLIGENCE', 'UNIVERSAL_AI'],
  minimumSupportedRelease: '0.50.2',
  actions: [replyToMcpClient],
  triggers: [mcpTool],
});
