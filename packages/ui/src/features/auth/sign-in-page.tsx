/**
 * `/sign-in`: email and password (`POST /v1/authentication/sign-in`), then the page asked for
 * (`?from=`, kept by the guard of signed-in pages) or `/`. A refused sign-in shows the server's
 * message and keeps the form; an unconfirmed address offers the verification email again.
 * "Sign in with Google" (and GitHub, or the platform's own provider) appears when the instance's
 * flags offer it. `?email=` fills the address. An account with two-factor authentication (or on a
 * platform requiring it) answers TWO_FACTOR_REQUIRED: the card then shows the code step
 * (`two-factor-step.tsx`). A remembered device's token, kept per email, goes with the password and
 * skips that step.
 */
import { isApiError } from '@piecework/client';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useApi, useSession } from '../../api/session-context';
import { TextField } from '../../components/field';
import { AuthLayout } from './auth-layout';
import { FederatedSignInButtons } from './federated-sign-in-buttons';
import { GoogleSignInButton } from './google-sign-in-button';
import { landingPath, withFrom } from './landing-path';
import { readRememberedDevice } from './remembered-device';
import { ResendVerificationButton } from './resend-verification-button';
import { SamlSignInButton } from './saml-sign-in-button';
import { TwoFactorStep } from './two-factor-step';
import { offersGoogleSignIn, offersThirdPartySignIn, useFlags } from './use-flags';

/** The page of `/sign-in`. */
export function Page() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const client = useApi();
  const { session, signIn } = useSession();
  const flags = useFlags();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const submit = useMutation({
    mutationFn: () => {
      const rememberedDeviceToken = readRememberedDevice(email);
      return client.authentication.signIn({
        email: email.trim(),
        password,
        ...(rememberedDeviceToken === undefined ? {} : { rememberedDeviceToken }),
      });
    },
    onSuccess: signIn,
  });
  if (session !== null) return <Navigate to={landingPath(from)} replace />;
  const secondFactor = isApiError(submit.error, 'TWO_FACTOR_REQUIRED') ? submit.error.params : undefined;
  if (secondFactor !== undefined && typeof secondFactor['challenge'] === 'string') {
    return (
      <AuthLayout title="Two-factor authentication" subtitle={`Signing in as ${email.trim()}`}>
        <TwoFactorStep
          challenge={secondFactor['challenge']}
          enrolmentRequired={secondFactor['enrolmentRequired'] === true}
          email={email}
          onSignedIn={signIn}
          onCancel={() => {
            submit.reset();
            setPassword('');
          }}
        />
      </AuthLayout>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(email.trim() === '' ? { email: 'Enter your email address' } : {}),
      ...(password === '' ? { password: 'Enter your password' } : {}),
    };
    setMissing(errors);
    if (Object.keys(errors).length === 0) submit.mutate();
  };
  const unverified = isApiError(submit.error, 'EMAIL_IS_NOT_VERIFIED');
  return (
    <AuthLayout
      title="Sign in to Piecework"
      subtitle="Welcome back: build and run your flows."
      footer={
        <span>
          No account yet? <Link to={withFrom('/sign-up', from)}>Sign up</Link>
        </span>
      }
    >
      {params.get('invitation') === 'accepted' ? (
        <div className="notice info" role="status">
          Invitation accepted: sign in to open the project you were invited to.
        </div>
      ) : null}
      <SamlSignInButton from={from} />
      {offersGoogleSignIn(flags.data) ? <GoogleSignInButton from={from} /> : null}
      <FederatedSignInButtons flags={flags.data} from={from} />
      {offersThirdPartySignIn(flags.data) ? <div className="auth-divider">or with your email</div> : null}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={missing.email}
          required
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={missing.password}
          hint={<Link to="/forgot-password">Forgot your password?</Link>}
          required
        />
        {submit.isError ? (
          <div className="notice error" role="alert">
            <span>{errorMessage(submit.error)}</span>
            {unverified ? <ResendVerificationButton email={email.trim()} /> : null}
          </div>
        ) : null}
        <button type="submit" className="btn primary" disabled={submit.isPending}>
          {submit.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </AuthLayout>
  );
}
