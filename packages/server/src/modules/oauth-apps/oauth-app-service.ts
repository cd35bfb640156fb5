/**
 * The platform's OAuth2 apps, one client per piece, which PLATFORM_OAUTH2 connections are claimed
 * and refreshed with: list (never the secret), set (upsert by piece) and delete. The secret is
 * sealed at rest.
 */
import { generateId, type OAuthApp, type Page, type UpsertOAuthAppRequest } from '@piecework/shared';
import { notFound } from '../../infrastructure/errors';
import { mapPage, type PageRequest } from '../../infrastructure/storage/seek-page';
import type { ServerContext } from '../../server-context';
import {
  deletePlatformOAuthApp,
  findOAuthAppId,
  insertOAuthApp,
  listPlatformOAuthApps,
  updateOAuthAppClient,
  type OAuthAppListedRow,
} from './oauth-app-repository';

/** What the OAuth2 app routes and service use of the server context. */
export type OAuthAppDependencies = Pick<ServerContext, 'store' | 'now' | 'secrets'>;

function oauthAppView(row: OAuthAppListedRow): OAuthApp {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    pieceName: row.pieceName,
    platformId: row.platformId,
    clientId: row.clientId,
  };
}

/** One page of platform `platformId`'s OAuth2 apps, without their secrets. */
export async function listOAuthApps(
  deps: OAuthAppDependencies,
  platformId: string,
  page: PageRequest,
): Promise<Page<OAuthApp>> {
  return mapPage(await listPlatformOAuthApps(deps.store.db, platformId, page), oauthAppView);
}

/** Sets platform `platformId`'s OAuth2 app of `request.pieceName`: creates it or replaces its client. */
export async function upsertOAuthApp(
  deps: OAuthAppDependencies,
  platformId: string,
  request: UpsertOAuthAppRequest,
): Promise<OAuthApp> {
  const clientSecret = deps.secrets.seal(request.clientSecret);
  const row = await deps.store.write(async (trx) => {
    const now = deps.now();
    const existing = await findOAuthAppId(trx, platformId, request.pieceName);
    return existing === undefined
      ? insertOAuthApp(trx, {
          id: generateId(),
          platformId,
          pieceName: request.pieceName,
          clientId: request.clientId,
          clientSecret,
          created: now,
          updated: now,
        })
      : updateOAuthAppClient(trx, existing.id, { clientId: request.clientId, clientSecret, updated: now });
  });
  return oauthAppView(row);
}

/** Deletes OAuth2 app `id` of platform `platformId`; 404 when there is no such app. */
export async function deleteOAuthApp(
  deps: OAuthAppDependencies,
  platformId: string,
  id: string,
): Promise<void> {
  const deleted = await deps.store.write((trx) => deletePlatformOAuthApp(trx, platformId, id));
  if (deleted === 0) throw notFound('oauthApp', id);
}
