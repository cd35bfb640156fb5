/**
 * The configuration an MCP client (Claude Desktop, Cursor, VS Code...) takes to reach a project's
 * MCP server with the project MCP token: `{"mcpServers": {"piecework": {url, headers}}}`.
 */

/** Stands for the token in the snippet while the token is hidden. */
export const HIDDEN_TOKEN = '<your project MCP token>';

/** The JSON value of the client configuration for `serverUrl` and `token`. */
export function mcpClientConfig(serverUrl: string, token: string) {
  return {
    mcpServers: {
      piecework: { url: serverUrl, headers: { Authorization: `Bearer ${token}` } },
    },
  };
}

/**
 * The host (`127.0.0.1:4000`, `app.example.com`) of an OAuth redirect URI, which the consent page
 * shows as where the browser goes next; the URI itself when it is no URL.
 */
export function redirectHostOf(redirectUri: string): string {
  try {
    const url = new URL(redirectUri);
    return url.host === '' ? redirectUri : url.host;
  } catch {
    return redirectUri;
  }
}
