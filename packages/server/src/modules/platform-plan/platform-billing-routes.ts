/**
 * `POST /v1/platform-billing/activate {licenseKey}` (platform admins): verifies the key against
 * AP_LICENSE_PUBLIC_KEY and stores it on the caller's platform, answering the plan it gives. A
 * refused key (INVALID_LICENSE_KEY, LICENSE_KEY_EXPIRED) changes nothing; a later key replaces an
 * earlier one. `GET /v1/platform-billing/info` answers the plan, its usage and the key, masked. The license-key endpoints of older releases (`/v1/license-keys/...`) do not exist.
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { platformBillingInfo } from './platform-billing-info';
import { activateLicenseKey, type PlatformBillingDependencies } from './platform-billing-service';

/** The platform-billing routes. */
export function platformBillingRoutes(deps: PlatformBillingDependencies): RouteDefinition[] {
  return [
    route(ENDPOINTS.platformBilling.activate, {
      handler: ({ body, principal }) => activateLicenseKey(deps, principal.platformId, body.licenseKey),
    }),
    route(ENDPOINTS.platformBilling.info, {
      handler: ({ principal }) => platformBillingInfo(deps, principal.platformId),
    }),
  ];
}
