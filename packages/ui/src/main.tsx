/**
 * The web app's entry: mounts {@link App} into `#root`. Under `/embed` it opens the line to the
 * embedding host and posts `CLIENT_INIT` at once, then loads embed mode (a lazy chunk), so the
 * normal app's first load carries none of it.
 */
import { EmbedClientEvent } from '@piecework/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startTheme } from './app/theme';
import { isEmbedPath, openEmbedChannel } from './embed/embed-channel';
import './styles/app.css';
import './styles/components.css';

startTheme();
const element = document.getElementById('root');
if (element === null) throw new Error('index.html has no #root');
const root = createRoot(element);
if (isEmbedPath(window.location.pathname)) {
  const channel = openEmbedChannel(window);
  channel?.post({ type: EmbedClientEvent.CLIENT_INIT, data: {} });
  void import('./embed/embed-start').then(({ startEmbed }) => startEmbed(root, channel, window.location));
} else {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
