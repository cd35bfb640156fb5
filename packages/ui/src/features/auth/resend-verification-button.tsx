/**
 * "Send the email again": asks for a new verification code for `email` (`POST /v1/otp`,
 * EMAIL_VERIFICATION). Use it wherever an unconfirmed address blocks someone (sign-in refused,
 * the "check your inbox" step of sign-up, an expired verification link).
 */
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../api/session-context';
import { useToast } from '../../components/toast';

/** A small button that re-sends the verification email to `email`. */
export function ResendVerificationButton({ email }: { email: string }) {
  const client = useApi();
  const { toast, toastError } = useToast();
  const resend = useMutation({
    mutationFn: () => client.authentication.requestOtp({ email, type: 'EMAIL_VERIFICATION' }),
    onSuccess: () => toast(`Verification email sent to ${email}`),
    onError: toastError,
  });
  return (
    <button
      type="button"
      className="btn small"
      onClick={() => resend.mutate()}
      disabled={resend.isPending || email === ''}
    >
      {resend.isPending ? 'Sending…' : 'Send the email again'}
    </button>
  );
}
