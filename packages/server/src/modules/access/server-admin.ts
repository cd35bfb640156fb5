/**
 * Server-wide changes (installing or removing npm pieces: every platform of the server shares its
 * pieces directory) are for the instance owner only: a platform admin (ADMIN user or API key) of
 * the server's first platform, the one signed up first. Any sign-up makes its user the admin of
 * a new platform, so "platform admin" alone would let any tenant change what every tenant runs.
 */
import { PieceworkError } from '@piecework/shared';
import { findFirstPlatform } from '../platforms/platform-repository';
import type { ServerContext } from '../../server-context';
import { isPlatformAdmin, type Principal } from '../../infrastructure/auth/principal';

/** The id of the server's first platform (the one signed up first); undefined before any sign-up. */
export async function firstPlatformId(ctx: Pick<ServerContext, 'store'>): Promise<string | undefined> {
  return (await findFirstPlatform(ctx.store.db))?.id;
}

/** Throws 403 AUTHORIZATION unless `principal` administers the server's first platform. */
export async function requireServerAdmin(
  ctx: Pick<ServerContext, 'store'>,
  principal: Principal,
  message: string,
): Promise<void> {
  const first = await firstPlatformId(ctx);
  if (!isPlatformAdmin(principal) || first !== principal.platformId) {
    throw new PieceworkError('AUTHORIZATION', {
      message: `${message}: only an admin of this server's first platform may`,
    });
  }
}
