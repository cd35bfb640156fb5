/**
 * The frames of the embed SDK's MCP dialogs, each over the whole frame like the connect dialog:
 * `/embed/mcp` (`mcpSettings()`: the project's MCP settings in a dialog; closing it posts
 * `CLIENT_MCP_SETTINGS_DIALOG_CLOSED`) and `/embed/mcp-authorize?authRequestId=` (`authorizeMcp()`:
 * the consent; it does not navigate, it posts `CLIENT_MCP_OAUTH_APPROVED {redirectUrl}` or
 * `CLIENT_MCP_OAUTH_DENIED {redirectUrl}`, or `{error}` when the request was unusable and the user
 * closed the notice). Both post `CLIENT_SHOW_MCP_IFRAME` once shown.
 */
import { EmbedClientEvent, type EmbedClientMessage } from '@piecework/shared';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../components/dialog';
import { consentTitle, McpConsent, useMcpAuthRequest } from '../features/mcp/mcp-consent';
import { McpSettings } from '../features/mcp/mcp-settings';
import type { EmbedChannel } from './embed-channel';

/** Posts `CLIENT_SHOW_MCP_IFRAME` once; answers `finish(message)`, which posts its message once. */
function useMcpOverlay(channel: EmbedChannel) {
  const [done, setDone] = useState(false);
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    channel.post({ type: EmbedClientEvent.CLIENT_SHOW_MCP_IFRAME, data: {} });
  }, [channel]);
  const finish = (message: EmbedClientMessage) => {
    if (done) return;
    setDone(true);
    channel.post(message);
  };
  return { done, finish };
}

/** `/embed/mcp`: the project's MCP settings in a dialog. */
export function EmbedMcpSettingsPage({ channel, projectId }: { channel: EmbedChannel; projectId: string }) {
  const { done, finish } = useMcpOverlay(channel);
  if (done) return <main className="embed-connection-overlay" aria-label="MCP" />;
  return (
    <main className="embed-connection-overlay" data-testid="embed-mcp-overlay">
      <Dialog
        title="MCP"
        size="wide"
        onClose={() => finish({ type: EmbedClientEvent.CLIENT_MCP_SETTINGS_DIALOG_CLOSED, data: {} })}
      >
        <McpSettings projectId={projectId} />
      </Dialog>
    </main>
  );
}

/** `/embed/mcp-authorize`: the consent in a dialog; the answer goes to the host. */
export function EmbedMcpAuthorizePage({ channel, search }: { channel: EmbedChannel; search: string }) {
  const [authRequestId] = useState(() => new URLSearchParams(search).get('authRequestId') ?? '');
  const request = useMcpAuthRequest(authRequestId);
  const { done, finish } = useMcpOverlay(channel);
  const deny = () => finish({ type: EmbedClientEvent.CLIENT_MCP_OAUTH_DENIED, data: {} });
  if (done) return <main className="embed-connection-overlay" aria-label="MCP authorization" />;
  return (
    <main className="embed-connection-overlay" data-testid="embed-mcp-authorize-overlay">
      <Dialog title={consentTitle(request.data)} onClose={deny}>
        <McpConsent
          authRequestId={authRequestId}
          onAnswer={({ approved, redirectUrl }) =>
            finish(
              approved
                ? { type: EmbedClientEvent.CLIENT_MCP_OAUTH_APPROVED, data: { redirectUrl } }
                : { type: EmbedClientEvent.CLIENT_MCP_OAUTH_DENIED, data: { redirectUrl } },
            )
          }
          onDismiss={(error) => finish({ type: EmbedClientEvent.CLIENT_MCP_OAUTH_DENIED, data: { error } })}
        />
      </Dialog>
    </main>
  );
}
