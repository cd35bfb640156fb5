/**
 * Embed mode (`/embed`, and the overlay dialogs `/embed/connections`, `/embed/mcp`,
 * `/embed/mcp-authorize`), loaded lazily by the entry once it has posted `CLIENT_INIT`: waits for
 * the host's `VENDOR_INIT`, signs in with its JWT, applies the options, then shows the embedded
 * app or the dialog asked for. Without a known host it shows how to open the app and posts nothing.
 */
import { createPieceworkClient } from '@piecework/client';
import { EMBED_PATHS } from '@piecework/shared';
import { StrictMode, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { apiBaseUrl } from '../api/session-context';
import { sessionOf } from '../api/session-store';
import { createAppQueryClient } from '../app/query-client';
import { Loading } from '../components/loading';
import { applyDocumentOptions } from './document-options';
import type { EmbedChannel } from './embed-channel';
import { EmbedConnectionPage } from './embed-connection-page';
import { EmbedMcpAuthorizePage, EmbedMcpSettingsPage } from './embed-mcp-pages';
import { EmbedProviders } from './embed-context';
import { EmbedNotice } from './embed-notice';
import { embedOptionsOf } from './embed-options';
import { EmbeddedApp } from './embedded-app';
import { authenticate, waitForVendorInit } from './embed-handshake';

/** Runs embed mode in `root` for the page at `location`, talking to the host over `channel`. */
export async function startEmbed(
  root: Root,
  channel: EmbedChannel | null,
  location: Location,
): Promise<void> {
  const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);
  if (channel === null) {
    render(
      <EmbedNotice
        title="Open this page through @piecework/embed"
        message="This address shows Piecework inside another application. That application's page loads it with the @piecework/embed SDK, which signs you in."
      />,
    );
    return;
  }
  render(<Loading label="Connecting to the host page" />);
  const init = await waitForVendorInit(channel);
  const client = createPieceworkClient({ baseUrl: apiBaseUrl(), retry: 1 });
  const outcome = await authenticate(channel, init, (externalAccessToken) =>
    client.managedAuthn.externalToken({ externalAccessToken }),
  );
  if (!outcome.ok) {
    render(<EmbedNotice title="Cannot sign in" message={outcome.message} />);
    return;
  }
  const session = sessionOf(outcome.answer);
  const options = embedOptionsOf(init);
  applyDocumentOptions(options, document);
  const dialog = (node: ReactNode) =>
    render(
      <EmbedProviders
        queryClient={createAppQueryClient(() => undefined)}
        session={session}
        options={options}
        channel={channel}
      >
        {node}
      </EmbedProviders>,
    );
  const projectId = session.projectId;
  const noProject = (title: string) =>
    render(<EmbedNotice title={title} message="The sign-in the host page gave opens no project." />);
  switch (location.pathname) {
    case EMBED_PATHS.connections:
      if (projectId === null) return noProject('Cannot connect');
      return dialog(<EmbedConnectionPage channel={channel} projectId={projectId} search={location.search} />);
    case EMBED_PATHS.mcp:
      if (projectId === null) return noProject('Cannot open the MCP settings');
      return dialog(<EmbedMcpSettingsPage channel={channel} projectId={projectId} />);
    case EMBED_PATHS.mcpAuthorize:
      return dialog(<EmbedMcpAuthorizePage channel={channel} search={location.search} />);
  }
  render(
    <EmbeddedApp channel={channel} options={options} session={session} initialRoute={init['initialRoute']} />,
  );
}
