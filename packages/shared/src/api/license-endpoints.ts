/** License activation, `ENDPOINTS.platformBilling` (release 0.87.0 replaced the license-key endpoints with it). */
import { ActivateLicenseRequest } from '../platform/platform';
import { PlatformPlan } from '../platform/platform-plan';
import { PLATFORM_ADMIN_ACCESS } from './endpoint-access';
import { endpoint } from './endpoint';

/** `POST /v1/platform-billing/activate`. */
export const PLATFORM_BILLING_ENDPOINTS = {
  activate: endpoint({
    method: 'POST',
    path: '/v1/platform-billing/activate',
    operationId: 'platformBilling.activate',
    summary:
      "Apply a signed license key to the caller's platform (platform admins); answers the plan it puts the platform on",
    access: PLATFORM_ADMIN_ACCESS,
    body: ActivateLicenseRequest,
    status: 200,
    response: PlatformPlan,
  }),
} as const;
