/**
 * The session and the API client every page uses. `useApi()` answers the typed client of
 * `@piecework/client` carrying the signed-in user's token; `useSession()` the session and the
 * sign-in / sign-out actions. A 401 from any call signs the tab out (the token expired or was
 * revoked), which sends it to the sign-in page. In embed mode the session lives in memory only
 * (`inMemory`): the normal app's stored session is neither read nor written.
 */
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type { AuthenticationResponse } from '@piecework/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  onSessionChangedElsewhere,
  readSession,
  sessionOf,
  writeSession,
  type Session,
} from './session-store';

/** What {@link useSession} answers. */
export interface SessionState {
  /** The signed-in user, or null. */
  readonly session: Session | null;
  /** Keeps the answer of sign-in, sign-up or invitation acceptance as this tab's session. */
  signIn(answer: AuthenticationResponse): void;
  /**
   * Signs out: asks the server to end the session (`POST /v1/authentication/sign-out`), and
   * forgets the token and every cached answer, whether or not the server answered.
   */
  signOut(): void;
}

const SessionContext = createContext<SessionState | null>(null);
const ClientContext = createContext<PieceworkClient | null>(null);

/** The API's origin: the page's own (the server serves the app beside `/api`). */
export function apiBaseUrl(): string {
  return window.location.origin;
}

/** Props of {@link SessionProvider}. */
export interface SessionProviderProps {
  children: ReactNode;
  /** Embed mode: this session, kept in memory only (never in `localStorage`). */
  inMemory?: Session;
}

/** Provides {@link useSession} and {@link useApi} to everything inside it. */
export function SessionProvider({ children, inMemory }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const stored = inMemory === undefined;
  const [session, setSession] = useState<Session | null>(() => inMemory ?? readSession());
  useEffect(
    () => (stored ? onSessionChangedElsewhere(() => setSession(readSession())) : undefined),
    [stored],
  );
  const signIn = useCallback(
    (answer: AuthenticationResponse) => {
      const next = sessionOf(answer);
      if (stored) writeSession(next);
      queryClient.clear();
      setSession(next);
    },
    [queryClient, stored],
  );
  const client = useMemo(
    () => createPieceworkClient({ baseUrl: apiBaseUrl(), token: session?.token, retry: 1 }),
    [session?.token],
  );
  const signOut = useCallback(() => {
    if (stored && session !== null) {
      // Ends the session on the server; the token is forgotten here whatever the answer.
      void client.sessions.signOut().catch(() => undefined);
    }
    if (stored) writeSession(null);
    queryClient.clear();
    setSession(null);
  }, [client, queryClient, session, stored]);
  const state = useMemo(() => ({ session, signIn, signOut }), [session, signIn, signOut]);
  return (
    <SessionContext.Provider value={state}>
      <ClientContext.Provider value={client}>{children}</ClientContext.Provider>
    </SessionContext.Provider>
  );
}

/** The session and the sign-in / sign-out actions. */
export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (state === null) throw new Error('useSession outside SessionProvider');
  return state;
}

/** The typed API client, with the signed-in user's token when there is one. */
export function useApi(): PieceworkClient {
  const client = useContext(ClientContext);
  if (client === null) throw new Error('useApi outside SessionProvider');
  return client;
}

/** How long a call of {@link useSlowApi} may take: a piece's npm install runs inside it. */
const SLOW_CALL_TIMEOUT_MS = 5 * 60_000;

/**
 * The API client for calls that may take minutes rather than seconds: installing a piece, and
 * flow edits that install the piece of the step they add. Same token as {@link useApi}; each
 * attempt may take up to five minutes instead of the client's default 30 seconds.
 */
export function useSlowApi(): PieceworkClient {
  const { session } = useSession();
  const token = session?.token;
  return useMemo(
    () => createPieceworkClient({ baseUrl: apiBaseUrl(), token, retry: 0, timeoutMs: SLOW_CALL_TIMEOUT_MS }),
    [token],
  );
}
