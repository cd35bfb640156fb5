/**
 * `/sign-up`: first name, last name, email and password, checked with the server's rules before
 * sending (`POST /v1/authentication/sign-up`). The answer signs the tab in and goes to `?from=` or
 * `/`; a server that sends email answers EMAIL_IS_NOT_VERIFIED instead, and the page asks to
 * confirm the address from the inbox. Coming from an accepted invitation
 * (`?email=...&invitation=accepted`), the invited address is fixed and the app opens on the
 * project of the invitation.
 */
import { isApiError } from '@piecework/client';
import type { AuthenticationResponse } from '@piecework/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { useApi, useSession } from '../../api/session-context';
import { rememberProject } from '../../app/project-redirect';
import { TextField } from '../../components/field';
import { AuthLayout } from './auth-layout';
import { CheckInbox } from './check-inbox';
import { landingPath, withFrom } from './landing-path';
import { PASSWORD_LENGTH, signUpProblems, type SignUpDraft } from './sign-up-validation';

/** The page of `/sign-up`. */
export function Page() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const invited = params.get('invitation') === 'accepted';
  const client = useApi();
  const { session, signIn } = useSession();
  const [draft, setDraft] = useState<SignUpDraft>({
    firstName: '',
    lastName: '',
    email: params.get('email') ?? '',
    password: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const submit = useMutation({
    mutationFn: async (request: SignUpDraft): Promise<AuthenticationResponse> => {
      const answer = await client.authentication.signUp({ ...request, email: request.email.trim() });
      if (invited) {
        // Open the project of the invitation rather than the new user's own.
        const projects = await client.withToken(answer.token).projects.list({ limit: 100 });
        const joined = projects.data.find((project) => project.id !== answer.projectId);
        if (joined !== undefined) rememberProject(joined.id);
      }
      return answer;
    },
    onSuccess: signIn,
  });
  if (session !== null) return <Navigate to={landingPath(from)} replace />;
  if (isApiError(submit.error, 'EMAIL_IS_NOT_VERIFIED')) {
    return (
      <AuthLayout title="Confirm your email">
        <CheckInbox
          email={draft.email.trim()}
          purpose="confirm your address and finish signing up"
          resendVerification
        />
      </AuthLayout>
    );
  }

  const errors = submitted ? signUpProblems(draft) : {};
  const field = (name: keyof SignUpDraft) => ({
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setDraft((was) => ({ ...was, [name]: event.target.value })),
    error: errors[name],
    required: true,
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(signUpProblems(draft)).length === 0) submit.mutate(draft);
  };
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Automate your work with flows of pieces."
      footer={
        <span>
          Already have an account? <Link to={withFrom('/sign-in', from)}>Sign in</Link>
        </span>
      }
    >
      {invited ? (
        <div className="notice info" role="status">
          Invitation accepted: create your account to join.
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <div className="auth-row">
          <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        </div>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          readOnly={invited}
          hint={invited ? 'The address the invitation was sent to.' : undefined}
          {...field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`${String(PASSWORD_LENGTH.min)} to ${String(PASSWORD_LENGTH.max)} characters.`}
          {...field('password')}
        />
        {submit.isError ? (
          <div className="notice error" role="alert">
            {errorMessage(submit.error)}
          </div>
        ) : null}
        <button type="submit" className="btn primary" disabled={submit.isPending}>
          {submit.isPending ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
    </AuthLayout>
  );
}
