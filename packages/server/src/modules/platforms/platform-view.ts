/**
 * A platform row as the API shows it ({@link Platform}), and the sign-in rules read from it. Use
 * {@link platformView} wherever a platform is answered, {@link authSettingsOf} wherever sign-up or
 * sign-in consults a platform's rules.
 */
import type { Selectable } from 'kysely';
import { AuthDomain, type Platform, type PlatformAuthSettings } from '@piecework/shared';
import { z } from 'zod';
import type { PlatformTable } from '../../infrastructure/storage/database';
import { fromJson } from '../../infrastructure/storage/json-column';
import { federatedAuthProvidersView } from './federated-auth-providers';

/** The platform columns the API shows. */
export const PLATFORM_COLUMNS = [
  'id',
  'name',
  'credits',
  'emailAuthEnabled',
  'allowedAuthDomains',
  'enforceAllowedAuthDomains',
  'googleAuthEnabled',
  'federatedAuthProviders',
  'twoFactorRequired',
] as const;

/** A platform row with {@link PLATFORM_COLUMNS}. */
export type PlatformRow = Pick<Selectable<PlatformTable>, (typeof PLATFORM_COLUMNS)[number]>;

/** The sign-in rules stored on a platform row. */
export function authSettingsOf(
  row: Pick<
    PlatformRow,
    | 'emailAuthEnabled'
    | 'allowedAuthDomains'
    | 'enforceAllowedAuthDomains'
    | 'googleAuthEnabled'
    | 'twoFactorRequired'
  >,
): PlatformAuthSettings {
  return {
    emailAuthEnabled: Boolean(row.emailAuthEnabled),
    allowedAuthDomains: z.array(AuthDomain).parse(fromJson(row.allowedAuthDomains)),
    enforceAllowedAuthDomains: Boolean(row.enforceAllowedAuthDomains),
    googleAuthEnabled: Boolean(row.googleAuthEnabled),
    twoFactorRequired: Boolean(row.twoFactorRequired),
  };
}

/** The API form of a platform row. */
export function platformView(row: PlatformRow): Platform {
  return {
    id: row.id,
    name: row.name,
    credits: row.credits,
    ...authSettingsOf(row),
    federatedAuthProviders: federatedAuthProvidersView(row),
  };
}
