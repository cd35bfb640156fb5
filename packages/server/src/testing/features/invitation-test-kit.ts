/**
 * Calls and builders for the invitation and sign-up policy tests: invite, list, accept and
 * withdraw over HTTP, sign up and in with a password, and the token of an answered link.
 */
import type { UserInvitation, UserInvitationWithLink } from '@piecework/shared';
import { callApi, type ApiAnswer } from '../call-api';
import type { ApiServer } from '../test-server';

/** The password every test user of these kits signs up with. */
export const TEST_PASSWORD = 'correct horse battery';

/** The invitation API as the holder of `token`. */
export function invitationsApi(server: ApiServer, token: string) {
  return {
    invite: (body: Record<string, unknown>) =>
      callApi<UserInvitationWithLink>(server.apiUrl, 'POST', '/v1/user-invitations', { token, body }),
    list: (query: Record<string, string> = {}) =>
      callApi<{ data: UserInvitation[]; next: string | null }>(server.apiUrl, 'GET', '/v1/user-invitations', {
        token,
        query,
      }),
    withdraw: (id: string) => callApi(server.apiUrl, 'DELETE', `/v1/user-invitations/${id}`, { token }),
  };
}

/** Accepts an invitation by its token (a public call). */
export function acceptInvitation(server: ApiServer, invitationToken: string) {
  return callApi<{ registered: boolean }>(server.apiUrl, 'POST', '/v1/user-invitations/accept', {
    body: { invitationToken },
  });
}

/** The answer of a sign-up or sign-in. */
export type AuthAnswer = ApiAnswer<{
  token: string;
  id: string;
  platformId: string;
  platformRole: string;
  projectId: string;
}>;

/** Signs up `email` with {@link TEST_PASSWORD}. */
export function signUpAs(server: ApiServer, email: string): Promise<AuthAnswer> {
  return callApi(server.apiUrl, 'POST', '/v1/authentication/sign-up', {
    body: { email, password: TEST_PASSWORD, firstName: 'Invited', lastName: 'Person' },
  }) as Promise<AuthAnswer>;
}

/** Signs in `email` with {@link TEST_PASSWORD}. */
export function signInAs(server: ApiServer, email: string): Promise<AuthAnswer> {
  return callApi(server.apiUrl, 'POST', '/v1/authentication/sign-in', {
    body: { email, password: TEST_PASSWORD },
  }) as Promise<AuthAnswer>;
}

/** The token of an invitation link (`...invitation?token=<token>&email=...`); throws without a link. */
export function tokenOfLink(invitation: UserInvitationWithLink): string {
  if (invitation.link === undefined) throw new Error(`no link in ${JSON.stringify(invitation)}`);
  const token = new URL(invitation.link).searchParams.get('token');
  if (token === null) throw new Error(`no token in ${invitation.link}`);
  return token;
}
