/**
 * A platform's identity providers beyond email and password (`FederatedAuthProviders`: GitHub,
 * SAML, OpenID Connect), stored in two columns: the settings without client secrets as JSON (what
 * the platform shows) and the secrets sealed by the secret box. Use
 * {@link findFederatedAuthProviders} wherever a sign-in needs a provider's whole settings, and
 * {@link federatedAuthProviderChanges} where a platform update sets them.
 */
import {
  FederatedAuthProviders,
  FederatedAuthProvidersView,
  type FederatedAuthProvidersUpdate,
} from '@piecework/shared';
import type { Kysely, Selectable, Updateable } from 'kysely';
import { z } from 'zod';
import type { SecretBox } from '../../infrastructure/auth/secret-box';
import { invalidRequest } from '../../infrastructure/errors';
import type { Database, PlatformTable } from '../../infrastructure/storage/database';
import { fromJson, toJson } from '../../infrastructure/storage/json-column';

/** The client secrets sealed in `federatedAuthSecrets`. */
const ProviderSecrets = z.object({
  github: z.string().optional(),
  oidc: z.string().optional(),
});
type ProviderSecrets = z.infer<typeof ProviderSecrets>;

/** The two columns the providers are stored in. */
type ProviderColumns = Pick<Selectable<PlatformTable>, 'federatedAuthProviders' | 'federatedAuthSecrets'>;

/** The providers as a platform row shows them (no secrets). */
export function federatedAuthProvidersView(
  row: Pick<ProviderColumns, 'federatedAuthProviders'>,
): FederatedAuthProvidersView {
  return FederatedAuthProvidersView.parse(fromJson(row.federatedAuthProviders));
}

/**
 * The whole settings (with client secrets) of the providers platform `platformId` offers; `{}`
 * when it offers none or does not exist. Read it at each sign-in: an admin's change applies at once.
 */
export async function findFederatedAuthProviders(
  deps: { readonly store: { readonly db: Kysely<Database> }; readonly secrets: SecretBox },
  platformId: string,
): Promise<FederatedAuthProviders> {
  const row = await deps.store.db
    .selectFrom('platform')
    .select(['federatedAuthProviders', 'federatedAuthSecrets'])
    .where('id', '=', platformId)
    .executeTakeFirst();
  if (row === undefined) return {};
  const view = federatedAuthProvidersView(row);
  const secrets = secretsOf(deps.secrets, row);
  return FederatedAuthProviders.parse({
    ...(view.github === undefined ? {} : { github: { ...view.github, clientSecret: secrets.github } }),
    ...(view.saml === undefined ? {} : { saml: view.saml }),
    ...(view.oidc === undefined ? {} : { oidc: { ...view.oidc, clientSecret: secrets.oidc } }),
  });
}

/**
 * The column changes that apply `update` to a platform's stored providers (`row`): a provider
 * named replaces the stored one, `null` removes it, an absent one stays; a client secret left out
 * keeps the stored one. 400 VALIDATION when a new provider comes without its client secret.
 */
export function federatedAuthProviderChanges(
  secretBox: SecretBox,
  row: ProviderColumns,
  update: FederatedAuthProvidersUpdate,
): Updateable<PlatformTable> {
  const view: FederatedAuthProvidersView = { ...federatedAuthProvidersView(row) };
  const secrets: ProviderSecrets = { ...secretsOf(secretBox, row) };
  for (const name of ['github', 'oidc'] as const) {
    const next = update[name];
    if (next === undefined) continue;
    if (next === null) {
      delete view[name];
      delete secrets[name];
      continue;
    }
    const { clientSecret, ...shown } = next;
    const secret = clientSecret ?? secrets[name];
    if (secret === undefined) {
      throw invalidRequest(`Give the ${name} provider's clientSecret`, {
        field: `federatedAuthProviders.${name}.clientSecret`,
      });
    }
    view[name] = shown as never;
    secrets[name] = secret;
  }
  if (update.saml === null) delete view.saml;
  else if (update.saml !== undefined) view.saml = update.saml;
  const sealed = Object.keys(secrets).length === 0 ? null : secretBox.seal(secrets);
  return { federatedAuthProviders: toJson(view), federatedAuthSecrets: sealed };
}

function secretsOf(
  secretBox: SecretBox,
  row: Pick<ProviderColumns, 'federatedAuthSecrets'>,
): ProviderSecrets {
  return row.federatedAuthSecrets === null
    ? {}
    : ProviderSecrets.parse(secretBox.open(row.federatedAuthSecrets));
}
