/**
 * "Sign in with SSO" (SAML): sends the browser to `GET /api/v1/authn/saml/login`, which redirects
 * it to the platform's identity provider; the provider posts back to the server, which sends the
 * browser to `/authenticate` (see `saml-return-page.tsx`). Shown when the flags offer SAML. A
 * refused SAML sign-in comes back to the sign-in page with `?error=`, shown here.
 */
import { useSearchParams } from 'react-router';
import { apiBaseUrl } from '../../api/session-context';
import { rememberReturnPath } from './federated-return';
import { offersGoogleSignIn, offersSamlSignIn, useFlags } from './use-flags';

/** The SSO button and the reason of a refused SAML sign-in; `from` is where to land after signing in. */
export function SamlSignInButton({ from }: { from: string | null }) {
  const [params] = useSearchParams();
  const flags = useFlags();
  const refused = params.get('error');
  const offered = offersSamlSignIn(flags.data);
  const start = () => {
    rememberReturnPath(from);
    window.location.assign(`${apiBaseUrl()}/api/v1/authn/saml/login`);
  };
  return (
    <>
      {refused === null ? null : (
        <div className="notice error" role="alert">
          Single sign-on did not sign you in: {refused}
        </div>
      )}
      {offered ? (
        <>
          <button type="button" className="btn block" onClick={start}>
            <svg
              aria-hidden="true"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
            >
              <rect x="4" y="10" width="16" height="11" rx="2" strokeWidth="2" />
              <path d="M8 10V7a4 4 0 0 1 8 0v3" strokeWidth="2" />
            </svg>
            Sign in with SSO
          </button>
          {offersGoogleSignIn(flags.data) ? null : <div className="auth-divider">or with your email</div>}
        </>
      ) : null}
    </>
  );
}
