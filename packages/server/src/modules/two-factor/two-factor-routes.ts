/**
 * The signed-in user's two-factor settings (`/v1/users/me/two-factor...`) and the public start of
 * an enrolment during a sign-in the platform requires two-factor for. The second step of a
 * sign-in itself is an identity route (it completes the sign-in).
 */
import { ENDPOINTS } from '@piecework/shared';
import { route, type RouteDefinition } from '../../infrastructure/http/route';
import { startSignInEnrolment } from './sign-in-second-factor';
import type { TwoFactorDependencies } from './two-factor-codes';
import { TwoFactorService } from './two-factor-service';

/** The two-factor routes but `POST /v1/authn/local/two-factor`. */
export function twoFactorRoutes(deps: TwoFactorDependencies): RouteDefinition[] {
  const service = new TwoFactorService(deps);
  return [
    route(ENDPOINTS.twoFactor.status, { handler: ({ principal }) => service.status(principal) }),
    route(ENDPOINTS.twoFactor.startEnrolment, {
      handler: ({ principal }) => service.startEnrolment(principal),
    }),
    route(ENDPOINTS.twoFactor.enable, {
      handler: ({ principal, body }) => service.enable(principal, body.code),
    }),
    route(ENDPOINTS.twoFactor.regenerateRecoveryCodes, {
      handler: ({ principal, body }) => service.regenerateRecoveryCodes(principal, body.code),
    }),
    route(ENDPOINTS.twoFactor.disable, {
      handler: async ({ principal, body }) => {
        await service.disable(principal, body.code);
        return undefined;
      },
    }),
    route(ENDPOINTS.twoFactor.startSignInEnrolment, {
      handler: ({ body }) => startSignInEnrolment(deps, body.challenge),
    }),
  ];
}
