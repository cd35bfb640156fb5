/** The fixtures of the SAML admin endpoints (the sign-in ones are public). */
import type { Fixture } from './world';

/** One row per endpoint (`area.name`): how to call it. */
export const SAML_FIXTURES: Record<string, Fixture> = {
  'samlAuthn.serviceProvider': async () => ({ platformWide: true }),
  // The SSRF filter refuses the link-local address: an admin's call reaches the fetch and gets 400.
  'samlAuthn.fetchIdpMetadata': async () => ({
    body: { url: 'http://169.254.169.254/metadata' },
    platformWide: true,
    allowedStatus: 400,
  }),
};
