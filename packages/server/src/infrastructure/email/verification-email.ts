/** The email that confirms a new user's address: a one-time code and a link carrying it. */
import { linkTo, renderEmailHtml, type EmailContent } from './email-layout';

/** What a verification email says. */
export interface VerificationEmailInput {
  /** The server's public URL, ending with `/` (`ctx.settings.publicUrl`). */
  readonly publicUrl: string;
  readonly firstName: string;
  readonly userId: string;
  /** The one-time code (in clear: this is the only place it is shown). */
  readonly otp: string;
  /** How long the code stays valid, in words, e.g. `24 hours`. */
  readonly validFor: string;
}

/**
 * The verification email. Its link, `<publicUrl>verify-email?otpcode=...&identityId=...` (the
 * reference's frontend path and parameters), leads the frontend to `POST /v1/authn/local/verify-email`.
 */
export function verificationEmail(input: VerificationEmailInput): EmailContent {
  const link = linkTo(input.publicUrl, 'verify-email', { otpcode: input.otp, identityId: input.userId });
  const subject = 'Verify your email address';
  const greeting = `Hello ${input.firstName},`;
  const ask = 'Confirm your email address to finish signing up to Piecework.';
  const validity = `The code is valid for ${input.validFor} and can be used once.`;
  const text = `${greeting}\n\n${ask}\n\nYour verification code: ${input.otp}\n\nOr open: ${link}\n\n${validity} If you did not sign up, you can ignore this email.\n`;
  const html = renderEmailHtml(subject, [
    { paragraph: greeting },
    { paragraph: ask },
    { code: input.otp },
    { button: 'Verify email', link },
    { paragraph: `${validity} If you did not sign up, you can ignore this email.` },
  ]);
  return { subject, text, html };
}
