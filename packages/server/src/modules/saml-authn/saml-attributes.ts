/**
 * Who a SAML assertion names: the email, first and last name, read from the attribute names
 * Activepieces asks identity providers for (`email`, `firstName`, `lastName`), else the claim URIs
 * Entra ID and ADFS send, the LDAP OIDs, or the NameID when it is an email address.
 */
import type { Profile } from '@node-saml/node-saml';
import { z } from 'zod';
import type { FederatedProfile } from '../identity/federated-profile';

const CLAIMS = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims';

/** The attribute names read for each field, first found first. */
export const SAML_ATTRIBUTE_NAMES = {
  email: ['email', 'mail', 'emailAddress', `${CLAIMS}/emailaddress`, 'urn:oid:0.9.2342.19200300.100.1.3'],
  firstName: ['firstName', 'givenName', 'given_name', `${CLAIMS}/givenname`, 'urn:oid:2.5.4.42'],
  lastName: ['lastName', 'surname', 'sn', 'family_name', `${CLAIMS}/surname`, 'urn:oid:2.5.4.4'],
} as const;

const Email = z.email();

/** The profile of a verified assertion, or undefined when it names no email address. */
export function samlProfileOf(profile: Profile): FederatedProfile | undefined {
  const attributes = (profile['attributes'] ?? {}) as Record<string, unknown>;
  const read = (names: readonly string[]): string | undefined => {
    for (const name of names) {
      const value = first(attributes[name]);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const email = read(SAML_ATTRIBUTE_NAMES.email) ?? first(profile.nameID);
  if (email === undefined || !Email.safeParse(email).success) return undefined;
  const localPart = email.split('@')[0] ?? email;
  return {
    email,
    firstName: read(SAML_ATTRIBUTE_NAMES.firstName) ?? localPart,
    lastName: read(SAML_ATTRIBUTE_NAMES.lastName) ?? '',
  };
}

/** The first non-empty string of an attribute (a single value or a list). */
function first(value: unknown): string | undefined {
  const values: unknown[] = Array.isArray(value) ? value : [value];
  for (const item of values) {
    if (typeof item === 'string' && item.trim() !== '') return item.trim();
  }
  return undefined;
}
