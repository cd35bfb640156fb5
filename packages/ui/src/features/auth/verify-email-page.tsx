/**
 * `/verify-email?otpcode=...&identityId=...`: the link of the verification email (the server's
 * `verification-email.ts`). Opening it confirms the address at once (`POST
 * /v1/authn/local/verify-email`) and offers to sign in; a used or expired link shows the server's
 * message and can have a new email sent.
 */
import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { TextField } from '../../components/field';
import { Loading } from '../../components/loading';
import { AuthLayout } from './auth-layout';
import { ResendVerificationButton } from './resend-verification-button';

/** The page of `/verify-email`. */
export function Page() {
  const [params] = useSearchParams();
  const otp = params.get('otpcode');
  const identityId = params.get('identityId');
  const client = useApi();
  const verify = useMutation({
    mutationFn: (request: { otp: string; identityId: string }) => client.authentication.verifyEmail(request),
  });
  const { mutate } = verify;
  // The code works once: send it once, even when React runs effects twice in development.
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || otp === null || identityId === null) return;
    sent.current = true;
    mutate({ otp, identityId });
  }, [otp, identityId, mutate]);

  if (verify.isSuccess) {
    return (
      <AuthLayout title="Email confirmed">
        <div className="auth-done" role="status">
          <div className="auth-icon" aria-hidden="true">
            <Check aria-hidden="true" className="icon" />
          </div>
          <p>
            <strong>{verify.data.email}</strong> is confirmed. You can sign in now.
          </p>
          <Link className="btn primary block" to={`/sign-in?email=${encodeURIComponent(verify.data.email)}`}>
            Sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (otp !== null && identityId !== null && !verify.isError) {
    return <Loading label="Confirming your email" />;
  }
  return (
    <AuthLayout title="Confirm your email" footer={<Link to="/sign-in">Back to sign in</Link>}>
      <div className="notice error" role="alert">
        {verify.isError
          ? errorMessage(verify.error)
          : 'This link is incomplete. Open the link of the email again, or have a new one sent.'}
      </div>
      <ResendForm />
    </AuthLayout>
  );
}

/** An email field and the button that sends a new verification email to it. */
function ResendForm() {
  const [email, setEmail] = useState('');
  return (
    <div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        hint="Have a new verification email sent to this address."
      />
      <ResendVerificationButton email={email.trim()} />
    </div>
  );
}
