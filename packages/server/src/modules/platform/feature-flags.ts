/**
 * The flags of `GET /v1/flags`: what a UI or an embedding host needs to know about this instance.
 * The four removed billing flags are never among them. THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP
 * names only the sign-in providers the platform offers (`google` only where AP_GOOGLE_CLIENT_ID
 * and _SECRET are set and the platform's toggle is on; `github`, `saml`, `oidc` where set up), and
 * SSO_OIDC_DISPLAY_NAME labels the `oidc` button where it is named. ALLOWED_EMBED_ORIGINS is the
 * list the page CSP's frame-ancestors names (AP_ALLOWED_EMBED_ORIGINS and the first platform's).
 * The platform's plan shows as PLAN_NAME, LICENSE_EXPIRES_AT (null on the free plan),
 * PLAN_LIMITS and PLAN_FEATURES, and EDITION is `ee` while a license key is active.
 */
import type { FeatureFlags, PlatformPlan } from '@piecework/shared';
import type { ServerSettings } from '../../infrastructure/config/server-settings';
import { federatedRedirectUrl } from '../federated-authn/federated-authn-service';

/** The instance's flags, derived from its settings and what the request's platform offers. */
export function featureFlags(
  settings: ServerSettings,
  platform: {
    signInProviders: Readonly<Record<string, true>>;
    /** The OpenID Connect provider's button label, where one is set up. */
    oidcDisplayName?: string | undefined;
    allowedEmbedOrigins: readonly string[];
    plan: PlatformPlan;
  },
): FeatureFlags {
  const { config } = settings;
  const { plan } = platform;
  return {
    EDITION: plan.licenseExpiresAt === null ? 'ce' : 'ee',
    ENVIRONMENT: process.env['NODE_ENV'] === 'production' ? 'prod' : 'dev',
    CURRENT_VERSION: '0.0.0',
    PUBLIC_URL: settings.publicUrl,
    WEBHOOK_URL_PREFIX: `${settings.publicUrl}api/v1/webhooks`,
    FRONTEND_URL: settings.publicUrl,
    EXECUTION_MODE: config.executionMode,
    FLOW_RUN_TIME_SECONDS: config.flowTimeoutSeconds,
    WEBHOOK_TIMEOUT_SECONDS: config.webhookTimeoutSeconds,
    MAX_FILE_SIZE_MB: config.maxFileSizeMb,
    MAX_WEBHOOK_PAYLOAD_SIZE_MB: config.maxWebhookPayloadSizeMb,
    ALLOWED_EMBED_ORIGINS: [...platform.allowedEmbedOrigins],
    THIRD_PARTY_AUTH_PROVIDERS_TO_SHOW_MAP: { ...platform.signInProviders },
    THIRD_PARTY_AUTH_PROVIDER_REDIRECT_URL: federatedRedirectUrl({ settings }),
    ...(platform.oidcDisplayName === undefined ? {} : { SSO_OIDC_DISPLAY_NAME: platform.oidcDisplayName }),
    SIGN_UP_ENABLED: true,
    SHOW_POWERED_BY_IN_FORM: false,
    PROJECT_LIMITS_ENABLED: true,
    CLOUD_AUTH_ENABLED: false,
    PLAN_NAME: plan.name,
    LICENSE_EXPIRES_AT: plan.licenseExpiresAt,
    PLAN_LIMITS: plan.limits,
    PLAN_FEATURES: plan.features,
  };
}
