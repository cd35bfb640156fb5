/** The public authentication routes: sign-up, sign-in (and its second factor), and the emailed one-time codes. */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { sessionOriginOf } from '../sessions/session-origin';
import { EmailCodeService } from './email-code-service';
import { IdentityService, type IdentityDependencies } from './identity-service';

/**
 * `POST /v1/authentication/sign-up` and `/sign-in`; `POST /v1/authn/local/two-factor` (the
 * second step of a sign-in); `POST /v1/otp`,
 * `/v1/authn/local/verify-email` and `/v1/authn/local/reset-password`.
 */
export function identityRoutes(ctx: IdentityDependencies): RouteDefinition[] {
  const identity = new IdentityService(ctx);
  const codes = new EmailCodeService(ctx);
  return [
    route(ENDPOINTS.authentication.signUp, {
      handler: ({ body, request }) => identity.signUp(body, sessionOriginOf(request)),
    }),
    route(ENDPOINTS.authentication.signIn, {
      handler: ({ body, request }) => identity.signIn(body, sessionOriginOf(request)),
    }),
    route(ENDPOINTS.twoFactor.signIn, {
      handler: ({ body, request }) => identity.signInWithSecondFactor(body, sessionOriginOf(request)),
    }),
    route(ENDPOINTS.authentication.requestOtp, {
      handler: async ({ body }) => {
        await codes.requestCode(body);
        return undefined;
      },
    }),
    route(ENDPOINTS.authentication.verifyEmail, {
      handler: ({ body, request }) => codes.verifyEmail(body, request.ip),
    }),
    route(ENDPOINTS.authentication.resetPassword, {
      handler: async ({ body, request }) => {
        await codes.resetPassword(body, request.ip);
        return undefined;
      },
    }),
  ];
}
