/**
 * Where a sign-up goes (AP_EDITION decides):
 * - with an accepted invitation for the email: the inviting platform (any edition), as MEMBER
 *   until its invitations apply;
 * - `cloud`: otherwise a new platform of its own, whose ADMIN the user becomes;
 * - `ce` / `ee` (self-hosted): on a fresh server the first sign-up creates the server's platform
 *   and becomes its ADMIN; later ones join that platform when their email's domain is in its
 *   `allowedAuthDomains` (open sign-up for listed domains), and are refused otherwise (403
 *   INVITATION_ONLY_SIGN_UP).
 * Joining a platform also obeys its sign-in rules (`sign-in-rules.ts`).
 */
import { emailDomain, PieceworkError, type Edition } from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { findFirstPlatform } from '../platforms/platform-repository';
import { authSettingsOf } from '../platforms/platform-view';
import { findInvitingPlatform } from './identity-repository';
import { assertPasswordAuthAllowed, type AuthMethod } from './sign-in-rules';

/**
 * A sign-up's place: a new platform of its own, or an existing platform it joins, `invited` (an
 * accepted invitation: its emailed link proved the address) or by an allowed domain.
 */
export type SignUpPlacement =
  | { readonly kind: 'NEW_PLATFORM' }
  | { readonly kind: 'JOIN'; readonly platformId: string; readonly invited: boolean };

/**
 * Decides where the sign-up of `email` (normalized) goes, or throws why it may not happen. Call
 * it inside the sign-up's write transaction, serialised with other sign-ups, so two first
 * sign-ups cannot both create the server's platform.
 */
export async function placeSignUp(
  trx: Kysely<Database>,
  edition: Edition,
  email: string,
  method: AuthMethod = 'PASSWORD',
): Promise<SignUpPlacement> {
  const invited = await findInvitingPlatform(trx, email);
  if (invited !== undefined) {
    assertPasswordAuthAllowed(authSettingsOf(invited), email, invited.id, method);
    return { kind: 'JOIN', platformId: invited.id, invited: true };
  }
  if (edition === 'cloud') return { kind: 'NEW_PLATFORM' };
  const server = await findFirstPlatform(trx);
  if (server === undefined) return { kind: 'NEW_PLATFORM' };
  const settings = authSettingsOf(server);
  assertPasswordAuthAllowed(settings, email, server.id, method);
  if (settings.allowedAuthDomains.includes(emailDomain(email))) {
    return { kind: 'JOIN', platformId: server.id, invited: false };
  }
  throw new PieceworkError('INVITATION_ONLY_SIGN_UP', {
    message:
      'This server takes new users by invitation only: ask an admin to invite you, then open the link of the invitation',
    email,
  });
}
