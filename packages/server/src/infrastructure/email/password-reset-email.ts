/** The email that lets a user choose a new password: a one-time code and a link carrying it. */
import { linkTo, renderEmailHtml, type EmailContent } from './email-layout';

/** What a password-reset email says. */
export interface PasswordResetEmailInput {
  /** The server's public URL, ending with `/` (`ctx.settings.publicUrl`). */
  readonly publicUrl: string;
  readonly firstName: string;
  readonly userId: string;
  /** The one-time code (in clear: this is the only place it is shown). */
  readonly otp: string;
  /** How long the code stays valid, in words, e.g. `1 hour`. */
  readonly validFor: string;
}

/**
 * The password-reset email. Its link, `<publicUrl>reset-password?otpcode=...&identityId=...` (the
 * reference's frontend path and parameters), leads to `POST /v1/authn/local/reset-password`.
 */
export function passwordResetEmail(input: PasswordResetEmailInput): EmailContent {
  const link = linkTo(input.publicUrl, 'reset-password', { otpcode: input.otp, identityId: input.userId });
  const subject = 'Reset your password';
  const greeting = `Hello ${input.firstName},`;
  const ask = 'Someone asked to reset the password of your Piecework account.';
  const validity = `The code is valid for ${input.validFor} and can be used once. Resetting signs you out everywhere.`;
  const ignore = 'If it was not you, ignore this email: your password stays as it is.';
  const text = `${greeting}\n\n${ask}\n\nYour reset code: ${input.otp}\n\nOr open: ${link}\n\n${validity}\n${ignore}\n`;
  const html = renderEmailHtml(subject, [
    { paragraph: greeting },
    { paragraph: ask },
    { code: input.otp },
    { button: 'Choose a new password', link },
    { paragraph: validity },
    { paragraph: ignore },
  ]);
  return { subject, text, html };
}
