/** The fixtures of license activation (`platformBilling.*`). */
import type { Fixture } from './world';

/** One row per endpoint (`area.name`): how to call it. */
export const LICENSE_FIXTURES: Record<string, Fixture> = {
  'platformBilling.activate': async () => ({
    body: { licenseKey: 'bm90LWEta2V5.c2lnbmF0dXJl' },
    platformWide: true,
    // The matrix's server has no AP_LICENSE_PUBLIC_KEY: allowed callers reach the key check, which refuses.
    allowedStatus: 400,
  }),
  'platformBilling.info': async () => ({ platformWide: true }),
};
