/**
 * A real SMTP server on loopback for tests of the server's email (smtp-server): it requires the
 * user name and password it was given, keeps every message it accepts, and can be told to refuse
 * them (a failing mail server). {@link TestSmtpServer.env} is the AP_SMTP_* environment that
 * points a test server at it.
 */
import type { AddressInfo } from 'node:net';
import { generateId } from '@piecework/shared';
import { SMTPServer } from 'smtp-server';
import { callApi } from './call-api';
import type { ApiServer } from './test-server';
import type { TestUser } from './test-users';

/** A message as the SMTP server received it. */
export interface ReceivedEmail {
  /** The envelope's recipients. */
  readonly to: readonly string[];
  readonly from: string;
  /** The Subject header (unfolded). */
  readonly subject: string;
  /** The whole message with quoted-printable soft breaks and escapes decoded (text and HTML parts). */
  readonly body: string;
  /** The message as sent. */
  readonly raw: string;
}

/** A started {@link startTestSmtpServer}. */
export interface TestSmtpServer {
  readonly port: number;
  /** Every message accepted so far, oldest first. */
  readonly messages: ReceivedEmail[];
  /** Makes the server refuse (`true`) or accept (`false`) every following message. */
  failing(value: boolean): void;
  /** The AP_SMTP_* variables that make a test server send through this one. */
  env(): Record<string, string>;
  /** The first message received for which `match` holds, waiting up to `timeoutMs` for it. */
  waitFor(match: (email: ReceivedEmail) => boolean, timeoutMs?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

const USERNAME = 'mailer';
const PASSWORD = 'mail-secret';

/** Starts an SMTP server on 127.0.0.1 (a free port), without TLS, requiring AUTH. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedEmail[] = [];
  let refuse = false;
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === USERNAME && auth.password === PASSWORD) {
        callback(null, { user: USERNAME });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuse) {
          const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: mailFrom === false ? '' : mailFrom.address,
          subject: headerOf(raw, 'subject'),
          body: decodeQuotedPrintable(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    messages,
    failing(value) {
      refuse = value;
    },
    env: () => ({
      AP_SMTP_HOST: '127.0.0.1',
      AP_SMTP_PORT: String(port),
      AP_SMTP_USERNAME: USERNAME,
      AP_SMTP_PASSWORD: PASSWORD,
      AP_SMTP_SENDER_EMAIL: 'noreply@piecework.test',
      AP_SMTP_SENDER_NAME: 'Piecework',
    }),
    async waitFor(match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(match);
        if (found !== undefined) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `No such email within ${String(timeoutMs)} ms; received: ${messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ')}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The unfolded value of header `name` of a raw message (the first one). */
function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line === undefined ? '' : line.slice(name.length + 1).trim();
}

/** Undoes quoted-printable soft line breaks and `=XX` escapes (UTF-8). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/**
 * Signs up a user on `server` (which sends email through `smtp`), confirms the address with the
 * emailed code and signs in: a {@link TestUser} of a server where sign-up needs verification.
 */
export async function signUpVerifiedTestUser(server: ApiServer, smtp: TestSmtpServer): Promise<TestUser> {
  verifiedCounter += 1;
  const email = `verified${String(verifiedCounter)}-${generateId().slice(0, 6).toLowerCase()}@example.com`;
  const password = 'correct horse battery';
  const signUp = await callApi(server.apiUrl, 'POST', '/v1/authentication/sign-up', {
    body: { email, password, firstName: 'Test', lastName: 'User' },
  });
  if (signUp.status !== 403) throw new Error(`sign-up answered ${String(signUp.status)}, not 403`);
  const message = await smtp.waitFor((m) => m.to.includes(email));
  const match = /verify-email\?otpcode=([0-9a-f-]{36})&identityId=([0-9A-Za-z]{21})/.exec(message.body);
  if (match === null) throw new Error(`no verification link in ${message.body}`);
  const verified = await callApi(server.apiUrl, 'POST', '/v1/authn/local/verify-email', {
    body: { identityId: match[2], otp: match[1] },
  });
  if (verified.status !== 200) throw new Error(`verify-email answered ${String(verified.status)}`);
  const signIn = await callApi<{ token: string; id: string; platformId: string; projectId: string }>(
    server.apiUrl,
    'POST',
    '/v1/authentication/sign-in',
    { body: { email, password } },
  );
  if (signIn.status !== 200) throw new Error(`sign-in answered ${String(signIn.status)}`);
  const { token, id, platformId, projectId } = signIn.body;
  return { token, userId: id, platformId, projectId, email };
}

let verifiedCounter = 0;
