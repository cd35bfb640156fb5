/**
 * "Connect a client": the JSON configuration that points an MCP client at the project's server
 * with the project MCP token (the token written out only while it is shown), and the note that
 * OAuth-capable clients need the URL alone.
 */
import { useId } from 'react';
import { JsonView } from '../../components/json-view';
import { HIDDEN_TOKEN, mcpClientConfig } from './mcp-client-config';

/** The configuration snippet of `serverUrl`. */
export function ConnectClientSection({
  serverUrl,
  token,
  revealed,
}: {
  serverUrl: string;
  token: string;
  revealed: boolean;
}) {
  const headingId = useId();
  return (
    <section className="settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Connect a client</h2>
      <p>
        Clients that sign in with OAuth, such as Claude and Cursor, connect with the server URL alone: add it
        as a remote MCP server and approve the request in your browser.
      </p>
      <p className="muted">
        Other clients take this configuration{revealed ? '' : ' (show the token to write it in)'}:
      </p>
      <JsonView
        label="MCP client configuration"
        value={mcpClientConfig(serverUrl, revealed ? token : HIDDEN_TOKEN)}
      />
    </section>
  );
}
