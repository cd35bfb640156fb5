/**
 * `/authenticate` (Activepieces' path): where the server's SAML assertion consumer service sends
 * the browser with a one-time `code`. The page exchanges it (`POST /v1/authn/saml/claim`) for the
 * session and goes on to the page asked for before sign-in; the code is good once, for a minute.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useApi, useSession } from '../../api/session-context';
import { Loading } from '../../components/loading';
import { AuthLayout } from './auth-layout';
import { forgetReturnPath, returnPath } from './federated-return';

/** The page of `/authenticate`. */
export function Page() {
  const [params] = useSearchParams();
  const client = useApi();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  const code = params.get('code');
  const claim = useMutation({
    mutationFn: (value: string) => client.samlAuthn.claim({ code: value }),
    onSuccess: (answer) => {
      const to = returnPath();
      forgetReturnPath();
      signIn(answer);
      navigate(to, { replace: true });
    },
  });
  const { mutate } = claim;
  useEffect(() => {
    if (started.current || code === null) return;
    started.current = true;
    mutate(code);
  }, [code, mutate]);

  const failure =
    code === null
      ? 'This address lacks the sign-in code of single sign-on.'
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
