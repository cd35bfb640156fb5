/**
 * The signed-in session of this browser tab: the token and the user the server answered at sign-in,
 * kept in `localStorage` so a reload (or a second tab) stays signed in. Other tabs hear of sign-in
 * and sign-out through the `storage` event.
 */
import type { AuthenticationResponse } from '@piecework/shared';

const KEY = 'piecework.session';

/** What the app keeps of an {@link AuthenticationResponse}. */
export type Session = Pick<
  AuthenticationResponse,
  'id' | 'email' | 'firstName' | 'lastName' | 'platformId' | 'platformRole' | 'token' | 'projectId'
>;

/** The stored session, or null when signed out (or the stored value is unreadable). */
export function readSession(): Session | null {
  try {
    const text = localStorage.getItem(KEY);
    return text === null ? null : (JSON.parse(text) as Session);
  } catch {
    return null;
  }
}

/** Stores `session` (null: signs out). */
export function writeSession(session: Session | null): void {
  if (session === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(session));
}

/** Calls `listener` when another tab signs in or out. Answers the unsubscribe function. */
export function onSessionChangedElsewhere(listener: () => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}

/** The fields of a sign-in or sign-up answer the app keeps. */
export function sessionOf(answer: AuthenticationResponse): Session {
  return {
    id: answer.id,
    email: answer.email,
    firstName: answer.firstName,
    lastName: answer.lastName,
    platformId: answer.platformId,
    platformRole: answer.platformRole,
    token: answer.token,
    projectId: answer.projectId,
  };
}
