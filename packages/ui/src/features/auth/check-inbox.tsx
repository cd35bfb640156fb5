/**
 * "Check your inbox": what a sign-up (or a password-reset request) shows once the server has
 * emailed a link, with a way to have it sent again when it is a verification email.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ResendVerificationButton } from './resend-verification-button';

/** Props of {@link CheckInbox}. */
export interface CheckInboxProps {
  email: string;
  /** What the email lets the reader do, e.g. "confirm your address and finish signing up". */
  purpose: ReactNode;
  /** Offer to send the verification email again. */
  resendVerification?: boolean;
}

/** The panel that replaces a form once its email is on its way. */
export function CheckInbox({ email, purpose, resendVerification = false }: CheckInboxProps) {
  return (
    <div className="auth-done" role="status">
      <div className="auth-icon" aria-hidden="true">
        ✉
      </div>
      <h2>Check your inbox</h2>
      <p>
        We sent an email to <strong>{email}</strong>. Open its link to {purpose}.
      </p>
      <p className="muted">Nothing after a few minutes? Look in your spam folder.</p>
      <div className="auth-links">
        {resendVerification ? <ResendVerificationButton email={email} /> : null}
        <Link to={`/sign-in?email=${encodeURIComponent(email)}`}>Back to sign in</Link>
      </div>
    </div>
  );
}
