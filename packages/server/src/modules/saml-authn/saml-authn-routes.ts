/**
 * The SAML sign-in routes (`ENDPOINTS.samlAuthn`): login and ACS answer redirects for the
 * browser; the ACS takes the identity provider's form post as raw bytes (HTTP-POST binding).
 */
import { ENDPOINTS, PieceworkError } from '@piecework/shared';
import { HttpReply } from '../../infrastructure/http/http-reply';
import { rawRoute, route, type RouteDefinition } from '../../infrastructure/http/route';
import { requestPlatformId } from '../access/request-platform';
import { sessionOriginOf } from '../sessions/session-origin';
import { SamlAuthnService, type SamlAuthnDependencies } from './saml-authn-service';

/** The largest SAMLResponse form taken by the ACS. */
const ACS_BODY_LIMIT_BYTES = 2 * 1024 * 1024;

/** What the SAML routes use from the server context. */
export type SamlAuthnRouteDependencies = SamlAuthnDependencies & Parameters<typeof requestPlatformId>[0];

function redirect(location: string): HttpReply {
  return new HttpReply(302, undefined, { location, 'cache-control': 'no-store' });
}

function authorizationOf(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): string | undefined {
  const value = headers['authorization'];
  return Array.isArray(value) ? value[0] : value;
}

/** The SAML sign-in routes. */
export function samlAuthnRoutes(ctx: SamlAuthnRouteDependencies): RouteDefinition[] {
  const saml = new SamlAuthnService(ctx);
  const platformOf = async (platformId: string | undefined, headers: Parameters<typeof authorizationOf>[0]) =>
    platformId ?? (await requestPlatformId(ctx, authorizationOf(headers)));
  return [
    route(ENDPOINTS.samlAuthn.login, {
      handler: async ({ query, request }) => {
        const platformId = await platformOf(query.platformId, request.headers);
        const location = await saml.login(platformId).catch((error: unknown) => {
          if (!(error instanceof PieceworkError)) throw error;
          return `${ctx.settings.publicUrl}sign-in?error=${encodeURIComponent(error.message)}`;
        });
        return redirect(location);
      },
    }),
    rawRoute(ENDPOINTS.samlAuthn.acs, {
      bodyLimitBytes: ACS_BODY_LIMIT_BYTES,
      handler: async ({ query, body, request }) => {
        const form = new URLSearchParams(body.toString('utf8'));
        const location = await saml.acs(
          query.platformId,
          {
            SAMLResponse: form.get('SAMLResponse') ?? undefined,
            RelayState: form.get('RelayState') ?? undefined,
          },
          sessionOriginOf(request),
        );
        return redirect(location);
      },
    }),
    route(ENDPOINTS.samlAuthn.metadata, {
      handler: async ({ query, request }) => {
        const platformId = await platformOf(query.platformId, request.headers);
        if (platformId === undefined) return new HttpReply(404, 'No platform on this server yet');
        return new HttpReply(200, saml.metadata(platformId), {
          'content-type': 'application/samlmetadata+xml; charset=utf-8',
        });
      },
    }),
    route(ENDPOINTS.samlAuthn.claim, {
      handler: ({ body }) => saml.claim(body.code),
    }),
    route(ENDPOINTS.samlAuthn.serviceProvider, {
      handler: async ({ principal }) => saml.serviceProvider(principal.platformId),
    }),
    route(ENDPOINTS.samlAuthn.fetchIdpMetadata, {
      handler: ({ body }) => saml.fetchIdpMetadata(body.url),
    }),
  ];
}
