/**
 * `/forgot-password`: asks the server to email a password-reset link (`POST /v1/otp`,
 * PASSWORD_RESET). The server answers the same whether or not the address has an account, and
 * so does the page. `?email=` fills the address.
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useApi } from '../../api/session-context';
import { TextField } from '../../components/field';
import { AuthLayout } from './auth-layout';
import { CheckInbox } from './check-inbox';
import { emailProblem } from './sign-up-validation';

/** The page of `/forgot-password`. */
export function Page() {
  const [params] = useSearchParams();
  const client = useApi();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [problem, setProblem] = useState<string | undefined>();
  const send = useMutation({
    mutationFn: (address: string) =>
      client.authentication.requestOtp({ email: address, type: 'PASSWORD_RESET' }),
  });
  if (send.isSuccess) {
    return (
      <AuthLayout title="Reset your password">
        <CheckInbox
          email={send.variables}
          purpose="choose a new password (if an account uses this address)"
        />
      </AuthLayout>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = emailProblem(email);
    setProblem(found);
    if (found === undefined) send.mutate(email.trim());
  };
  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email of your account: we will send you a link to choose a new password."
      footer={<Link to="/sign-in">Back to sign in</Link>}
    >
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem}
          required
        />
        {send.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(send.error)}
          </div>
        ) : null}
        <button type="submit" className="btn primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send the link'}
        </button>
      </form>
    </AuthLayout>
  );
}
