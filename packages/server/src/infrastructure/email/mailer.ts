/**
 * Sending email. The server holds one {@link Mailer} (`ctx.mailer`): over SMTP when `AP_SMTP_HOST`
 * is set, else {@link NO_MAILER}, which says it is not configured; callers check `configured` and
 * fall back (an invitation link is returned to the inviting admin instead of mailed).
 */

/** One message: a plain-text body and an HTML body of the same content. */
export interface EmailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** Sends email; `configured` is false when the server has no SMTP server to send through. */
export interface Mailer {
  readonly configured: boolean;
  /** Sends `message`; rejects when the SMTP server refuses it or cannot be reached. */
  send(message: EmailMessage): Promise<void>;
}

/** The mailer of a server without SMTP: nothing can be sent, and it says so. */
export const NO_MAILER: Mailer = {
  configured: false,
  send: (message) =>
    Promise.reject(new Error(`No SMTP server is configured (AP_SMTP_HOST); cannot email ${message.to}`)),
};
