/**
 * The email that carries an invitation link. The lead's shared email templates may replace it;
 * until then this is the one place its wording lives. Names are escaped in the HTML body.
 */
import type { EmailMessage } from '../../email/mailer';

/** What the invitation email says: who is invited, to what, and the link to accept. */
export interface InvitationEmailInput {
  readonly to: string;
  /** The project's display name (PROJECT) or the platform's name (PLATFORM). */
  readonly targetName: string;
  readonly type: 'PROJECT' | 'PLATFORM';
  /** The role given: a project role name or a platform role. */
  readonly role: string;
  readonly link: string;
}

/** The invitation email for `input`, as plain text and HTML. */
export function invitationEmail(input: InvitationEmailInput): EmailMessage {
  const what =
    input.type === 'PROJECT' ? `the project ${input.targetName}` : `the platform ${input.targetName}`;
  const subject = `You are invited to ${what}`.replace(/[\r\n]+/g, ' ');
  const text = [
    `You have been invited to ${what} as ${input.role}.`,
    '',
    `Accept the invitation (the link works for one day): ${input.link}`,
    '',
    'If you did not expect this invitation, you can ignore this email.',
  ].join('\n');
  const html = [
    `<p>You have been invited to ${escapeHtml(what)} as <strong>${escapeHtml(input.role)}</strong>.</p>`,
    `<p><a href="${escapeHtml(input.link)}">Accept the invitation</a> (the link works for one day).</p>`,
    '<p>If you did not expect this invitation, you can ignore this email.</p>',
  ].join('\n');
  return { to: input.to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
