/**
 * The edition test servers run as unless a test sets AP_EDITION: `cloud`, where every
 * `signUpTestUser` gets a platform of its own, so tests sharing a server never share a tenant.
 * Tests of the self-hosted sign-up policy start their server with `AP_EDITION: 'ce'` (or `ee`).
 * The catalogue does not sync unless a test sets AP_PIECES_SYNC_MODE.
 */
export const TEST_EDITION_ENV: Readonly<Record<string, string>> = {
  AP_EDITION: 'cloud',
  // No test server reaches Activepieces' cloud: tests that sync name a loopback source.
  AP_PIECES_SYNC_MODE: 'NONE',
};
