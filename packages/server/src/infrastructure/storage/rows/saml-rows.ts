/** Row types of SAML sign-in (migration 0032). */

/** `samlAssertion`: an assertion ID already consumed on a platform, kept until `expiresAt`. */
export interface SamlAssertionTable {
  id: string;
  platformId: string;
  expiresAt: string;
}

/** `samlRequest`: an AuthnRequest ID sent for a platform, awaiting its response until `expiresAt`. */
export interface SamlRequestTable {
  id: string;
  platformId: string;
  expiresAt: string;
}

/** `samlSignInCode`: a one-time code (its SHA-256) and the sealed session it is exchanged for. */
export interface SamlSignInCodeTable {
  codeHash: string;
  platformId: string;
  session: string;
  expiresAt: string;
}
