/**
 * The platform a public request is for (flags, federated sign-in): the caller's, when it sends a
 * valid bearer token, else the server's first platform, as Activepieces decides for a
 * self-hosted server without custom domains. A bad token is ignored here: public routes answer
 * without one.
 */
import { authenticate, type AuthenticationDependencies } from './authenticate';
import { firstPlatformId } from './server-admin';

/** The id of the platform the request is for; undefined on a server nobody has signed up to. */
export async function requestPlatformId(
  ctx: AuthenticationDependencies,
  authorization: string | undefined,
): Promise<string | undefined> {
  if (authorization !== undefined) {
    const principal = await authenticate(ctx, authorization).catch(() => undefined);
    if (principal !== undefined) return principal.platformId;
  }
  return firstPlatformId(ctx);
}
