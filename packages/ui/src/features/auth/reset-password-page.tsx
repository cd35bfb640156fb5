/**
 * `/reset-password?otpcode=...&identityId=...`: the link of the password-reset email (the
 * server's `password-reset-email.ts`). A new password, typed twice and checked with the server's
 * rules, is set with `POST /v1/authn/local/reset-password`; every earlier session then ends, this
 * tab's too. A used or expired link shows the server's message and a way to ask for a new one.
 */
import { isApiError } from '@piecework/client';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useApi, useSession } from '../../api/session-context';
import { TextField } from '../../components/field';
import { AuthLayout } from './auth-layout';
import { newPasswordProblems, PASSWORD_LENGTH } from './sign-up-validation';

/** The page of `/reset-password`. */
export function Page() {
  const [params] = useSearchParams();
  const otp = params.get('otpcode');
  const identityId = params.get('identityId');
  const client = useApi();
  const { session, signOut } = useSession();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const reset = useMutation({
    mutationFn: (request: { otp: string; identityId: string; newPassword: string }) =>
      client.authentication.resetPassword(request),
    onSuccess: () => {
      setDone(true);
      // The reset ended every session: forget this tab's (which also clears the query cache).
      if (session !== null) signOut();
    },
  });
  if (otp === null || identityId === null) {
    return (
      <AuthLayout title="Reset your password" footer={<Link to="/sign-in">Back to sign in</Link>}>
        <div className="notice error" role="alert">
          This link is incomplete. Open the link of the email again, or ask for a new one.
        </div>
        <Link className="btn primary block" to="/forgot-password">
          Ask for a new link
        </Link>
      </AuthLayout>
    );
  }
  if (done) {
    return (
      <AuthLayout title="Password changed">
        <div className="auth-done" role="status">
          <p>Your new password is set. You were signed out everywhere: sign in with it.</p>
          <Link className="btn primary block" to="/sign-in">
            Sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }
  const errors = submitted ? newPasswordProblems(password, confirmation) : {};
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(newPasswordProblems(password, confirmation)).length === 0) {
      reset.mutate({ otp, identityId, newPassword: password });
    }
  };
  const expired = isApiError(reset.error, 'INVALID_OTP');
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="Resetting signs you out on every device."
      footer={<Link to="/sign-in">Back to sign in</Link>}
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          hint={`${String(PASSWORD_LENGTH.min)} to ${String(PASSWORD_LENGTH.max)} characters.`}
          error={errors.password}
          required
        />
        <TextField
          label="Confirm the new password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={errors.confirmation}
          required
        />
        {reset.isError ? (
          <div className="notice error" role="alert">
            <span>{errorMessage(reset.error)}</span>
            {expired ? <Link to="/forgot-password">Ask for a new link</Link> : null}
          </div>
        ) : null}
        <button type="submit" className="btn primary" disabled={reset.isPending}>
          {reset.isPending ? 'Saving…' : 'Set the new password'}
        </button>
      </form>
    </AuthLayout>
  );
}
