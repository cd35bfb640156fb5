/**
 * `POST /v1/platform-billing/activate {licenseKey}` (platform admins): verifies the key against
 * AP_LICENSE_PUBLIC_KEY and stores it on the caller's platform, answering the plan it gives. A
 * refused key (INVALID_LICENSE_KEY, LICENSE_KEY_EXPIRED) changes nothing; a later key replaces an
 * earlier one. The license-key endpoints of older releases (`/v1/license-keys/...`) do not exist.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import type { ServerContext } from '../../server-context';
import { verifyLicenseKey } from './license-key-codec';
import { licensePublicKeyOf, planOfLicense } from './platform-plan';

/** The platform-billing routes. */
export function platformBillingRoutes(ctx: ServerContext): RouteDefinition[] {
  return [
    route(ENDPOINTS.platformBilling.activate, {
      handler: async ({ body, principal }) => {
        const licenseKey = body.licenseKey.trim();
        const payload = verifyLicenseKey(licensePublicKeyOf(ctx.settings), licenseKey, ctx.now());
        await ctx.store.write((trx) =>
          trx
            .updateTable('platform')
            .set({ licenseKey, updated: ctx.now() })
            .where('id', '=', principal.platformId)
            .execute(),
        );
        ctx.logger.info(
          { platform: { id: principal.platformId }, license: { id: payload.licenseId, plan: payload.plan } },
          'license key activated',
        );
        return planOfLicense(payload);
      },
    }),
  ];
}
