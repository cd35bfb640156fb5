/**
 * The app inside `@piecework/embed`'s frame: the normal app's routes on a memory router (the
 * host's URL never changes), the session in memory, the host's options in context. It opens the
 * host's `initialRoute`, then tells the host `CLIENT_CONFIGURATION_FINISHED`.
 */
import { EmbedClientEvent } from '@piecework/shared';
import { useEffect, useRef, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Session } from '../api/session-store';
import { createAppQueryClient } from '../app/query-client';
import { APP_ROUTES } from '../app/routes';
import type { EmbedChannel } from './embed-channel';
import { EmbedProviders } from './embed-context';
import { EmbedNotice } from './embed-notice';
import type { EmbedOptions } from './embed-options';
import { appRouteOf, useHostRouting } from './use-host-routing';

/** Props of {@link EmbeddedApp}. */
export interface EmbeddedAppProps {
  channel: EmbedChannel;
  options: EmbedOptions;
  session: Session;
  /** The host's `initialRoute` (unchecked; anything but a path opens `/`). */
  initialRoute: unknown;
}

/** The embedded dashboard and builder. */
export function EmbeddedApp({ channel, options, session, initialRoute }: EmbeddedAppProps) {
  const [ended, setEnded] = useState(false);
  const [queryClient] = useState(() => createAppQueryClient(() => setEnded(true)));
  const [router] = useState(() =>
    createMemoryRouter(APP_ROUTES, { initialEntries: [appRouteOf(initialRoute) ?? '/'] }),
  );
  const finished = useRef(false);
  useEffect(() => {
    if (finished.current) return;
    finished.current = true;
    channel.post({ type: EmbedClientEvent.CLIENT_CONFIGURATION_FINISHED, data: {} });
  }, [channel]);
  useHostRouting(router, channel);
  if (ended) {
    return (
      <EmbedNotice
        title="Your session has ended"
        message="The sign-in the host page gave has expired or was revoked. Reload the page to continue."
      />
    );
  }
  return (
    <EmbedProviders queryClient={queryClient} session={session} options={options} channel={channel}>
      <RouterProvider router={router} />
    </EmbedProviders>
  );
}
