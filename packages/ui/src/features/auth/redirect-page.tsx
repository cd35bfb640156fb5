/**
 * `/redirect`: where sign-in providers (Google, GitHub, OpenID Connect) and OAuth2 providers send
 * the browser back with `code` and `state` (the server's flag THIRD_PARTY_AUTH_PROVIDER_REDIRECT_URL,
 * Activepieces' path). In the tab that left for a federated sign-in it claims the session (`POST
 * /v1/authn/federated/claim`, for the provider the state names) and goes on
 * to the page asked for before sign-in; in a popup this app opened (an OAuth2 connection's
 * consent) it hands the answer to the opener (see `oauth-popup-relay.ts`).
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useApi, useSession } from '../../api/session-context';
import { Loading } from '../../components/loading';
import { AuthLayout } from './auth-layout';
import { forgetReturnPath, providerOfState, returnPath } from './federated-return';
import { relayToOpener, sameOriginOpener } from './oauth-popup-relay';

/** The page of `/redirect`. */
export function Page() {
  const [params] = useSearchParams();
  const client = useApi();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state');
  const providerError = params.get('error');
  const opener = sameOriginOpener();
  const claim = useMutation({
    mutationFn: (request: { code: string; state: string }) =>
      client.federatedAuthn.claim({ providerName: providerOfState(request.state), ...request }),
    onSuccess: (answer) => {
      const to = returnPath();
      forgetReturnPath();
      signIn(answer);
      navigate(to, { replace: true });
    },
  });
  const { mutate } = claim;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (opener !== null) relayToOpener(opener, params);
    else if (code !== null && state !== null) mutate({ code, state });
  }, [opener, params, code, state, mutate]);

  if (opener !== null) return <Loading label="Finishing the connection" />;
  const failure =
    providerError !== null
      ? `The sign-in provider did not sign you in (${providerError}).`
      : code === null || state === null
        ? 'This address lacks the answer of the sign-in provider.'
        : claim.isError
          ? errorMessage(claim.error)
          : undefined;
  if (failure === undefined) return <Loading label="Signing you in" />;
  return (
    <AuthLayout title="Sign-in did not finish">
      <div className="notice error" role="alert">
        {failure}
      </div>
      <Link className="btn primary block" to="/sign-in">
        Back to sign in
      </Link>
    </AuthLayout>
  );
}
