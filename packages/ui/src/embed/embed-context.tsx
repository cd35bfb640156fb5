/**
 * The embed options and the host channel, for every page: `useEmbedOptions()` answers what to
 * hide (the defaults outside embed mode, so the normal app needs no provider), and
 * `useEmbedChannel()` the line to the host page, or null outside embed mode.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { SessionProvider } from '../api/session-context';
import type { Session } from '../api/session-store';
import { ToastProvider } from '../components/toast';
import { TooltipProvider } from '../components/tooltip';
import type { EmbedChannel } from './embed-channel';
import { DEFAULT_EMBED_OPTIONS, type EmbedOptions } from './embed-options';

const OptionsContext = createContext<EmbedOptions>(DEFAULT_EMBED_OPTIONS);
const ChannelContext = createContext<EmbedChannel | null>(null);

/** Props of {@link EmbedProvider}. */
export interface EmbedProviderProps {
  options: EmbedOptions;
  channel: EmbedChannel;
  children: ReactNode;
}

/** Provides embed mode's options and channel to everything inside it. */
export function EmbedProvider({ options, channel, children }: EmbedProviderProps) {
  return (
    <OptionsContext.Provider value={options}>
      <ChannelContext.Provider value={channel}>{children}</ChannelContext.Provider>
    </OptionsContext.Provider>
  );
}

/** The options the host set (nothing hidden outside embed mode). */
export function useEmbedOptions(): EmbedOptions {
  return useContext(OptionsContext);
}

/** The channel to the host page, or null outside embed mode. */
export function useEmbedChannel(): EmbedChannel | null {
  return useContext(ChannelContext);
}

/** Props of {@link EmbedProviders}. */
export interface EmbedProvidersProps extends EmbedProviderProps {
  queryClient: QueryClient;
  /** The host's sign-in, kept in memory only. */
  session: Session;
}

/**
 * Everything an embedded page needs around it: the query client, the in-memory session, the
 * host's options and channel, toasts and tooltips. Use it for each page embed mode renders.
 */
export function EmbedProviders({ queryClient, session, options, channel, children }: EmbedProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider inMemory={session}>
        <EmbedProvider options={options} channel={channel}>
          {/* Outside the toasts: a toast's close button has a tooltip. */}
          <TooltipProvider>
            <ToastProvider>{children}</ToastProvider>
          </TooltipProvider>
        </EmbedProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
