/**
 * The {@link Mailer} over SMTP (nodemailer), built from the AP_SMTP_* settings: host and port,
 * optional user name and password (no AUTH when both are unset), and the From address and name.
 * Port 465 speaks TLS from the first byte; other ports upgrade with STARTTLS when the server
 * offers it. Each message opens its own connection (emails are rare: no pool to close on stop).
 */
import { createTransport, type Transporter } from 'nodemailer';
import type { PieceworkConfig } from '@piecework/shared';
import type { EmailMessage, Mailer } from './mailer';

/** The SMTP settings a {@link SmtpMailer} is built from. */
export interface SmtpSettings {
  host: string;
  port: number;
  username?: string | undefined;
  password?: string | undefined;
  senderEmail?: string | undefined;
  senderName?: string | undefined;
}

/** Longest wait for the SMTP server to accept a connection, greet and answer a command (ms). */
const SMTP_TIMEOUT_MS = 15_000;

/** Sends each message through the configured SMTP server. */
export class SmtpMailer implements Mailer {
  readonly configured = true;
  private readonly transport: Transporter;
  private readonly from: string | { name: string; address: string };

  constructor(settings: SmtpSettings) {
    const auth =
      settings.username === undefined && settings.password === undefined
        ? undefined
        : { user: settings.username ?? '', pass: settings.password ?? '' };
    this.transport = createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.port === 465,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      ...(auth === undefined ? {} : { auth }),
    });
    const address = settings.senderEmail ?? settings.username ?? `piecework@${settings.host}`;
    this.from = settings.senderName === undefined ? address : { name: settings.senderName, address };
  }

  async send(message: EmailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }
}

/** The mailer the settings ask for: SMTP when AP_SMTP_HOST is set, else `undefined`. */
export function smtpMailerFromConfig(config: PieceworkConfig): SmtpMailer | undefined {
  if (config.smtpHost === undefined) return undefined;
  return new SmtpMailer({
    host: config.smtpHost,
    port: config.smtpPort,
    username: config.smtpUsername,
    password: config.smtpPassword,
    senderEmail: config.smtpSenderEmail,
    senderName: config.smtpSenderName,
  });
}
