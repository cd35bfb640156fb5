/**
 * The MCP tool dialog's fields as plain values and the tool they make: the server URL, its
 * protocol and how it authenticates (none, a bearer token, an API key in a header, or headers
 * typed one per line as `Name: value`).
 */
import { agentToolName, type AgentMcpTool, type McpAuthConfig, type McpProtocol } from '@piecework/shared';

/** What the MCP tool dialog's fields hold. */
export interface McpToolValues {
  serverUrl: string;
  protocol: McpProtocol;
  authType: McpAuthConfig['type'];
  /** The access token or API key. */
  secret: string;
  apiKeyHeader: string;
  /** `Name: value`, one per line. */
  headers: string;
}

/** The empty form. */
export const EMPTY_MCP_TOOL: McpToolValues = {
  serverUrl: '',
  protocol: 'streamable-http',
  authType: 'none',
  secret: '',
  apiKeyHeader: 'x-api-key',
  headers: '',
};

/** The headers typed in `text` (`Name: value` per line; lines without a colon are skipped). */
export function parseHeaders(text: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim();
    if (colon > 0 && name !== '') headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The first problem of `values`, or undefined when the tool can be added. */
export function mcpToolProblem(values: McpToolValues): string | undefined {
  if (!/^https?:\/\//.test(values.serverUrl.trim()) || !URL.canParse(values.serverUrl.trim())) {
    return 'Enter the server’s http(s) URL.';
  }
  if ((values.authType === 'access_token' || values.authType === 'api_key') && values.secret.trim() === '') {
    return values.authType === 'access_token' ? 'Enter the access token.' : 'Enter the API key.';
  }
  if (values.authType === 'api_key' && values.apiKeyHeader.trim() === '') return 'Enter the header name.';
  if (values.authType === 'headers' && Object.keys(parseHeaders(values.headers)).length === 0) {
    return 'Enter at least one header as “Name: value”.';
  }
  return undefined;
}

/** The tool of `values` (check {@link mcpToolProblem} first). */
export function mcpToolOf(values: McpToolValues): AgentMcpTool {
  const serverUrl = values.serverUrl.trim();
  const auth: McpAuthConfig =
    values.authType === 'access_token'
      ? { type: 'access_token', accessToken: values.secret.trim() }
      : values.authType === 'api_key'
        ? { type: 'api_key', apiKey: values.secret.trim(), apiKeyHeader: values.apiKeyHeader.trim() }
        : values.authType === 'headers'
          ? { type: 'headers', headers: parseHeaders(values.headers) }
          : { type: 'none' };
  return {
    type: 'MCP',
    toolName: agentToolName(new URL(serverUrl).hostname),
    serverUrl,
    protocol: values.protocol,
    auth,
  };
}
