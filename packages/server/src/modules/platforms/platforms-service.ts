/**
 * The platform itself: anyone on it reads its name, credit balance and sign-in rules; platform
 * admins rename it, set the balance or change the sign-in rules, never so that nobody can sign in.
 * Another platform's id answers 404.
 */
import type { Platform, PlatformAuthSettings, UpdatePlatformRequest } from '@piecework/shared';
import type { Kysely, Updateable } from 'kysely';
import type { Principal } from '../../infrastructure/auth/principal';
import { notFound } from '../../infrastructure/errors';
import type { Database, PlatformTable } from '../../infrastructure/storage/database';
import { toJson, toSqlBoolean } from '../../infrastructure/storage/json-column';
import type { ServerContext } from '../../server-context';
import { assertSignInStaysPossible } from './auth-settings-rules';
import { federatedAuthProviderChanges, federatedAuthProvidersView } from './federated-auth-providers';
import { findPlatformRow, findProviderColumns, updatePlatformRow } from './platform-repository';
import { platformView } from './platform-view';

/**
 * What the platforms routes and service use of the server context: the store, the settings, the
 * clock and the secret box (identity providers' client secrets are sealed).
 */
export type PlatformsDependencies = Pick<ServerContext, 'store' | 'settings' | 'now' | 'secrets'>;

/** The caller's platform when `id` names it; any other id is 404 (as if it did not exist). */
async function ownPlatform(db: Kysely<Database>, principal: Principal, id: string): Promise<Platform> {
  const row = id === principal.platformId ? await findPlatformRow(db, id) : undefined;
  if (row === undefined) throw notFound('platform', id);
  return platformView(row);
}

/** The caller's platform `id`; any other id is 404. */
export function getPlatform(
  deps: PlatformsDependencies,
  principal: Principal,
  id: string,
): Promise<Platform> {
  return ownPlatform(deps.store.db, principal, id);
}

/**
 * Applies `body` to the caller's platform `id` (absent fields: unchanged) and answers it; a change
 * of the sign-in rules must leave a way in (`assertSignInStaysPossible`).
 */
export function updatePlatform(
  deps: PlatformsDependencies,
  principal: Principal,
  id: string,
  body: UpdatePlatformRequest,
): Promise<Platform> {
  return deps.store.write(async (trx) => {
    const platform = await ownPlatform(trx, principal, id);
    const changes = platformChanges(body);
    if (body.federatedAuthProviders !== undefined) {
      const stored = await findProviderColumns(trx, platform.id);
      Object.assign(changes, federatedAuthProviderChanges(deps.secrets, stored, body.federatedAuthProviders));
    }
    if (Object.keys(changes).length === 0) return platform;
    if (changesSignIn(body)) {
      const providers =
        changes.federatedAuthProviders === undefined
          ? platform.federatedAuthProviders
          : federatedAuthProvidersView({ federatedAuthProviders: changes.federatedAuthProviders as string });
      assertSignInStaysPossible(nextAuthSettings(platform, body), providers, deps.settings.config, principal);
    }
    const row = await updatePlatformRow(trx, platform.id, changes, deps.now());
    return platformView(row);
  });
}

/** The columns an update request changes (absent fields: unchanged). */
function platformChanges(body: UpdatePlatformRequest): Updateable<PlatformTable> {
  const changes: Updateable<PlatformTable> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.credits !== undefined) changes.credits = body.credits;
  if (body.emailAuthEnabled !== undefined) changes.emailAuthEnabled = toSqlBoolean(body.emailAuthEnabled);
  if (body.allowedAuthDomains !== undefined) {
    changes.allowedAuthDomains = toJson([...new Set(body.allowedAuthDomains)]);
  }
  if (body.enforceAllowedAuthDomains !== undefined) {
    changes.enforceAllowedAuthDomains = toSqlBoolean(body.enforceAllowedAuthDomains);
  }
  if (body.googleAuthEnabled !== undefined) changes.googleAuthEnabled = toSqlBoolean(body.googleAuthEnabled);
  if (body.twoFactorRequired !== undefined) changes.twoFactorRequired = toSqlBoolean(body.twoFactorRequired);
  return changes;
}

/** True when the request touches any sign-in rule. */
function changesSignIn(body: UpdatePlatformRequest): boolean {
  return (
    body.emailAuthEnabled !== undefined ||
    body.allowedAuthDomains !== undefined ||
    body.enforceAllowedAuthDomains !== undefined ||
    body.googleAuthEnabled !== undefined ||
    body.federatedAuthProviders !== undefined
  );
}

/** The sign-in rules as they will be once `body` applies to `platform`. */
function nextAuthSettings(platform: Platform, body: UpdatePlatformRequest): PlatformAuthSettings {
  return {
    emailAuthEnabled: body.emailAuthEnabled ?? platform.emailAuthEnabled,
    allowedAuthDomains: body.allowedAuthDomains ?? platform.allowedAuthDomains,
    enforceAllowedAuthDomains: body.enforceAllowedAuthDomains ?? platform.enforceAllowedAuthDomains,
    googleAuthEnabled: body.googleAuthEnabled ?? platform.googleAuthEnabled,
    twoFactorRequired: body.twoFactorRequired ?? platform.twoFactorRequired,
  };
}
