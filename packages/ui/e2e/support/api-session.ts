/**
 * Signs a user up through the API (not the UI) and opens the app signed in as them: for tests of
 * pages other than the sign-up page. Answers the user's client and project.
 */
import { createPieceworkClient, type PieceworkClient } from '@piecework/client';
import type { AuthenticationResponse } from '@piecework/shared';
import type { Page } from 'playwright-core';

/** A signed-up user. */
export interface SignedUpUser {
  readonly session: AuthenticationResponse;
  readonly client: PieceworkClient;
  readonly projectId: string;
  readonly password: string;
}

let counter = 0;

/** Signs up a fresh user on the server at `url` (the first on a platform is its admin). */
export async function signUpThroughApi(url: string, firstName = 'Ada'): Promise<SignedUpUser> {
  const anonymous = createPieceworkClient({ baseUrl: url });
  const password = 'a long password 1';
  counter += 1;
  const session = await anonymous.authentication.signUp({
    email: `user${String(counter)}.${String(Date.now())}@example.com`,
    password,
    firstName,
    lastName: 'Lovelace',
  });
  if (session.projectId === null) throw new Error('sign-up answered no project');
  return { session, client: anonymous.withToken(session.token), projectId: session.projectId, password };
}

/** Stores `user`'s session in the page's origin and opens `path` (default `/`) signed in. */
export async function openSignedIn(page: Page, url: string, user: SignedUpUser, path = '/'): Promise<void> {
  await page.goto(`${url}/sign-in`);
  // The session as the app keeps it (src/api/session-store.ts), set before the app reads it.
  await page.evaluate(
    `localStorage.setItem('piecework.session', ${JSON.stringify(JSON.stringify(user.session))})`,
  );
  await page.goto(`${url}${path}`);
}
