/** License activation and the plan, `ENDPOINTS.platformBilling` (release 0.87.0 replaced the license-key endpoints with it). */
import { ActivateLicenseRequest } from '../platform/platform';
import { PlatformBillingInfo } from '../platform/platform-billing-info';
import { PlatformPlan } from '../platform/platform-plan';
import { PLATFORM_ADMIN_ACCESS } from './endpoint-access';
import { endpoint } from './endpoint';

/** `POST /v1/platform-billing/activate`, `GET /v1/platform-billing/info`. */
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
  info: endpoint({
    method: 'GET',
    path: '/v1/platform-billing/info',
    operationId: 'platformBilling.info',
    summary:
      "The caller's platform plan, its usage of the plan's limits and its license key, masked (platform admins)",
    access: PLATFORM_ADMIN_ACCESS,
    status: 200,
    response: PlatformBillingInfo,
  }),
} as const;
